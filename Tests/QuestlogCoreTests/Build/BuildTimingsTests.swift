import Foundation
@testable import QuestlogCore
import Testing

struct BuildTimingsTests {
    /// Busy work the optimizer cannot drop.
    static func spin(_ rounds: Int) -> UInt64 {
        var value: UInt64 = 1
        for round in 0..<rounds { value = value &* 6_364_136_223_846_793_005 &+ UInt64(round) }
        return value
    }

    @Test func eachStageHasItsTimeItsProcessorTimeItsItemsAndThePeakMemory() {
        let timings = BuildTimings()
        let result = timings.measure("work", { Self.spin(20_000_000) }, count: { _ in (items: 7, reused: 3) })
        #expect(result != 0)
        timings.measure("nothing", {}, count: { _ in (items: 0, reused: 0) })
        let stages = timings.stages
        #expect(stages.map(\.name) == ["work", "nothing"])
        #expect(stages[0].items == 7 && stages[0].reused == 3)
        #expect(stages[0].seconds > 0)
        #expect(stages[0].cpuSeconds > 0, "the work took processor time")
        #expect(stages[0].peakBytes > 0)
        let lines = timings.table().split(separator: "\n")
        #expect(lines.first == "stage            time      cpu      items     reused   peak memory")
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix("work  "))
        #expect(lines[1].contains("×         7          3"))
        #expect(lines.last?.hasPrefix("total") == true)
    }

    /// Stages run beside each other within one stage are listed under it and counted once.
    @Test func stagesBesideOthersAreIndentedAndCountedOnce() throws {
        let timings = BuildTimings()
        timings.measure("both", {
            DispatchQueue.concurrentPerform(iterations: 2) { part in
                _ = timings.measureBeside(part == 0 ? "left" : "right", { Self.spin(5_000_000) }, count: { _ in (items: 1, reused: 0) })
            }
        }, count: { _ in (items: 2, reused: 0) })
        let stages = timings.stages
        #expect(stages.count == 3)
        #expect(stages.last?.name == "both" && stages.last?.isBeside == false)
        #expect(Set(stages.dropLast().map(\.name)) == ["left", "right"] && stages.dropLast().allSatisfy(\.isBeside))
        let lines = timings.table().split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  left ") } && lines.contains { $0.hasPrefix("  right ") })
        let total = try #require(lines.last?.split(separator: " ").dropFirst().first.flatMap { Double($0) })
        let both = try #require(stages.last?.seconds)
        #expect(abs(total - both) < 0.001, "the total is the outer stage's time alone")
    }

    @Test func numbersAreGroupedTheSameInEveryLocale() {
        #expect(BuildTimings.grouped(10_007) == "10,007")
        #expect(BuildTimings.grouped(-1_234_567) == "-1,234,567")
        #expect(BuildTimings.grouped(999) == "999")
    }
}
