@testable import QuestlogCore
import Testing
import TestSupport

struct TermTableTests {
    private func id(_ table: inout TermTable, _ term: String) -> Int {
        var term = term
        return term.withUTF8 { table.id(of: $0) }
    }

    @Test func eachTermGetsOneNumberInTheOrderMet() {
        var table = TermTable()
        #expect(id(&table, "castle") == 0)
        #expect(id(&table, "龙王") == 1)
        #expect(id(&table, "castle") == 0)
        #expect(id(&table, "castles") == 2)
        #expect(id(&table, "龙王") == 1)
        #expect(table.count == 3)
        #expect((0..<3).map { table.term($0) } == ["castle", "龙王", "castles"])
    }

    @Test func manyTermsSurviveTheTableGrowing() {
        var table = TermTable()
        var random = SplitMix64(seed: 42)
        var words: [String] = []
        for _ in 0..<20_000 {
            let length = Int(random.next() % 20) + 1
            words.append(String((0..<length).map { _ in Character(Unicode.Scalar(UInt8(97 + random.next() % 6))) }))
        }
        var expected: [String: Int] = [:]
        for word in words {
            let number = id(&table, word)
            if let known = expected[word] { #expect(number == known) } else {
                #expect(number == expected.count)
                expected[word] = number
            }
        }
        #expect(table.count == expected.count)
        for (word, number) in expected { #expect(table.term(number) == word) }
    }
}

extension TermTableTests {
    /// The terms' numbers sorted as `SearchIndex.precedes` sorts the terms themselves.
    private func expectSortedAsStrings(_ words: [String], jobs: Int, _ comment: Comment) {
        var table = TermTable()
        for word in words { _ = id(&table, word) }
        let strings = (0..<table.count).map { table.term($0) }
        let expected = strings.indices.sorted { SearchIndex.precedes(strings[$0], strings[$1]) }
        #expect(table.sortedIDs(jobs: jobs) == expected, comment)
    }

    @Test func termsSortByTheirBytesAsJavaScriptComparesThem() {
        // Prefixes of each other, either side of eight bytes; accents, CJK and the last BMP characters.
        let words = ["castle", "castles", "castlesx", "castlesxy", "castlesxyz", "castle-of", "a", "ab", "abcdefgh",
                     "abcdefghi", "abcdefgg", "é", "e", "ez", "龙王", "龙", "\u{FFFD}", "\u{E000}x", "z", "0", "09", "9"]
        for jobs in [1, 2] { expectSortedAsStrings(words, jobs: jobs, "jobs \(jobs)") }
        // A character beyond U+FFFF sorts below U+E000 in UTF-16, above it in UTF-8: strings decide.
        for jobs in [1, 2] { expectSortedAsStrings(words + ["🐉", "🐉a", "\u{FFFF}"], jobs: jobs, "beyond the BMP, jobs \(jobs)") }
    }

    @Test func manyTermsSortTheSameOnTwoThreads() {
        var random = SplitMix64(seed: 7)
        var words: [String] = []
        for _ in 0..<12_000 {
            let length = Int(random.next() % 14) + 1
            // Few letters, so that many terms share their first eight bytes.
            words.append(String((0..<length).map { _ in Character(Unicode.Scalar(UInt8(97 + random.next() % 3))) }))
        }
        words += ["ça", "çà", "đường", "ধর্ম"]
        for jobs in [1, 2, 4] { expectSortedAsStrings(words, jobs: jobs, "jobs \(jobs)") }
    }
}
