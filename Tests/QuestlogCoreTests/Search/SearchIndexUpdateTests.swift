import Foundation
@testable import QuestlogCore
import Testing
import TestSupport

/// An index updated from the last one after edits of notes (`SearchIndexBuilder.update`) is the
/// index made whole, file for file and byte for byte, and so is the memo it leaves; an update that
/// cannot be made so says so, and the index is made whole.
struct SearchIndexUpdateTests {
    typealias Make = SearchTestSite
    static let identity = "questlog test"
    static let strings = UIStrings.load(language: "en", theme: .embedded).0
    static let words = ["the", "moon", "gate", "lake", "tower", "sword", "Ranni", "witch", "κόσμος", "騎士", "龍王廟", "मीरा", "Đường",
                        "castle", "ash", "of", "and", "a", "wolf", "blade", "rune", "lord", "river", "old", "key"]
    static let kinds = ["npc", "quest", "location"]

    /// Entries `0..<notes.count` of three kinds in two games, the notes given; some with tags and aliases.
    static func entries(_ notes: [String]) -> [Entry] {
        notes.enumerated().map { number, note in
            Make.entry(kinds[number % 3], "Entry \(number)", game: number % 4 == 3 ? "beta" : "alpha", notes: note,
                       tags: number % 5 == 0 ? ["watch"] : [], aliases: number % 7 == 0 ? ["Alias \(number)"] : [])
        }
    }

    static func builder(_ entries: [Entry], memo: SearchMemo?, site: UInt64?, shardBytes: Int = 2_000) -> SearchIndexBuilder {
        var builder = SearchIndexBuilder(site: Make.site(entries), strings: strings, jobs: 2, shardBytes: shardBytes, chunkBytes: 600, memo: memo)
        builder.keptSite = site
        return builder
    }

    /// The index of `entries` made whole, and its memo.
    static func whole(_ entries: [Entry], memo: SearchMemo = SearchMemo(identity: identity), site: UInt64) -> (files: [OutputFile], memo: [UInt8]) {
        let made = builder(entries, memo: memo, site: site).build().made(identity: identity)
        return (made.files, made.memo ?? [])
    }

    static func note(_ rng: inout SplitMix64, words count: Int) -> String {
        (0..<count).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined(separator: " ")
    }

    /// The files an update gives: those it made, and the last index's it keeps, which must have
    /// the hashes it gives them.
    static func files(of update: SearchIndexBuilder.Update, after last: [OutputFile]) -> [OutputFile] {
        let byPath = Dictionary(uniqueKeysWithValues: last.map { ($0.path, $0) })
        var files = update.files
        for (path, hash) in update.kept {
            guard let file = byPath[path] else {
                Issue.record("kept \(path), which the last index has not")
                continue
            }
            #expect(ContentHash.hash(chunks: file.chunks) == hash, "\(path)")
            files.append(file)
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func updatedIndexesAreIndexesMadeWhole(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var notes = (0..<240).map { _ in Self.note(&rng, words: 20 + Int(rng.next() % 60)) }
        let analyses = SearchMemo(identity: Self.identity)
        var (files, memo) = Self.whole(Self.entries(notes), memo: analyses, site: 0)
        var updated = 0, madeWhole = 0, fileCounts: [Int] = []
        for step in 1...40 {
            var edited = Set<Int>()
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                let number = Int(rng.next() % UInt64(notes.count))
                edited.insert(number)
                switch rng.next() % 6 {
                case 0: notes[number] += " " + Self.note(&rng, words: 1 + Int(rng.next() % 5))
                case 1: notes[number] += " unheard\(rng.next() % 1000) of"
                case 2:
                    var words = notes[number].split(separator: " ")
                    if words.count > 2 { words.remove(at: Int(rng.next() % UInt64(words.count))) }
                    notes[number] = words.joined(separator: " ")
                case 3: notes[number] = notes[number].replacingOccurrences(of: "the", with: "a")
                case 4: notes[number] = Self.note(&rng, words: 20 + Int(rng.next() % 60))
                default: notes[number] = String(notes[number].reversed())
                }
            }
            let entries = Self.entries(notes)
            let changed = Set(edited.map { entries[$0].source.path })
            let last = try #require(SearchIndexMemo(parsing: memo, identity: Self.identity), "step \(step): the memo reads back")
            let expected = Self.whole(entries, site: UInt64(step))
            if let update = Self.builder(entries, memo: analyses, site: UInt64(step)).update(last, changed: changed, previous: UInt64(step - 1),
                                                                                           identity: Self.identity) {
                updated += 1
                fileCounts.append(update.files.count)
                let now = Self.files(of: update, after: files)
                #expect(now == expected.files.sorted { $0.path < $1.path }, "seed \(seed), step \(step): the files of an index made whole")
                #expect(update.memo == expected.memo, "seed \(seed), step \(step): the memo of an index made whole")
                analyses.add(update.analyses)
                (files, memo) = (now, update.memo)
            } else {
                madeWhole += 1
                (files, memo) = Self.whole(entries, memo: analyses, site: UInt64(step))
                #expect(files == expected.files && memo == expected.memo)
            }
        }
        #expect(updated >= 30, "most edits of notes update the index: \(updated) of 40, \(madeWhole) made whole")
        // Far fewer files made than the index has: the shards and documents files the edits reach.
        #expect(fileCounts.reduce(0, +) / max(1, fileCounts.count) * 4 < files.count, "\(fileCounts) of \(files.count) files")
    }

    @Test func anUpdateThatCannotBeMadeSoSaysSo() throws {
        var rng = SplitMix64(seed: 9)
        let notes = (0..<120).map { _ in Self.note(&rng, words: 30) }
        let analyses = SearchMemo(identity: Self.identity)
        let (_, bytes) = Self.whole(Self.entries(notes), memo: analyses, site: 7)
        let last = try #require(SearchIndexMemo(parsing: bytes, identity: Self.identity))
        var edited = notes
        edited[4] += " more of the moon"
        let entries = Self.entries(edited)
        let changed: Set = [entries[4].source.path]
        func update(_ entries: [Entry], memo: SearchMemo? = analyses, previous: UInt64 = 7, shardBytes: Int = 2_000,
                    changed: Set<String> = changed) -> SearchIndexBuilder.Update? {
            Self.builder(entries, memo: memo, site: 8, shardBytes: shardBytes).update(last, changed: changed, previous: previous, identity: Self.identity)
        }
        #expect(update(entries) != nil, "an edit of one note")
        #expect(update(entries, previous: 6) == nil, "a memo of another site")
        #expect(update(entries, shardBytes: 3_000) == nil, "a memo of other settings")
        #expect(update(entries, memo: SearchMemo(identity: Self.identity)) == nil, "no last analysis of the changed document")
        #expect(update(entries, memo: nil) == nil, "no analyses memo")
        #expect(update(entries + [Make.entry("npc", "Newcomer")]) == nil, "another number of documents")
        // Notes ten times as long: the average length of notes is another.
        edited[4] = Self.note(&rng, words: 30 * 120)
        #expect(update(Self.entries(edited)) == nil, "another average length")
        let game = Self.entries(notes)[0].ref.game
        #expect(update(entries, changed: changed.union(["Content/\(game)/game.md"])) == nil, "a game's own notes")
    }

    /// A word only one note had, taken out of it: the shard that held it among other such words
    /// and no other term of that note is made again without it.
    @Test func aWordNoNoteHasAnyMoreLeavesItsShard() throws {
        var rng = SplitMix64(seed: 11)
        var notes = (0..<120).map { _ in Self.note(&rng, words: 30) }
        for (number, word) in ["zzza", "zzzb", "zzzc"].enumerated() { notes[number * 10] += " " + word }
        let analyses = SearchMemo(identity: Self.identity)
        let (files, bytes) = Self.whole(Self.entries(notes), memo: analyses, site: 1)
        let last = try #require(SearchIndexMemo(parsing: bytes, identity: Self.identity))
        let shard = { (term: String) in last.shards.lastIndex { $0.start <= SearchIndexBuilder.position(of: term, in: last).position } }
        #expect(shard("zzza") == shard("zzzc"), "the words share a shard")
        notes[10] = String(notes[10].dropLast(5))
        let entries = Self.entries(notes)
        let update = try #require(Self.builder(entries, memo: analyses, site: 2).update(last, changed: [entries[10].source.path], previous: 1,
                                                                                         identity: Self.identity))
        let expected = Self.whole(entries, site: 2)
        #expect(Self.files(of: update, after: files) == expected.files.sorted { $0.path < $1.path })
        #expect(update.memo == expected.memo)
    }

    @Test func postingsReadInPlaceAreThoseTheReaderReads() throws {
        for seed in UInt64(20)..<UInt64(24) {
            var rng = SplitMix64(seed: seed)
            let entries = Self.entries((0..<120).map { _ in Self.note(&rng, words: 60) })
            let bytes = try #require(Self.builder(entries, memo: SearchMemo(identity: Self.identity), site: 5).build().made(identity: Self.identity).memo)
            let memo = try #require(SearchIndexMemo(parsing: bytes, identity: Self.identity))
            var checked = 0
            for term in 0..<memo.termCount {
                // As the memo's reader reads a term's postings, one read at a time.
                var reader = MemoReader(bytes: memo.bytes, offset: Int(memo.blockStarts[term]), end: memo.recordStarts[term + 1])
                var expected: [(document: Int, packed: Int)] = []
                var document = 0
                for _ in 0..<Int(memo.frequencies[term]) {
                    let delta = reader.varint(), packed = SearchIndexMemo.readPacked(&reader)
                    guard let delta, let packed else {
                        Issue.record("term \(term) reads")
                        break
                    }
                    document += delta
                    expected.append((document, packed))
                }
                #expect(reader.offset == reader.end)
                let read = try #require(memo.postings(term))
                #expect(read.map(\.document) == expected.map(\.document) && read.map(\.packed) == expected.map(\.packed), "term \(term)")
                checked += read.count
            }
            #expect(checked > 1_000)
        }
    }

    @Test func theMemoReadsBackAsTheIndexHasIt() throws {
        var rng = SplitMix64(seed: 4)
        let entries = Self.entries((0..<90).map { _ in Self.note(&rng, words: 40) })
        let index = Self.builder(entries, memo: SearchMemo(identity: Self.identity), site: 3).build()
        let made = index.made(identity: Self.identity)
        let bytes = try #require(made.memo)
        let memo = try #require(SearchIndexMemo(parsing: bytes, identity: Self.identity))
        #expect(memo.site == 3 && memo.documents.count == index.documents.count && memo.documentsPerChunk == index.documentsPerChunk)
        #expect((0..<memo.termCount).map(memo.term) == index.terms)
        for term in index.terms.indices {
            #expect(memo.postings(term)?.map(\.document) == index.postings[term].map(\.document), "\(index.terms[term])")
        }
        #expect(memo.shards.map(\.start) == index.shardStarts && memo.shards.map(\.key) == index.shardKeys)
        let names = Set(made.files.map(\.path))
        for (number, shard) in memo.shards.enumerated() {
            #expect(names.contains(SearchIndex.folder + SearchIndex.fileName("terms", number, hash: shard.file.name)))
        }
        let hashes = Dictionary(uniqueKeysWithValues: made.files.map { ($0.path, ContentHash.hash(chunks: $0.chunks)) })
        for (number, chunk) in memo.chunks.enumerated() {
            #expect(hashes[SearchIndex.folder + SearchIndex.fileName("docs", number, hash: chunk.name)] == chunk.hash)
        }
        #expect(hashes[SearchIndex.folder + SearchIndex.fileName("flags", 0, hash: memo.flags.name)] == memo.flags.hash)
        // Without an analyses memo or a site, no memo is made.
        #expect(Self.builder(entries, memo: nil, site: 3).build().made().memo == nil)
        #expect(Self.builder(entries, memo: SearchMemo(identity: Self.identity), site: nil).build().made().memo == nil)
        // Damaged, cut short or of another binary: not read.
        var damaged = bytes
        damaged[damaged.count / 2] ^= 1
        #expect(SearchIndexMemo(parsing: damaged, identity: Self.identity) == nil)
        #expect(SearchIndexMemo(parsing: Array(bytes.dropLast(9)), identity: Self.identity) == nil)
        #expect(SearchIndexMemo(parsing: bytes, identity: "questlog other") == nil)
    }

    /// The index of a site made again from the memo of its last index (`remade(from:)`) is the
    /// index made whole, file for file and byte for byte, whatever its settings and the threads.
    @Test(arguments: [(1, 2_000, 600), (2, 700, 300), (3, 50_000, 40_000)] as [(UInt64, Int, Int)])
    func indexesMadeAgainFromTheirMemoAreIndexesMadeWhole(seed: UInt64, shardBytes: Int, chunkBytes: Int) throws {
        var rng = SplitMix64(seed: seed)
        let entries = Self.entries((0..<180).map { _ in Self.note(&rng, words: 10 + Int(rng.next() % 70)) })
        func builder(jobs: Int) -> SearchIndexBuilder {
            var builder = SearchIndexBuilder(site: Make.site(entries), strings: Self.strings, jobs: jobs, shardBytes: shardBytes,
                                             chunkBytes: chunkBytes, memo: SearchMemo(identity: Self.identity))
            builder.keptSite = 5
            return builder
        }
        let whole = builder(jobs: 1).build().made(identity: Self.identity)
        let bytes = try #require(whole.memo)
        let last = try #require(SearchIndexMemo(parsing: bytes, identity: Self.identity))
        #expect(last.shards.count > 1 || shardBytes > 10_000, "several shards")
        for jobs in [1, 2, 3] {
            let remade = try #require(builder(jobs: jobs).remade(from: last), "\(jobs) threads")
            #expect(remade.map(\.path) == whole.files.map(\.path), "\(jobs) threads: the same files in the same order")
            #expect(remade == whole.files, "\(jobs) threads: the same bytes")
        }
    }

    @Test func anIndexIsNotMadeAgainFromTheMemoOfAnotherIndex() throws {
        var rng = SplitMix64(seed: 12)
        let notes = (0..<60).map { _ in Self.note(&rng, words: 30) }
        let (_, bytes) = Self.whole(Self.entries(notes), site: 7)
        let last = try #require(SearchIndexMemo(parsing: bytes, identity: Self.identity))
        func remade(_ entries: [Entry], site: UInt64? = 7, strings: UIStrings = Self.strings, shardBytes: Int = 2_000) -> [OutputFile]? {
            var builder = SearchIndexBuilder(site: Make.site(entries), strings: strings, jobs: 2, shardBytes: shardBytes, chunkBytes: 600,
                                             memo: SearchMemo(identity: Self.identity))
            builder.keptSite = site
            return builder.remade(from: last)
        }
        #expect(remade(Self.entries(notes)) != nil, "the same site")
        #expect(remade(Self.entries(notes), site: 8) == nil, "a memo of another site")
        #expect(remade(Self.entries(notes), site: nil) == nil, "no site to compare")
        #expect(remade(Self.entries(notes), shardBytes: 3_000) == nil, "a memo of other settings")
        // Kinds named in another language are other terms, the site being the same.
        #expect(remade(Self.entries(notes), strings: UIStrings.load(language: "vi", theme: .embedded).0) == nil, "a memo of other words")
        // The site's digest is what says the site is the same; what the memo holds must agree with it.
        #expect(remade(Self.entries(notes) + [Make.entry("npc", "Newcomer")]) == nil, "another number of documents")
        var longer = notes
        longer[3] += " and a longer excerpt of the moon"
        #expect(remade(Self.entries(longer)) == nil, "documents of another size")
    }

    /// The last memo is taken to be made again from only when it names the site being built; one
    /// that names it but does not read whole is not taken.
    @Test func theLastMemoIsTakenForItsSiteAlone() throws {
        var rng = SplitMix64(seed: 13)
        let (_, bytes) = Self.whole(Self.entries((0..<40).map { _ in Self.note(&rng, words: 20) }), site: 5)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("questlog-index-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/search-index"
        func previous(_ bytes: [UInt8], site: UInt64) -> SearchIndexMemo? {
            FileManager.default.createFile(atPath: path, contents: Data(bytes))
            return SearchIndexFile(path: path, identity: Self.identity).previous(ofSite: site)
        }
        #expect(previous(bytes, site: 5)?.site == 5)
        #expect(previous(bytes, site: 6) == nil, "a memo of another site")
        var damaged = bytes
        damaged[damaged.count - 20] ^= 1
        #expect(previous(damaged, site: 5) == nil, "a memo naming the site that does not read whole")
        #expect(SearchIndexFile(path: folder + "/missing", identity: Self.identity).previous(ofSite: 5) == nil)
    }

    @Test func averagesKeepTheirFirstSixBits() {
        #expect(SearchIndexBuilder.stableAverage(total: 0, count: 0) == 1)
        #expect(SearchIndexBuilder.stableAverage(total: 12, count: 4) == 3)
        var previous = 0.0
        for total in stride(from: 1, through: 100_000, by: 37) {
            let average = SearchIndexBuilder.stableAverage(total: total, count: 7)
            let exact = Double(total) / 7
            #expect(abs(average - exact) <= exact / 64, "\(total) / 7")
            #expect(average >= previous, "never lower for a larger total")
            #expect(SearchIndexBuilder.stableAverage(total: Int(average * 1024), count: 1024) == average, "rounding twice changes nothing")
            previous = average
        }
        // A few terms more among many documents: the same average.
        #expect(SearchIndexBuilder.stableAverage(total: 1_000_000, count: 10_000) == SearchIndexBuilder.stableAverage(total: 1_000_050, count: 10_000))
    }
}
