import Foundation
import QuestlogCore

/// Shows the current build step on a terminal once a build has taken more than a second; shows
/// nothing when standard error is not a terminal (piped, in CI).
final class ProgressDisplay: @unchecked Sendable {
    private let console: Console
    private let lock = NSLock()
    private var step: BuildStep?
    private var shown = false
    private var timer: DispatchSourceTimer?

    init(console: Console) {
        self.console = console
        guard console.errorIsTerminal else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + 1, repeating: 0.25)
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
        self.timer = timer
    }

    func update(_ step: BuildStep) {
        lock.withLock { self.step = step }
    }

    private func draw() {
        lock.withLock {
            guard let step else { return }
            shown = true
            let index = (BuildStep.allCases.firstIndex(of: step) ?? 0) + 1
            console.writeError("\r\u{1B}[K[\(index)/\(BuildStep.allCases.count)] \(step.rawValue)…")
        }
    }

    /// Stops drawing and clears the line.
    func finish() {
        timer?.cancel()
        timer = nil
        lock.withLock {
            if shown { console.writeError("\r\u{1B}[K") }
            step = nil
        }
    }
}
