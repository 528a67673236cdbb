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

    @Test func placesAreSortedByTheirFirstBytesThenTheRest() {
        // Long common beginnings, strings shorter than eight bytes, NUL bytes, non-ASCII at the
        // eighth byte, and duplicates, whose places stay in their order.
        var random = SplitMix64(seed: 23)
        let alphabet = Array("aab\u{0}é日")
        for _ in 0..<60 {
            let list = (0..<Int(random.next() % 40)).map { _ -> String in
                let stem = ["", "abcdefg", "abcdefgh", "abcdefghij"][Int(random.next() % 4)]
                return stem + String((0..<Int(random.next() % 5)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            }
            let expected = list.indices.sorted { a, b in
                list[a].utf8.lexicographicallyPrecedes(list[b].utf8) || (list[a].utf8.elementsEqual(list[b].utf8) && a < b)
            }
            #expect(list.utf8Order() == expected)
            #expect(list.sortedByUTF8() == expected.map { list[$0] })
            for (a, b) in zip(list, list.reversed()) where a.utf8SortKey != b.utf8SortKey {
                #expect((a.utf8SortKey < b.utf8SortKey) == a.utf8Precedes(b), "\(a.debugDescription) \(b.debugDescription)")
            }
        }
    }

    static func folders(_ path: String) -> [String] {
        var folders: [String] = []
        path.forEachPathFolder { folders.append($0); return true }
        return folders
    }

    @Test func pathFoldersAreCutAtSlashBytes() {
        #expect(Self.folders("a/b/c.html") == ["a/b", "a"])
        #expect(Self.folders("index.html") == [])
        #expect(Self.folders("日本/é/x") == ["日本/é", "日本"])
        // A '/' that a combining mark follows is one character with it, and still a folder's end.
        #expect(Self.folders("a/\u{301}b.html") == ["a"])
        #expect("a/\u{301}b.html".hasUTF8Parent(of: "a/c"))
        #expect("x".hasUTF8Parent(of: "y") && !"x".hasUTF8Parent(of: "a/x") && !"a/x".hasUTF8Parent(of: "x"))
        #expect("a/b/c".hasUTF8Parent(of: "a/b/d") && !"a/b/c".hasUTF8Parent(of: "a/bc") && !"ab/c".hasUTF8Parent(of: "a/c"))
        // Bytes, not characters: "é" written as one scalar or as "e" and a combining mark are two folders.
        #expect(!"\u{E9}/x".hasUTF8Parent(of: "e\u{301}/x") && "\u{E9}/x".hasUTF8Parent(of: "\u{E9}/y"))
        #expect(String(Substring("zz/a/b").dropFirst(3)).hasUTF8Parent(of: "a/c"))
        var seen: [String] = []
        "a/b/c/d".forEachPathFolder { seen.append($0); return $0 != "a/b" }
        #expect(seen == ["a/b/c", "a/b"])
        var fromTop: [String] = []
        "a/\u{301}b/c/d".forEachPathFolderFromTop { fromTop.append($0); return $0 != "a/\u{301}b/c" }
        #expect(fromTop == ["a", "a/\u{301}b", "a/\u{301}b/c"])
    }

    @Test func caseFoldingIsLowercasing() {
        var random = SplitMix64(seed: 23)
        let alphabet = Array("aZ/.-éÉ日İßΣ\u{301}")
        let fixed = ["", "index.html", "Index.HTML", "ÉCOLE", "İstanbul", "STRASSE"]
        let generated = (0..<500).map { _ in
            String((0..<Int(random.next() % 8)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        }
        for text in fixed + generated {
            #expect(text.caseFolded.utf8.elementsEqual(text.lowercased().utf8), "\(text.debugDescription)")
        }
    }
}
