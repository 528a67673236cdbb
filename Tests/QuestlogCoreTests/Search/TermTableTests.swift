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
