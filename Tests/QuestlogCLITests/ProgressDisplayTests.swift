import Foundation
@testable import QuestlogCLI
import QuestlogCore
import Testing

struct ProgressDisplayTests {
    @Test func aLongStageShowsItsCountAndBarOnATerminalAndClearsTheLine() {
        let captured = CapturedConsole()
        var console = captured.console
        console.errorIsTerminal = true
        let timings = BuildTimings()
        let progress = ProgressDisplay(console: console, timings: timings)
        timings.measure("render pages", {
            timings.expect(10_007)
            timings.advance(4_120)
            // The line is drawn after a second; on a loaded machine its timer may fire later.
            Thread.sleep(forTimeInterval: 1.5)
            let deadline = Date().addingTimeInterval(30)
            while !captured.error.contains("Rendering pages") && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        }, count: { _ in (items: 10_007, reused: 0) })
        progress.finish()
        #expect(captured.error.contains("\r\u{1B}[KRendering pages 4,120/10,007 ["), "\(captured.error)")
        #expect(captured.error.hasSuffix("\r\u{1B}[K"))
    }

    @Test func nothingIsShownWhenPipedOrWithinASecond() {
        let piped = CapturedConsole()
        let timings = BuildTimings()
        let quiet = ProgressDisplay(console: piped.console, timings: timings)
        timings.measure("load", { Thread.sleep(forTimeInterval: 1.3) }, count: { _ in (items: 1, reused: 0) })
        quiet.finish()
        #expect(piped.error.isEmpty)

        let terminal = CapturedConsole()
        var console = terminal.console
        console.errorIsTerminal = true
        let fast = ProgressDisplay(console: console, timings: BuildTimings())
        fast.finish()
        #expect(terminal.error.isEmpty)
    }

    @Test func theLineShowsTheStageCountsAndABarThatFitsTheTerminal() {
        let half = BuildTimings.Live(stage: "render pages", done: 5, total: 10)
        #expect(ProgressDisplay.line(half, width: 80) == "Rendering pages 5/10 [" + String(repeating: "#", count: 20) + String(repeating: "-", count: 20) + "]")
        #expect(ProgressDisplay.line(BuildTimings.Live(stage: "write", done: 12, total: 10), width: 80).hasPrefix("Writing 10/10 [####"))
        // Narrow terminals get the counts alone, never a wrapped line.
        #expect(ProgressDisplay.line(half, width: 30) == "Rendering pages 5/10")
        #expect(ProgressDisplay.line(half, width: 12).count == 11)
        // A stage that cannot count shows its name.
        #expect(ProgressDisplay.line(BuildTimings.Live(stage: "resolve", done: 0, total: nil), width: 80) == "Checking references…")
        for stage in ["check cache", "read memo", "load", "resolve", "render pages", "source dates", "search", "exports", "assets", "write", "keep notes", "keep layouts", "check output", "keep cache"] {
            #expect(ProgressDisplay.labels[stage] != nil, "\(stage)")
        }
    }

    @Test func everyStageOfABuildHasAName() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = ["Content/g/game.md": "---\ntitle: G\n---\n", "Content/g/npcs/a.md": "---\nname: Alba\n---\nA smith.\n",
                     "questlog.yml": "base_url: https://example.org/\n"]
        for (path, text) in files {
            try FileManager.default.createDirectory(atPath: folder + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: folder + "/" + path, atomically: false, encoding: .utf8)
        }
        var stages = Set<String>()
        for note in ["A smith.", "A smith by the lake."] {
            try ("---\nname: Alba\n---\n" + note + "\n").write(toFile: folder + "/Content/g/npcs/a.md", atomically: false, encoding: .utf8)
            let timings = BuildTimings()
            #expect(!SiteBuild(options: BuildOptions(site: folder, output: folder + "/Output")).run(timings: timings).diagnostics.hasErrors)
            stages.formUnion(timings.stages.map(\.name))
        }
        #expect(stages.isSuperset(of: ["keep search", "keep deflated", "keep loads", "compare", "render pages", "write"]), "\(stages.sorted())")
        for stage in stages {
            #expect(ProgressDisplay.labels[stage] != nil, "\(stage)")
        }
    }
}
