import Dispatch
import Foundation

/// Runs the building and rendering of pages on several threads; results keep the pages' order.
enum PageParallel {
    /// `items.map(transform)` on up to `jobs` threads, each taking the next item from a shared
    /// counter one at a time, in `order` (a permutation of the indices of `items`): the big items
    /// first, so that no thread is left with one of them at the end while the others wait.
    static func map<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, order: [Int], _ transform: @Sendable (T) -> R) -> [R] {
        map(items, jobs: jobs, order: order, state: {}) { _, item in transform(item) }
    }

    /// `map(_:jobs:order:_:)` where each thread has a state of its own, made by `state` when the
    /// thread starts and handed to `transform` with each item the thread takes (what one item
    /// leaves there, the next finds).
    static func map<T: Sendable, R: Sendable, State>(_ items: [T], jobs: Int, order: [Int], state: @Sendable () -> State,
                                                     _ transform: @Sendable (inout State, T) -> R) -> [R] {
        let count = items.count
        precondition(order.count == count, "the order must name every item once")
        guard jobs > 1, count > 1 else {
            var own = state()
            return items.map { transform(&own, $0) }
        }
        let results = Slots<R>(count: count)
        let counter = SharedCounter(count: count)
        DispatchQueue.concurrentPerform(iterations: min(jobs, count)) { _ in
            var own = state()
            while let next = counter.next() {
                let index = order[next]
                results.set(index, transform(&own, items[index]))
            }
        }
        return results.values()
    }
}

/// Hands out 0, 1, 2, … up to a count, each to one thread.
private final class SharedCounter: @unchecked Sendable {
    // Unchecked: `position` is read and written only under `lock`.
    private let lock = NSLock()
    private var position = 0
    private let count: Int

    init(count: Int) {
        self.count = count
    }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard position < count else { return nil }
        position += 1
        return position - 1
    }
}

/// Slots written by disjoint indices from several threads; read once all writers have finished.
private final class Slots<R>: @unchecked Sendable {
    // Unchecked: each slot is written by one thread, and read only after every writer is done.
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
