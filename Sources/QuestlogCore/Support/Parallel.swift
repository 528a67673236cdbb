import Dispatch

/// Runs independent work on several threads; results keep the input order, so output is deterministic.
public enum Parallel {
    /// `items.map(transform)` on up to `jobs` threads.
    public static func map<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, _ transform: @Sendable (T) -> R) -> [R] {
        let count = items.count
        guard jobs > 1, count > 1 else { return items.map(transform) }
        let results = ResultBuffer<R>(count: count)
        let chunks = min(count, jobs * 4)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let start = count * chunk / chunks
            let end = count * (chunk + 1) / chunks
            for index in start..<end {
                results.set(index, transform(items[index]))
            }
        }
        return results.values()
    }
}

/// Slots written by disjoint indices from several threads; read once all writers have finished.
private final class ResultBuffer<R>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<R?>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    func set(_ index: Int, _ value: R) {
        slots[index] = value
    }

    func values() -> [R] {
        (0..<count).map { slots[$0]! }
    }
}
