@testable import QuestlogCore
import Testing
import TestSupport

struct StringUTF8OrderTests {
    @Test func ordersAsTheUTF8BytesDo() {
        let fixed = ["", "a", "b", "ab", "a/b", "a-b", "A", "é", "e\u{301}", "日本", "zz", "a\u{0}", "index.html", "index.htm"]
        var random = SplitMix64(seed: 7)
        let alphabet = Array("ab/.-é日\u{0}")
        let generated = (0..<200).map { _ in
            String((0..<Int(random.next() % 6)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        }
        let all = fixed + generated
        for a in all {
            for b in all {
                #expect(a.utf8Precedes(b) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a.debugDescription) < \(b.debugDescription)")
            }
        }
        // A string not stored as UTF-8 (bridged or a substring's copy) compares the same.
        let sub = String("xxab".dropFirst(2))
        #expect(sub.utf8Precedes("ac") && !"ac".utf8Precedes(sub))
    }

    @Test func listsAlreadyInOrderAreKeptAndOthersSorted() {
        var random = SplitMix64(seed: 11)
        let alphabet = Array("ab/.é日")
        for _ in 0..<50 {
            let list = (0..<Int(random.next() % 12)).map { _ in
                String((0..<Int(random.next() % 4)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            }
            let sorted = list.sorted { $0.utf8Precedes($1) }
            #expect(list.sortedByUTF8() == sorted)
            #expect(sorted.isSortedByUTF8)
            #expect(list.isSortedByUTF8 == (list == sorted))
            // Two sorted lists merged are the sorted list of both, duplicates kept.
            let other = Array(sorted.reversed().prefix(3)).sorted { $0.utf8Precedes($1) }
            #expect(OutputWriter.merging(sorted, other) == (sorted + other).sorted { $0.utf8Precedes($1) })
        }
    }
}
