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
