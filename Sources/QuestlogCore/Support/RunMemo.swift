import Foundation

/// Values one run made (a render's graph layouts, the exports' compressed blocks), kept by a key of
/// everything each is a function of, for the next run to reuse instead of making them again: a
/// value whose key comes again is the one it had, and any other is made afresh. After each run the
/// memo keeps exactly the values that run used or made. The values of an earlier build may be
/// read from their file when first needed, so a build holds them only from then on.
final class RunMemo<Key: Hashable, Value>: @unchecked Sendable {
    // Unchecked: `previous`, `used` and the counts are read and written only under `lock`, and the
    // values are never changed once kept.
    private let lock = NSLock()
    /// Values of the last run (or the file), and those this run used or made.
    private var previous: [Key: Value]
    /// Reads the values of the file, when they are not read yet.
    private var load: (() -> [Key: Value])?
    private var used: [Key: Value] = [:]
    private var made = 0
    /// Whether the last run used other values than the memo held, so its file is worth writing.
    private(set) var changed = false
    /// How many values the last run took from the memo, and how many it made.
    private(set) var reusedCount = 0
    private(set) var madeCount = 0

    init(_ values: [Key: Value] = [:]) {
        previous = values
    }

    /// A memo whose values `load` reads when they are first needed.
    init(loading load: @escaping () -> [Key: Value]) {
        previous = [:]
        self.load = load
    }

    /// The values of the file, read if they are not yet; called under `lock`.
    private func loaded() {
        guard let load else { return }
        self.load = nil
        previous = load()
    }

    /// The value of `key`: the memo's when `accepts` it, or `make()`'s, kept for the next run
    /// either way.
    func value<Failure: Error>(for key: Key, accepts: (Value) -> Bool = { _ in true },
                               make: () throws(Failure) -> Value) throws(Failure) -> Value {
        let kept = lock.withLock { () -> Value? in
            loaded()
            // A value is a function of its key alone: one made since the last run ended is as good.
            guard let value = previous[key] ?? used[key], accepts(value) else { return nil }
            used[key] = value
            return value
        }
        if let kept { return kept }
        let value = try make()
        lock.withLock {
            used[key] = value
            made += 1
        }
        return value
    }

    /// Ends a run: the memo keeps exactly the values it used, and those of the last run it did not
    /// use that `keeping` asks for.
    func finishRun(keeping: (Value) -> Bool = { _ in false }) {
        lock.withLock {
            loaded()
            // Values kept unused count as neither reused nor made.
            reusedCount = used.count - made
            for (key, value) in previous where used[key] == nil && keeping(value) { used[key] = value }
            changed = made > 0 || used.count != previous.count
            madeCount = made
            previous = used
            used = [:]
            made = 0
        }
    }

    /// How many values the memo holds.
    var count: Int {
        lock.withLock {
            loaded()
            return previous.count
        }
    }

    /// Every value the memo holds, by key.
    var values: [Key: Value] {
        lock.withLock {
            loaded()
            return previous
        }
    }
}
