@testable import QuestlogCore
import Testing

/// Bytes kept for long are moved to a buffer of their own size, unless they are so many that the
/// buffer is mapped on its own (its unwritten room costs nothing, a copy would).
struct ArrayCompactedTests {
    @Test func aBufferMuchLargerThanItsBytesIsCompacted() {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(200_000)
        bytes.append(contentsOf: (0..<50_000).map { UInt8(truncatingIfNeeded: $0) })
        let compacted = bytes.compacted()
        #expect(compacted == bytes)
        #expect(compacted.capacity < 50_000 + 4096)
        // Close to its size already: kept.
        var close: [UInt8] = []
        close.reserveCapacity(52_000)
        close.append(contentsOf: repeatElement(7, count: 50_000))
        #expect(close.compacted().capacity == close.capacity)
    }

    @Test func aBufferOf32MBOrMoreIsKept() {
        var large = [UInt8](repeating: 3, count: 32 << 20)
        large.reserveCapacity(48 << 20)
        let kept = large.compacted()
        #expect(kept.capacity >= 48 << 20)
        #expect(kept.count == 32 << 20)
        var below = [UInt8](repeating: 3, count: (32 << 20) - 1)
        below.reserveCapacity(48 << 20)
        #expect(below.compacted().capacity < 33 << 20)
    }
}
