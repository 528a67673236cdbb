import Foundation
@testable import QuestlogCore
import Testing

/// The analyses of documents kept for the next search index: an index made with the memo is the
/// index made without it, whatever the memo holds, and only the documents whose texts changed are
/// read again. The memo's file is read back whole or not at all.
struct SearchMemoTests {
    typealias Make = SearchTestSite
    static let long = (0..<300).map { "Varré \($0 % 7) rode to 龍王廟 — the Đường (\($0)) and मीरा's tower.\n" }.joined()

    static func entries(editing edited: Int? = nil, note: String = "A new note about the moon gate.") -> [Entry] {
        let places = ["lake", "tower", "gate"]
        return SearchIndexBuilderTests.entries + (0..<60).map { (number: Int) -> Entry in
            let plain: String = "stands guard \(number % 5) by the " + places[number % 3] + (number == 7 ? Self.long : "")
            let tags: [String] = number % 4 == 0 ? ["watch"] : []
            return Make.entry(number % 3 == 0 ? "quest" : "npc", "Guard \(number)", notes: number == edited ? note : plain, tags: tags)
        }
    }

    static let strings = UIStrings.load(language: "en", theme: .embedded).0

    static func files(_ entries: [Entry], memo: SearchMemo? = nil, jobs: Int = 2, partBytes: Int = 1 << 20) -> [OutputFile] {
        var builder = SearchIndexBuilder(site: Make.site(entries), strings: strings, jobs: jobs, memo: memo)
        builder.partBytes = partBytes
        return builder.build().files()
    }

    @Test func anIndexMadeWithTheMemoIsTheIndexMadeWithoutIt() {
        let memo = SearchMemo(identity: "questlog test")
        let original = Self.entries()
        let alone = Self.files(original)
        #expect(Self.files(original, memo: memo) == alone)
        let documents = memo.madeCount
        #expect(documents == original.count + Set(original.map(\.ref.game)).count && memo.reusedCount == 0 && memo.changed, "every entry and each game: \(documents)")
        #expect(memo.count == documents)

        // Nothing changed: every analysis is the memo's, whatever the threads.
        for jobs in [1, 3] {
            #expect(Self.files(original, memo: memo, jobs: jobs) == alone, "\(jobs) threads")
            #expect(memo.madeCount == 0 && memo.reusedCount == documents && !memo.changed)
        }

        // One note edited, then another read in parts (and the first as it was), then that one
        // again: only the documents whose texts differ from the last index's are read again.
        for (edited, partBytes, made) in [(10, 1 << 20, 1), (7, 61, 2), (7, 1 << 20, 1)] {
            let entries = Self.entries(editing: edited, note: "A new note about the moon gate \(partBytes). " + Self.long)
            #expect(Self.files(entries, memo: memo, partBytes: partBytes) == Self.files(entries, partBytes: partBytes), "entry \(edited)")
            #expect(memo.madeCount == made && memo.reusedCount == documents - made && memo.changed,
                    "entry \(edited): \(memo.madeCount) made, \(memo.reusedCount) reused")
        }

        // An entry removed and two added (and entry 7 as it was); then a memo of another site altogether.
        let changed = Array(original.dropLast()) + [Make.entry("npc", "Newcomer", notes: "new in town"),
                                                    Make.entry("quest", "Fresh Quest", tags: ["watch"])]
        #expect(Self.files(changed, memo: memo) == Self.files(changed))
        #expect(memo.madeCount == 3 && memo.count == documents + 1, "\(memo.madeCount) made, \(memo.count) kept")
        let other = [Make.entry("npc", "Stranger", notes: "the lake and the tower")]
        #expect(Self.files(other, memo: memo) == Self.files(other))
        #expect(Self.files(original, memo: memo) == alone)
    }

    @Test func documentsOfTheSameTextsAreKeptOnceAndReused() throws {
        // Two guards of one name and nothing else: their documents have the same texts.
        let entries = Self.entries() + [Make.entry("npc", "Guard"), Make.entry("npc", "Guard")]
        let memo = SearchMemo(identity: "questlog test")
        let alone = Self.files(entries)
        #expect(Self.files(entries, memo: memo) == alone)
        let documents = memo.madeCount
        #expect(memo.count == documents - 1)
        let read = try #require(SearchMemo(parsing: memo.bytes(), identity: "questlog test"), "a memo with one record for both")
        #expect(Self.files(entries, memo: read) == alone)
        #expect(read.madeCount == 0 && read.reusedCount == documents && !read.changed)
    }

    /// A record whose body does not read as one (in a file whose hash holds) is no record: its
    /// document is read again, and none of its terms reaches the index.
    @Test func aRecordThatDoesNotReadIsReadAgain() throws {
        let entries = Self.entries()
        let made = SearchMemo(identity: "questlog test")
        let alone = Self.files(entries)
        #expect(Self.files(entries, memo: made) == alone)
        var bytes = made.bytes()
        let range = try #require(made.recordRanges.values.min { $0.lowerBound < $1.lowerBound })
        for offset in range { bytes[offset] = 0x80 }
        bytes.removeLast(8)
        bytes += withUnsafeBytes(of: ContentHash.hash(bytes).littleEndian) { Array($0) }
        let read = try #require(SearchMemo(parsing: bytes, identity: "questlog test"))
        #expect(Self.files(entries, memo: read) == alone)
        #expect(read.madeCount == 1 && read.reusedCount == made.madeCount - 1, "\(read.madeCount) made, \(read.reusedCount) reused")
    }

    @Test func noTermOfADocumentNoLongerIndexedIsLeftInTheIndex() {
        let memo = SearchMemo(identity: "questlog test")
        _ = Self.files(Self.entries(editing: 3, note: "zyzzyva quixotry"), memo: memo)
        let index = SearchIndexBuilder(site: Make.site(Self.entries()), strings: Self.strings, jobs: 2, memo: memo).build()
        #expect(!index.contains("zyzzyva") && !index.contains("quixotry"))
        #expect(index.contains("guard"))
    }

    @Test func theMemoFileIsReadBackAndRefusedWhenDamagedOrForeign() throws {
        let memo = SearchMemo(identity: "questlog test")
        let entries = Self.entries()
        let alone = Self.files(entries)
        _ = Self.files(entries, memo: memo)
        let file = memo.bytes()
        let read = try #require(SearchMemo(parsing: file, identity: "questlog test"))
        #expect(read.count == memo.count)
        #expect(Self.files(entries, memo: read) == alone)
        #expect(read.madeCount == 0 && read.reusedCount == memo.count)

        #expect(SearchMemo(parsing: file, identity: "another questlog") == nil)
        #expect(SearchMemo(parsing: Array(file.dropLast(3)), identity: "questlog test") == nil)
        for offset in [file.count / 3, file.count / 2, file.count - 9] {
            var damaged = file
            damaged[offset] ^= 0x20
            #expect(SearchMemo(parsing: damaged, identity: "questlog test") == nil, "byte \(offset)")
        }
        // Released, the memo holds nothing, and the next index reads every document.
        read.release()
        #expect(read.count == 0)
        #expect(Self.files(entries, memo: read) == alone)
        #expect(read.reusedCount == 0)
    }

    /// A memo that has made the index of `entries`, from nothing.
    static func memo(of entries: [Entry], identity: String) -> SearchMemo {
        let memo = SearchMemo(identity: identity)
        _ = files(entries, memo: memo)
        return memo
    }

    @Test func aFewDocumentsReadAfreshAreWrittenAsAJournalOfTheFile() throws {
        let identity = "questlog test"
        let original = Self.entries()
        let first = Self.memo(of: original, identity: identity)
        let (file, none) = first.files()
        let whole = try #require(file)
        #expect(none == nil, "a memo read from no file is written whole")
        #expect(whole == first.bytes())

        // One note edited, with words the file has never seen: only a journal is written, and the
        // index is the one made without a memo.
        let edited = Self.entries(editing: 10, note: "Zyzzyva quixotry by the lake, 龍王廟 again.")
        let read = try #require(SearchMemo(parsing: whole, identity: identity))
        #expect(Self.files(edited, memo: read) == Self.files(edited))
        #expect(read.madeCount == 1 && read.changed)
        let (noFile, written) = read.files()
        let journal = try #require(written)
        #expect(noFile == nil)
        #expect(journal.count < whole.count / 8, "\(journal.count) bytes beside \(whole.count)")
        #expect(read.bytes() == whole, "the file is as it was")

        // The file and its journal read back: every document of either version is the memo's.
        for entries in [edited, original] {
            let both = try #require(SearchMemo(parsing: whole, journal: journal, identity: identity))
            #expect(Self.files(entries, memo: both) == Self.files(entries))
            #expect(both.madeCount == 0 && both.reusedCount == first.madeCount)
        }

        // A second edit: the journal keeps the first edit's record and adds the second's; read back
        // with the file, both edits are the memo's.
        let twice = try #require(SearchMemo(parsing: whole, journal: journal, identity: identity))
        let editedTwice = Self.entries(editing: 10, note: "Zyzzyva quixotry by the lake, 龍王廟 again.").enumerated().map { number, entry in
            number == 20 ? Make.entry(entry.ref.kind, entry.name, game: entry.ref.game, notes: "Grumbles about the xylophone.") : entry
        }
        #expect(Self.files(editedTwice, memo: twice) == Self.files(editedTwice))
        #expect(twice.madeCount == 1)
        let second = try #require(twice.files().journal)
        let reread = try #require(SearchMemo(parsing: whole, journal: second, identity: identity))
        #expect(Self.files(editedTwice, memo: reread) == Self.files(editedTwice))
        #expect(reread.madeCount == 0)

        // In one process (as `serve` keeps it) the memo goes on from its journal just the same.
        #expect(Self.files(edited, memo: twice) == Self.files(edited))
        #expect(twice.madeCount == 0)
    }

    @Test func aJournalOfAnotherFileOrDamagedIsIgnoredAndBigChangesRewriteTheFile() throws {
        let identity = "questlog test"
        let original = Self.entries()
        let first = Self.memo(of: original, identity: identity)
        let whole = first.bytes()
        let documents = first.madeCount
        let read = try #require(SearchMemo(parsing: whole, identity: identity))
        let edited = Self.entries(editing: 10)
        _ = Self.files(edited, memo: read)
        let journal = try #require(read.files().journal)

        // Another file: the journal names the old one, and is ignored.
        let other = Self.memo(of: Array(original.dropLast()), identity: identity)
        let otherFile = try #require(SearchMemo(parsing: other.bytes(), journal: journal, identity: identity))
        #expect(otherFile.count == documents - 1)
        // A damaged journal, or a cut one, is ignored; the file still reads. Another binary's
        // file is not read at all.
        var damaged = journal
        damaged[damaged.count / 2] ^= 0x20
        #expect(try #require(SearchMemo(parsing: whole, journal: damaged, identity: identity)).count == documents)
        #expect(try #require(SearchMemo(parsing: whole, journal: Array(journal.dropLast()), identity: identity)).count == documents)
        #expect(try #require(SearchMemo(parsing: whole, journal: journal, identity: identity)).count == documents + 1)
        #expect(SearchMemo(parsing: whole, journal: journal, identity: "another questlog") == nil)

        // A third of the notes edited: the whole file again, of exactly this index's documents.
        let many = try #require(SearchMemo(parsing: whole, identity: identity))
        let entries = original.enumerated().map { number, entry in
            number % 3 == 0 ? Make.entry(entry.ref.kind, entry.name, game: entry.ref.game, notes: "Rewritten \(number).") : entry
        }
        #expect(Self.files(entries, memo: many) == Self.files(entries))
        let (file, none) = many.files()
        #expect(none == nil)
        let rewritten = try #require(file)
        #expect(try #require(SearchMemo(parsing: rewritten, identity: identity)).count == many.madeCount + many.reusedCount)
    }

    @Test func theNextBuildReadsOnlyTheDocumentsWhoseTextsChanged() throws {
        let site = TestSite([
            "Content/g/game.md": "---\ntitle: G\n---\nThe game.\n",
            "Content/g/npcs/a.md": "---\nname: Alba\ntags: [smith]\n---\nForges blades by the lake.\n",
            "Content/g/npcs/b.md": "---\nname: Bob\n---\nSells maps.\n",
            "Content/g/locations/c.md": "---\nname: Cave\n---\nDark and damp.\n",
        ])
        defer { site.remove() }
        let output = site.root + "/Output", clean = site.root + "/Clean"
        func build() -> BuildTimings.Stage? { site.build(timing: "keep search") }
        func index(_ folder: String) -> [String: [UInt8]] {
            TestSite.tree(folder + "/assets/search")
        }
        let first = try #require(build(), "the analyses are kept")
        #expect(first.items == 4 && first.reused == 0, "the game and three entries")
        #expect(FileManager.default.fileExists(atPath: BuildMemo.searchPath(site: site.root)))

        site.write("Content/g/npcs/b.md", "---\nname: Bob\n---\nSells maps of the moon.\n")
        let edited = try #require(build())
        #expect(edited.items == 4 && edited.reused == 3)
        _ = site.build(timing: "keep search", output: clean, clean: true)
        #expect(!index(output).isEmpty && index(output) == index(clean))

        // A damaged memo is not trusted: every document is read, and the index is the same.
        try TestSite.damage(BuildMemo.searchPath(site: site.root))
        site.write("Content/g/npcs/a.md", "---\nname: Alba\ntags: [smith]\n---\nForges swords by the lake.\n")
        let afresh = try #require(build())
        #expect(afresh.reused == 0)
        _ = site.build(timing: "keep search", output: clean, clean: true)
        #expect(index(output) == index(clean))
    }
}
