@testable import QuestlogCore
import Testing
import TestSupport

/// The index files are written as bytes; the pieces they are written with match their text forms.
struct SearchIndexBytesTests {
    @Test func numbersAreWrittenAsTheirDecimalText() {
        var random = SplitMix64(seed: 7)
        let numbers = Array(-20...1_100) + [9_999, 10_000, 99_999, 100_000, 1_234_567, Int.max, Int.min + 1]
            + (0..<1_000).map { _ in Int(truncatingIfNeeded: random.next() >> UInt64(random.next() % 60)) }
        for number in numbers {
            var bytes: [UInt8] = [0x41]
            SearchIndex.writeNumber(number, to: &bytes)
            #expect(bytes == [0x41] + Array(String(number).utf8), "\(number)")
        }
    }

    @Test func theHashOfByteRangesIsTheHashOfTheTexts() {
        let texts = ["{\"postings\":[]}", "", "龙王庙 ünïcode", "[1,2,3]"]
        let padded = texts.map { text in (bytes: Array("ab".utf8) + Array(text.utf8) + Array("xyz".utf8), range: 2..<(2 + text.utf8.count)) }
        #expect(SearchIndex.contentHash(ofBytes: padded) == SearchIndex.contentHash(of: texts))
        #expect(SearchIndex.contentHash(of: texts) != SearchIndex.contentHash(of: texts.reversed()))
        #expect(SearchIndex.contentHash(of: texts).count == 5)
    }
}
