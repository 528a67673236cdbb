import Dispatch

/// A value worked out on another thread from the moment it is made (or at once, on the caller's,
/// without `inBackground`), for the caller to take once it needs it: `value()` waits until it is
/// ready (and may be called again).
final class Background<Value: Sendable>: @unchecked Sendable {
    // Unchecked: `result` is written by the working thread before it signals `done`, and read only
    // after waiting for it.
    private var result: Value?
    private let done = DispatchSemaphore(value: 0)

    init(inBackground: Bool = true, _ work: @escaping @Sendable () -> Value) {
        guard inBackground else {
            result = work()
            done.signal()
            return
        }
        DispatchQueue.global().async { [self] in
            result = work()
            done.signal()
        }
    }

    func value() -> Value {
        done.wait()
        done.signal()
        return result!
    }
}
