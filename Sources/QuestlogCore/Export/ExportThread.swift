import Foundation

/// A thread of its own that runs the work handed to it one piece after another, in the order
/// given, while the caller goes on: how a serial step (compressing a workbook part) runs beside
/// the work that feeds it rather than after it. At most `capacity` pieces wait at a time; `submit`
/// blocks beyond that, so what is handed over stays bounded.
///
/// A dedicated thread rather than a dispatch queue: the caller may be one of the threads that
/// `Parallel` occupies, and waiting on work that needs a thread of the same pool could deadlock.
final class ExportThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [@Sendable () -> Void] = []
    private var closed = false
    private var stopped = false
    private let capacity: Int

    init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
        let thread = Thread { [self] in run() }
        thread.name = "questlog-export"
        thread.start()
    }

    /// Hands `work` to the thread; waits while `capacity` pieces are already waiting.
    func submit(_ work: @escaping @Sendable () -> Void) {
        condition.lock()
        precondition(!closed, "work submitted to a finished export thread")
        while waiting.count >= capacity { condition.wait() }
        waiting.append(work)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every piece of work handed over has run, then lets the thread end.
    func finish() {
        condition.lock()
        closed = true
        condition.broadcast()
        while !stopped { condition.wait() }
        condition.unlock()
    }

    private func run() {
        condition.lock()
        while true {
            while waiting.isEmpty && !closed { condition.wait() }
            if waiting.isEmpty { break }
            // Taken out, so that what the work holds goes as soon as it has run.
            let work = waiting.removeFirst()
            condition.broadcast()
            condition.unlock()
            work()
            condition.lock()
        }
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
