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
        // Where one text ends and the next begins counts.
        #expect(SearchIndex.contentHash(of: ["ab", "c"]) != SearchIndex.contentHash(of: ["a", "bc"]))
        #expect(SearchIndex.contentHash(of: ["abc", ""]) != SearchIndex.contentHash(of: ["abc"]))
        // Names of files that differ in a byte differ (five base-32 digits: a collision is one in 33 million).
        var random = SplitMix64(seed: 31)
        var names = Set<String>()
        for _ in 0..<200 {
            let bytes = (0..<40).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            names.insert(SearchIndex.contentHash(ofBytes: [(bytes, 0..<bytes.count)]))
        }
        #expect(names.count == 200)
    }

    @Test func documentsAreWrittenAsTheirValue() {
        let names = ["", "Varré", "say \"hi\"", "line\nbreak\t\u{1}", "龙王 🐉", "\u{2028}sep", "back\\slash"]
        var random = SplitMix64(seed: 11)
        let documents = (0..<40).map { number in
            SearchDocument(name: names[number % names.count], path: "g/npcs/n\(number).html",
                           aliases: (0..<Int(random.next() % 3)).map { names[($0 + number) % names.count] },
                           text: names[Int(random.next() % UInt64(names.count))] + " text", game: 0, kind: 1, flags: [])
        }
        for perChunk in [1, 3, 40] {
            let index = SearchIndex(documents: documents, games: [], kinds: [], groups: [], terms: [], postings: [],
                                    shardStarts: [0], shardKeys: [], documentsPerChunk: perChunk)
            for chunk in 0..<(documents.count + perChunk - 1) / perChunk {
                var bytes: [UInt8] = [0x41]
                index.writeDocuments(chunk, to: &bytes)
                #expect(bytes == [0x41] + index.documentsJSON(chunk).bytes(pretty: false), "chunk \(chunk) of \(perChunk)")
            }
        }
    }
}
