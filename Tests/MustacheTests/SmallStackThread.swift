import Foundation

/// Runs work on a thread with a 512 KB stack, the size macOS gives threads other than the main
/// one, and waits for its result.
enum SmallStackThread {
    static func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
        let box = ResultBox<Result>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        return box.value!
    }
}

/// Carries a result from the thread that computes it to the one waiting on the semaphore.
private final class ResultBox<Value>: @unchecked Sendable {
    // Unchecked: written before the semaphore is signalled, read after it is waited on.
    var value: Value?
}
