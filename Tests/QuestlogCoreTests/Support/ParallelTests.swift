import Foundation
@testable import QuestlogCore
import Testing

struct ParallelTests {
    /// Counts the instances alive, to tell that each result is freed once and none is kept.
    final class Counted: @unchecked Sendable {
        static let lock = NSLock()
        nonisolated(unsafe) static var alive = 0
        let value: Int

        init(_ value: Int) {
            self.value = value
            Self.lock.withLock { Self.alive += 1 }
        }

        deinit { Self.lock.withLock { Self.alive -= 1 } }
    }

    @Test func mapHandsOverEveryResultOnceInOrder() {
        for jobs in [1, 2, 4] {
            do {
                let results = Parallel.map(Array(0..<3_000), jobs: jobs) { [Counted($0), Counted(-$0)] }
                #expect(results.map { $0[0].value } == Array(0..<3_000))
                #expect(results.allSatisfy { $0[1].value == -$0[0].value })
                #expect(Counted.lock.withLock { Counted.alive } == 6_000)
            }
            #expect(Counted.lock.withLock { Counted.alive } == 0, "every result freed once (jobs \(jobs))")
        }
    }

    @Test func forEachVisitsEveryIndexOnceAcrossTheThreadsStates() {
        for jobs in [1, 2, 4] {
            let states = Parallel.forEach(count: 5_000, jobs: jobs, state: { [Int]() }) { seen, index in seen.append(index) }
            #expect(states.count == min(jobs, 5_000))
            #expect(states.flatMap { $0 }.sorted() == Array(0..<5_000))
            // Each thread takes its batches in increasing order.
            #expect(states.allSatisfy { $0 == $0.sorted() })
        }
        #expect(Parallel.forEach(count: 0, jobs: 4, state: { 0 }) { count, _ in count += 1 } == [0])
    }

    final class Threads: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: Set<String> = []
        private(set) var runs = 0

        func note() {
            let name = "\(pthread_self())"
            lock.withLock {
                seen.insert(name)
                runs += 1
            }
        }

        var count: Int { lock.withLock { seen.count } }

        /// Waits until two threads have been seen, or 10 s, when more than one processor can run them.
        func awaitSecondThread() {
            guard ProcessInfo.processInfo.activeProcessorCount > 1 else { return }
            let deadline = Date().addingTimeInterval(10)
            while count < 2 && Date() < deadline { usleep(1_000) }
        }
    }

    @Test func allRunsEveryPartAndLeavesEachTheUseOfEveryThread() {
        let first = Threads(), second = Threads()
        Parallel.all([
            // Each of the first iterations waits (up to a deadline) for a second thread to take
            // one, so that a loaded machine, slow to start the second thread, cannot pass for one
            // map running on a single thread.
            { _ = Parallel.map(Array(0..<400), jobs: 2) { _ in first.note(); first.awaitSecondThread(); usleep(200) } },
            // Done at once: the other part's map must not stay on one thread for it.
            { second.note() },
        ])
        #expect(first.runs == 400 && second.runs == 1)
        if ProcessInfo.processInfo.activeProcessorCount > 1 {
            // A map within one iteration of `concurrentPerform` would have had one thread alone.
            #expect(first.count > 1)
        }
        let alone = Threads()
        Parallel.all([{ alone.note() }])
        Parallel.all([])
        #expect(alone.runs == 1)
    }
}
