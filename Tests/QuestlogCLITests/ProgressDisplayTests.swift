import Foundation
@testable import QuestlogCLI
import QuestlogCore
import Testing

struct ProgressDisplayTests {
    @Test func aLongBuildShowsItsStepOnATerminalAndClearsTheLine() {
        let captured = CapturedConsole()
        var console = captured.console
        console.errorIsTerminal = true
        let progress = ProgressDisplay(console: console)
        progress.update(.rendering)
        Thread.sleep(forTimeInterval: 1.5)
        progress.finish()
        #expect(captured.error.contains("[3/4] Rendering pages…"))
        #expect(captured.error.hasSuffix("\r\u{1B}[K"))
    }

    @Test func nothingIsShownWhenPipedOrWithinASecond() {
        let piped = CapturedConsole()
        let quiet = ProgressDisplay(console: piped.console)
        quiet.update(.rendering)
        Thread.sleep(forTimeInterval: 1.3)
        quiet.finish()
        #expect(piped.error.isEmpty)

        let terminal = CapturedConsole()
        var console = terminal.console
        console.errorIsTerminal = true
        let fast = ProgressDisplay(console: console)
        fast.update(.loading)
        fast.finish()
        #expect(terminal.error.isEmpty)
    }
}
