@testable import QuestlogCore
import Testing
import TestSupport

struct SearchIndexBuilderTests {
    typealias Make = SearchTestSite

    static let entries = [
        Make.entry("npc", "White Mask Varré", notes: "Met him at the Rose Church.", tags: ["invader"], aliases: ["Varre"],
                   fields: ["merchant": .bool(false)]),
        Make.entry("npc", "Merchant Kalé", fields: ["merchant": .bool(true)]),
        Make.entry("quest", "Go to the Castle", fields: ["complete": .bool(true)]),
        Make.entry("location", "Church of Elleh", fields: ["cleared": .bool(true), "smith_anvil": .bool(true), "region": .string("Limgrave")]),
        Make.entry("location", "Chợ Nổi Cái Răng", game: "delta", fields: ["merchant": .bool(true)]),
    ]

    @Test func documentsAreGamesThenKindsInSchemaOrderWithTheirRanges() {
        let index = Make.index(Self.entries)
        #expect(index.documents.map(\.name) == ["Alpha", "Merchant Kalé", "White Mask Varré", "Go to the Castle", "Church of Elleh",
                                                "Delta", "Chợ Nổi Cái Răng"])
        #expect(index.games.map(\.id) == ["alpha", "delta"])
        #expect(index.kinds.map(\.id) == ["game", "npc", "quest", "location"])
        #expect(index.kinds.map(\.label) == ["Game", "NPC", "Quest", "Location"])
        #expect(index.kinds[3].stateFields == ["cleared", "smith_anvil", "merchant"], "progress and highlight fields, in schema order")
        #expect(index.groups.map { [$0.game, $0.kind, $0.documents.lowerBound, $0.documents.count] }
            == [[0, 0, 0, 1], [0, 1, 1, 2], [0, 2, 3, 1], [0, 3, 4, 1], [1, 0, 5, 1], [1, 3, 6, 1]])
        for group in index.groups {
            for document in group.documents {
                #expect(index.documents[document].game == group.game && index.documents[document].kind == group.kind)
            }
        }
        #expect(index.documents[4].flags == ["cleared", "smith_anvil"])
        #expect(index.documents[1].flags == ["merchant"])
        #expect(index.documents[2].path == "alpha/npcs/white-mask-varre.html")
        #expect(index.documents[2].aliases == ["Varre"])
    }

    @Test func keysHoldTheKindSingleLineFieldsAndTrueBooleans() {
        let index = Make.index(Self.entries)
        let elleh = 4
        for term in ["location", "limgrave", "cleared", "smith", "anvil"] {
            #expect(index.postings[index.termPosition(term)].contains { $0.document == elleh }, "\(term)")
        }
        #expect(!index.contains("false"))
    }

    @Test func namePostingsCarryTheNameLength() {
        let index = Make.index(Self.entries)
        let varre = index.postings[index.termPosition("varre")]
        #expect(varre.map(\.document) == [2])
        #expect(varre[0].nameLength == 3)
        let church = index.postings[index.termPosition("church")]
        #expect(church.first { $0.document == 2 }?.nameLength == 0, "in the notes only")
        #expect(church.first { $0.document == 4 }?.nameLength == 3)
    }

    @Test func termsAreSortedAsJavaScriptComparesStrings() {
        let index = Make.index(Self.entries + [Make.entry("npc", "𠀋𠀌 Ｚ ｚ ä")])
        #expect(index.terms == index.terms.sorted(by: SearchIndex.precedes))
        #expect(SearchIndex.precedes("z", "é"))
        // UTF-16 order puts a supplementary ideograph (a surrogate pair) before U+FF5A.
        #expect(SearchIndex.precedes("𠀋", "\u{FF5A}"))
        #expect(!("𠀋".unicodeScalars.first!.value < "\u{FF5A}".unicodeScalars.first!.value))
    }

    @Test func shardsSplitTheSortedTermsAndEveryTermFindsItsShard() {
        let entries = (0..<120).map { Make.entry("location", "Place \($0)", notes: "word\($0) other\($0) 场\($0)所 ngữ\($0)") }
        let index = Make.index(entries, shardBytes: 300)
        #expect(index.shardCount > 10)
        #expect(index.shardStarts.first == 0)
        #expect(index.shardStarts == index.shardStarts.sorted())
        #expect(index.shardKeys.first == "")
        for shard in 1..<index.shardCount {
            let key = index.shardKeys[shard]
            let first = index.terms[index.shardStarts[shard]]
            let previous = index.terms[index.shardStarts[shard] - 1]
            #expect(first.unicodeScalars.starts(with: key.unicodeScalars))
            #expect(SearchIndex.precedes(previous, key))
            #expect(!SearchIndex.precedes(first, key))
        }
        for (position, term) in index.terms.enumerated() {
            #expect(index.termRange(ofShard: index.shard(for: term)).contains(position), "\(term)")
        }
    }

    @Test func separatorsAreShortAndWholeCharacters() {
        #expect(SearchIndexBuilder.separator(after: "castle", upTo: "cave") == "cav")
        #expect(SearchIndexBuilder.separator(after: "b", upTo: "castle") == "c")
        #expect(SearchIndexBuilder.separator(after: "𠀋a", upTo: "𠀋b") == "𠀋b")
    }

    @Test func documentsShareFilesInChunksAndTextIsCut() {
        let long = String(repeating: "lantern ", count: 200)
        let entries = (0..<40).map { Make.entry("npc", "Keeper \($0)", notes: long) }
        let index = Make.index(entries, chunkBytes: 2_000, textLimit: 100)
        #expect(index.documentsPerChunk > 1 && index.documentsPerChunk < index.documents.count)
        for file in index.files() where file.path.contains("/docs-") {
            #expect(file.bytes.count < 2 * 2_000, "\(file.path) is about the chunk size")
        }
        #expect(index.chunkCount == (index.documents.count + index.documentsPerChunk - 1) / index.documentsPerChunk)
        #expect(index.chunk(of: index.documentsPerChunk) == 1)
        let text = index.documents[1].text
        #expect(text.count <= 100 && text.count > 75)
        #expect(text.hasSuffix("lantern"), "cut at a space")
    }

    /// What `excerptText` gives, worked out by characters alone.
    static func excerptByCharacters(_ text: String, limit: Int) -> String {
        guard text.count > limit else { return text }
        let cut = text.prefix(limit)
        if let space = cut.lastIndex(where: \.isWhitespace), cut.distance(from: cut.startIndex, to: space) > limit * 3 / 4 {
            return String(cut[..<space])
        }
        return String(cut)
    }

    @Test func excerptsAreCutByCharactersWhateverTheText() {
        // ASCII alone (read by its bytes), with CR LF pairs, or with a character beyond ASCII or a
        // combining mark at or just past the limit.
        var random = SplitMix64(seed: 31)
        let alphabets = [Array("ab c\td\n"), Array("ab c\r\n"), Array("ab cé日"), Array("ab c\u{301}"), Array("ab c\r")]
        for limit in [1, 5, 12, 40] {
            let builder = SearchIndexBuilder(site: Make.site([]), strings: UIStrings.load(language: "en", theme: .embedded).0, textLimit: limit)
            for _ in 0..<150 {
                let alphabet = alphabets[Int(random.next() % UInt64(alphabets.count))]
                let text = String((0..<Int(random.next() % 60)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
                #expect(builder.excerptText(text) == Self.excerptByCharacters(text, limit: limit), "\(text.debugDescription) to \(limit)")
                // From the bytes: the same excerpt, or none where it needs the characters.
                var bytes = text
                let fromBytes = bytes.withUTF8 { builder.excerptText(utf8: $0) }
                #expect(fromBytes == nil || fromBytes == Self.excerptByCharacters(text, limit: limit), "\(text.debugDescription) to \(limit)")
                if text.utf8.count <= limit || !text.utf8.prefix(limit + 1).contains(where: { $0 >= 0x80 || $0 == 0x0D }) {
                    #expect(fromBytes != nil, "ASCII is cut from its bytes: \(text.debugDescription)")
                }
            }
        }
    }

    @Test func anIndexRemadeFromTheLastOneHasTheDocumentsOfAWholeOne() {
        // Notes of every kind the excerpt meets: ASCII cut at a space, too short to cut, with a
        // carriage return, beyond ASCII, a spoiler's.
        var random = SplitMix64(seed: 0x5E4C)
        let alphabets = [Array("ab c\td\n"), Array("ab c\r\n"), Array("ab cé日"), Array("lorem ipsum ")]
        var entries: [Entry] = []
        for number in 0..<120 {
            let alphabet = alphabets[number % alphabets.count]
            let notes = String((0..<Int(random.next() % 300)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            var entry = Make.entry("npc", "Entry \(number)", notes: notes)
            if number % 17 == 0 { entry.isSpoiler = true }
            if number % 2 == 0 {
                // Read back from the memo: the texts as their bytes.
                let markdown = Array("# Notes\n".utf8), html = Array("<p>notes</p>".utf8)
                let encoded = Notes.Encoded(bytes: markdown + html + Array(notes.utf8), starts: (markdown.count, markdown.count + html.count))!
                entry.notes = Notes(encoded, headings: [], tags: [])
            }
            entries.append(entry)
        }
        let site = Make.site(entries)
        let builder = SearchIndexBuilder(site: site, strings: UIStrings.load(language: "en", theme: .embedded).0, textLimit: 90)
        let game = site.games[0]
        let plan = SearchIndexBuilder.DocumentPlan(site: site, strings: builder.strings)
        let part = plan.parts.first { $0.context != nil }!
        for (offset, entry) in part.entries.enumerated() {
            let whole = builder.entryDocument(entry, game: game, number: part.gameNumber, context: part.context!).document
            #expect(builder.entryDocumentOnly(entry, game: game, number: part.gameNumber, context: part.context!) == whole, "entry \(offset)")
        }
    }

    @Test func impactsGrowWithFieldWeight() {
        let index = Make.index([
            Make.entry("npc", "Ash", notes: "ash"),
            Make.entry("npc", "Birch", tags: ["ash"]),
            Make.entry("npc", "Cedar", notes: "ash"),
        ])
        let postings = index.postings[index.termPosition("ash")]
        let name = postings.first { $0.document == 1 }!.impact
        let tag = postings.first { $0.document == 2 }!.impact
        let notes = postings.first { $0.document == 3 }!.impact
        #expect(name > tag && tag > notes && notes >= 1)
    }

    @Test func theSameSiteGivesTheSameIndexWhateverTheThreads() {
        let site = Make.site(Self.entries + (0..<50).map { Make.entry("npc", "Guard \($0)", notes: "stands guard \($0)") })
        let strings = UIStrings.load(language: "en", theme: .embedded).0
        let one = SearchIndexBuilder(site: site, strings: strings, jobs: 1).build().files()
        let four = SearchIndexBuilder(site: site, strings: strings, jobs: 4).build().files()
        #expect(one == four)
    }

    @Test func documentsScoredInBatchesGiveTheSameIndex() {
        let long = (0..<60).map { "Varré \($0 % 7) rode to 龍王廟 — the Đường (\($0)).\n" }.joined()
        let site = Make.site(Self.entries + (0..<40).map { Make.entry("npc", "Guard \($0)", notes: "stands guard \($0 % 3) " + long) }
            + [Make.entry("quest", "Lone Quest", notes: long, aliases: ["Solo"])])
        let strings = UIStrings.load(language: "en", theme: .embedded).0
        let whole = SearchIndexBuilder(site: site, strings: strings, jobs: 2)
        let expected = whole.build()
        #expect(expected.documents.count > 40)
        for batch in [1, 2, 3, 7, 41, expected.documents.count - 1, expected.documents.count, 1 << 20] {
            for parts in [1 << 20, 113] {
                var batched = whole
                batched.scoringBatch = batch
                batched.partBytes = parts
                let index = batched.build()
                #expect(index.terms == expected.terms, "batches of \(batch), parts of \(parts)")
                #expect(index.postings == expected.postings, "batches of \(batch), parts of \(parts)")
                #expect(index.documents == expected.documents)
                #expect(index.files() == expected.files())
            }
        }
        // Every document has postings, and a term's postings are in document order.
        #expect(Set(expected.postings.joined().map(\.document)) == Set(expected.documents.indices))
        #expect(expected.postings.allSatisfy { zip($0, $0.dropFirst()).allSatisfy { $0.document < $1.document } })
        // Nothing to score: an index still.
        var empty = SearchIndexBuilder(site: Make.site([]), strings: strings)
        empty.scoringBatch = 1
        #expect(empty.build().terms.isEmpty)
    }

    @Test func aPostingKeepsItsNumbers() {
        let posting = SearchPosting(document: 123_456, impact: 987, nameLength: 4)
        #expect(posting.document == 123_456 && posting.impact == 987 && posting.nameLength == 4)
        #expect(SearchPosting(document: 5, impact: 1).nameLength == 0)
        var changed = posting
        changed.impact = 12
        #expect(changed != posting && changed.impact == 12 && changed.document == 123_456)
        #expect(MemoryLayout<SearchPosting>.stride == 12, "three 32-bit numbers")
    }

    @Test func longNotesReadInPartsGiveTheSameIndex() {
        let long = (0..<400).map { "Varré \($0 % 7) rode to 龍王廟 — the Đường (\($0)) and मीरा's <\u{0338} tower.\n" }.joined()
        let site = Make.site(Self.entries + [
            Make.entry("npc", "Long Note Keeper", notes: long, tags: ["archivist"], aliases: ["Keeper"]),
            Make.entry("quest", "Second Long", notes: String(long.reversed())),
        ])
        let strings = UIStrings.load(language: "en", theme: .embedded).0
        let whole = SearchIndexBuilder(site: site, strings: strings, jobs: 2)
        var inParts = whole
        inParts.partBytes = 97
        #expect(SearchIndexBuilder.parts(of: long, size: 97).count > 100)
        #expect(inParts.build().files() == whole.build().files())
        let index = inParts.build()
        #expect(index.contains("keeper") && index.contains("archivist") && index.contains("duong"))
    }

    @Test func partsAreCutWhereTheTermsStayTheSame() {
        var random = SplitMix64(seed: 99)
        let pieces = SearchTokenizerFastPathTests.pieces
        for _ in 0..<300 {
            let text = (0..<40).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            let parts = SearchIndexBuilder.parts(of: text, size: Int(random.next() % 12) + 1)
            #expect(parts.first?.lowerBound == 0 && parts.last?.upperBound == text.utf8.count)
            #expect(zip(parts, parts.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            var terms: [String] = []
            var copy = text
            copy.withUTF8 { bytes in
                for part in parts {
                    SearchTokenizer.forEachTerm(inUTF8: UnsafeBufferPointer(rebasing: bytes[part])) {
                        terms.append(String(decoding: $0, as: UTF8.self))
                    }
                }
            }
            #expect(terms == SearchTokenizer.unicodeTerms(in: text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func eachAnalyzedDocumentHoldsBuffersOfItsOwnSize() {
        // A document with many terms, then small ones: each small one's analysis must not keep a
        // buffer the size of the large one's (the thread's scratch list), or the analysis of a
        // site holds the largest document's room once per document.
        var worker = SearchIndexBuilder.AnalysisWorker()
        let fields = SearchField.allCases.count
        func texts(_ notes: String) -> [[String]] {
            (0..<fields).map { $0 == SearchField.notes.rawValue ? [notes] : [] }
        }
        worker.analyze(texts((0..<600).map { "word\($0)" }.joined(separator: " ")), spans: nil, number: 0)
        worker.analyze(texts("alpha bravo charlie"), spans: nil, number: 1)
        worker.analyze(texts("delta echo foxtrot"), spans: nil, number: 2)
        #expect(worker.documents[0].terms.count > 500)
        for document in worker.documents.dropFirst() {
            #expect(document.terms.count == 3)
            #expect(document.terms.capacity < 64, "capacity \(document.terms.capacity)")
            #expect(document.packed.capacity < 64, "capacity \(document.packed.capacity)")
        }
    }

    @Test func packedFrequenciesAddFieldByFieldUpToTheCapacity() {
        let mask = SearchIndexBuilder.fieldMask
        let bits = SearchIndexBuilder.fieldBits
        let lhs = 3 | (mask - 1) << bits | 5 << (4 * bits)
        let rhs = 4 | 7 << bits | 1 << (2 * bits)
        #expect(SearchIndexBuilder.add(lhs, rhs) == 7 | mask << bits | 1 << (2 * bits) | 5 << (4 * bits))
        #expect(SearchIndexBuilder.add(lhs, 0) == lhs)
    }

    @Test func aSiteWithoutGamesHasAnEmptyIndexThatStillLoads() throws {
        let index = Make.index([])
        #expect(index.documents.isEmpty && index.terms.isEmpty)
        #expect(index.shardCount == 1 && index.chunkCount == 0)
        #expect(index.search(SearchQuery("anything")).total == 0)
        let terms = SearchIndex.contentHash(of: [index.shardJSON(0)])
        let flags = SearchIndex.contentHash(of: [index.flagsJSON().rendered(pretty: false)])
        #expect(index.files().map(\.path) == ["assets/search/index.js", "assets/search/terms-0.\(terms).js", "assets/search/flags.\(flags).js"])
    }

    @Test func kindLabelsFollowTheSiteLanguage() {
        let site = Make.site(Self.entries, language: "vi")
        let strings = UIStrings.load(language: "vi", theme: .embedded).0
        let index = SearchIndexBuilder(site: site, strings: strings).build()
        #expect(index.kinds.map(\.label) == ["Trò chơi", "NPC", "Nhiệm vụ", "Địa điểm"])
        #expect(index.contains("nhiem"), "the localized kind name is a key")
    }
}
