import Foundation
import QuestlogCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shows, once a build has taken more than a second, the running stage on one line of the terminal
/// that is rewritten four times a second: `Rendering pages 4,120/10,007 [########------------]`,
/// or the stage alone while it cannot count. Shows nothing when standard error is not a terminal
/// (piped, in CI). The line is cleared before anything else is printed.
final class ProgressDisplay: @unchecked Sendable {
    private let console: Console
    private let timings: BuildTimings
    private let lock = NSLock()
    private var shown = false
    private var timer: DispatchSourceTimer?

    init(console: Console, timings: BuildTimings) {
        self.console = console
        self.timings = timings
        guard console.errorIsTerminal else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + 1, repeating: 0.25)
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
        self.timer = timer
    }

    /// What each stage of `BuildTimings` is called on the progress line.
    static let labels = [
        "check cache": "Checking for changes", "load": "Loading", "resolve": "Checking references", "compare": "Comparing with the last build",
        "render pages": "Rendering pages", "source dates": "Dating pages", "search": "Indexing for search", "exports": "Exporting",
        "render": "Rendering",
        "assets": "Copying files", "write": "Writing", "read memo": "Reading what earlier builds made", "keep notes": "Keeping the notes", "keep layouts": "Keeping the graph layouts",
        "keep search": "Keeping the search analyses", "keep deflated": "Keeping the workbook blocks", "keep loads": "Keeping the loaded files", "keep walk": "Keeping the walk of the folders",
        "read site": "Reading the last build's site", "keep site": "Keeping the resolved site", "keep links": "Keeping the index of links",
        "check output": "Checking the output", "keep cache": "Keeping the build's record", "drop old": "Removing the replaced files",
    ]

    /// The progress line for `live`, at most `width` columns wide.
    static func line(_ live: BuildTimings.Live, width: Int) -> String {
        let label = labels[live.stage] ?? live.stage
        guard let total = live.total, total > 0 else { return String((label + "…").prefix(max(1, width - 1))) }
        let done = min(live.done, total)
        let counts = "\(label) \(BuildTimings.grouped(done))/\(BuildTimings.grouped(total))"
        let barWidth = min(40, width - counts.count - 4)
        guard barWidth >= 10 else { return String(counts.prefix(max(1, width - 1))) }
        let filled = barWidth * done / total
        return counts + " [" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]"
    }

    /// The terminal's width in columns, 80 when it cannot be told.
    static func terminalWidth() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    private func draw() {
        lock.withLock {
            guard timer != nil, let live = timings.live else { return }
            shown = true
            console.writeError("\r\u{1B}[K" + Self.line(live, width: Self.terminalWidth()))
        }
    }

    /// Stops drawing and clears the line.
    func finish() {
        lock.withLock {
            timer?.cancel()
            timer = nil
            if shown { console.writeError("\r\u{1B}[K") }
            shown = false
        }
    }
}
