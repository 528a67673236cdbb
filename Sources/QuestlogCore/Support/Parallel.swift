import Dispatch
import Foundation

/// Runs independent work on several threads; results keep the input order, so output is deterministic.
public enum Parallel {
    /// `items.map(transform)` on up to `jobs` threads.
    ///
    /// Threads take small batches of items from a shared counter until none is left, so one slow item
    /// (a kind table of thousands of rows) keeps one thread busy while the others go on.
    public static func map<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, _ transform: @Sendable (T) -> R) -> [R] {
        let count = items.count
        guard jobs > 1, count > 1 else { return items.map(transform) }
        let results = ResultBuffer<R>(count: count)
        let counter = BatchCounter(count: count, batch: max(1, min(64, count / (jobs * 32))))
        DispatchQueue.concurrentPerform(iterations: min(jobs, count)) { _ in
            while let range = counter.next() {
                for index in range {
                    results.set(index, transform(items[index]))
                }
            }
        }
        return results.values()
    }

    /// Runs `body` for every index of `0..<count` on up to `jobs` threads, each thread with its own
    /// state made by `makeState` (a table it fills, a scratch buffer), and returns the states of the
    /// threads that ran. Indices are handed out in small batches from a shared counter, as in `map`,
    /// so the threads finish together however uneven the items are.
    public static func forEach<State>(count: Int, jobs: Int, state makeState: @Sendable () -> State,
                                      _ body: @Sendable (inout State, Int) -> Void) -> [State] {
        let threads = max(1, min(jobs, count))
        guard threads > 1 else {
            var state = makeState()
            for index in 0..<count { body(&state, index) }
            return [state]
        }
        let states = ResultBuffer<State>(count: threads)
        let counter = BatchCounter(count: count, batch: max(1, min(64, count / (threads * 32))))
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var state = makeState()
            while let range = counter.next() {
                for index in range { body(&state, index) }
            }
            states.set(thread, state)
        }
        return states.values()
    }
}

extension Parallel {
    /// Runs every one of `parts` at once, each on a thread of its own, and returns once all are
    /// done. Not one `concurrentPerform` whose iterations are the parts: a `map` within such an
    /// iteration gets that iteration's thread alone, so the part still running when the others are
    /// done would go on one core. Here each part's `map`s use every core whenever the others leave
    /// it free.
    public static func all(_ parts: [@Sendable () -> Void]) {
        guard parts.count > 1 else {
            parts.first?()
            return
        }
        let group = DispatchGroup()
        for part in parts.dropFirst() {
            DispatchQueue.global().async(group: group, execute: part)
        }
        parts[0]()
        group.wait()
    }
}

/// Hands out consecutive ranges of indices to whichever thread asks next.
private final class BatchCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var position = 0
    private let count: Int
    private let batch: Int

    init(count: Int, batch: Int) {
        self.count = count
        self.batch = batch
    }

    func next() -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        guard position < count else { return nil }
        let start = position
        position = min(count, position + batch)
        return start..<position
    }
}

/// Slots written by disjoint indices from several threads; read once all writers have finished.
private final class ResultBuffer<R>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<R?>
    private let count: Int
    /// Whether `values()` took the values out of the slots, which then hold nothing.
    private var taken = false

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        if !taken { slots.deinitialize(count: count) }
        slots.deallocate()
    }

    func set(_ index: Int, _ value: R) {
        slots[index] = value
    }

    /// The values, moved out of the slots rather than copied: a copy would take a reference to
    /// everything each value holds, and the slots' own would be given back right after, on the
    /// calling thread. Called once, when every slot is set.
    func values() -> [R] {
        precondition(!taken, "the values were taken already")
        taken = true
        return [R](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count {
                (buffer.baseAddress! + index).initialize(to: (slots + index).move()!)
                initialized = index + 1
            }
        }
    }
}
