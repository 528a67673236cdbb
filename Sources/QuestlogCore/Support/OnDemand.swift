import Foundation

/// A value worked out the first time it is read, on the reading thread, then kept: for tables few
/// builds need. Threads that read it at once wait for the first to finish; `make` runs once.
final class OnDemand<Value: Sendable>: @unchecked Sendable {
    // Unchecked: `made` and `make` are only touched with `lock` held.
    private let lock = NSLock()
    private var made: Value?
    private var make: (@Sendable () -> Value)?

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    var value: Value {
        lock.withLock {
            if let made { return made }
            let value = make!()
            made = value
            make = nil
            return value
        }
    }
}
