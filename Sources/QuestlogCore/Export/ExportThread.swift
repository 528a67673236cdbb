import Foundation

/// A thread of its own that runs the work handed to it one piece after another, in the order
/// given, while the caller goes on: how a serial step (compressing a workbook part, one format of
/// the exports) runs beside the work that feeds it rather than after it. At most `capacity`
/// pieces wait at a time; `submit` blocks beyond that, so what is handed over stays bounded.
///
/// A dedicated thread rather than a dispatch queue: the caller may be one of the threads that
/// `Parallel` occupies, and waiting on work that needs a thread of the same pool could deadlock.
final class ExportThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [@Sendable () -> Void] = []
    private var next = 0
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
        while waiting.count - next >= capacity { condition.wait() }
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
            while next == waiting.count && !closed { condition.wait() }
            if next == waiting.count { break }
            let work = waiting[next]
            next += 1
            if next > 64 && next * 2 > waiting.count {
                waiting.removeFirst(next)
                next = 0
            }
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

/// The result of work run on an `ExportThread`, handed back once it is done.
final class ExportLane<Value: Sendable>: @unchecked Sendable {
    private let thread = ExportThread(capacity: 1)
    private var value: Value?

    /// Starts `work` on a thread of its own.
    init(_ work: @escaping @Sendable () -> Value) {
        thread.submit { [self] in value = work() }
    }

    /// Waits for the work to end; its result.
    func join() -> Value {
        thread.finish()
        return value!
    }
}
