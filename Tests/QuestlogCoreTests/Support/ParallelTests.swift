@testable import QuestlogCore
import Testing

struct ParallelTests {
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
}
