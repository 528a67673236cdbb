import Markdown
@testable import QuestlogCore
import Testing

/// The notes memo's file keeps every record exactly, and any file that is not a whole one of this
/// binary is refused rather than trusted.
struct NoteMemoTests {
    static let records: [UInt64: NoteMemo.Record] = [
        7: NoteMemo.Record(sourceLength: 42, html: "<p>Met <a href=\"b.html\">B</a> — é</p>\n", plainText: "Met B — é",
                           headings: [Heading(level: 3, text: "Trades", id: "trades")], tags: ["lore", "Boss"],
                           questions: [
                               .link(WikiLink(target: "B", label: nil, line: 4, column: 5), .resolved(href: "b.html", title: "B")),
                               .link(WikiLink(target: "Nobody", label: "x", line: 5, column: 1), .unresolved),
                               .link(WikiLink(target: "Draft", label: nil, line: 6, column: 2), .text),
                               .link(WikiLink(target: "map.png", label: "300", line: 7, column: 1, isEmbed: true),
                                     .image(src: "../map.png", alt: "map", width: 300)),
                               .link(WikiLink(target: "pic.png", label: nil, line: 7, column: 9, isEmbed: true),
                                     .image(src: "../pic.png", alt: "pic", width: nil)),
                               .link(WikiLink(target: "C", label: nil, line: 8, column: 1, isEmbed: true),
                                     .embed(href: "c.html", title: "C", previewHTML: "First <em>line</em>")),
                               .url(LinkURL(url: "other.md", isImage: false, line: 9, column: 3), .replace("other.html")),
                               .url(LinkURL(url: "https://example.com", isImage: false, line: 9, column: 30), .keep),
                               .url(LinkURL(url: "gone.png", isImage: true, line: 10, column: 1), .remove),
                           ]),
        UInt64.max: NoteMemo.Record(sourceLength: 0, html: "", plainText: "", headings: [], tags: [], questions: []),
    ]

    static func memo() -> NoteMemo {
        let memo = NoteMemo()
        memo.replace(with: records, reusedKeys: [], notes: 0)
        return memo
    }

    @Test func aFileKeepsEveryRecordExactly() throws {
        let bytes = Self.memo().bytes(identity: "questlog 1 test")
        let read = try #require(NoteMemo(parsing: bytes, identity: "questlog 1 test"))
        #expect(read.count == 2)
        for (key, record) in Self.records {
            #expect(read.record(for: key, sourceLength: record.sourceLength) == record)
            #expect(read.record(for: key, sourceLength: record.sourceLength + 1) == nil, "another length is another note")
        }
        #expect(read.record(for: 8, sourceLength: 42) == nil)
        #expect(read.bytes(identity: "questlog 1 test") == bytes, "the same records make the same file")
    }

    @Test func recordsReusedFromAFileAreCopiedIntoTheNextAsEncodingWouldWriteThem() throws {
        let identity = "questlog 1 test"
        let read = try #require(NoteMemo(parsing: Self.memo().bytes(identity: identity), identity: identity))
        // As a resolve leaves it: one record of the file reused, one let go, one made afresh.
        let made = NoteMemo.Record(sourceLength: 9, html: "<p>New</p>\n", plainText: "New", headings: [], tags: ["x"], questions: [])
        let reused = try #require(read.record(for: 7, sourceLength: 42))
        read.replace(with: [7: reused, 9: made], reusedKeys: [7], notes: 1)
        #expect(read.changed)
        let fresh = NoteMemo()
        fresh.replace(with: [7: Self.records[7]!, 9: made], reusedKeys: [], notes: 0)
        #expect(read.bytes(identity: identity) == fresh.bytes(identity: identity))
        // Read untouched, every record is copied.
        let untouched = try #require(NoteMemo(parsing: Self.memo().bytes(identity: identity), identity: identity))
        #expect(untouched.bytes(identity: identity) == Self.memo().bytes(identity: identity))
        // Once let go, nothing of the file is kept.
        read.release()
        #expect(read.count == 0)
        #expect(read.record(for: 7, sourceLength: 42) == nil)
    }

    @Test func theFileIsMadeInOneBufferOfAboutItsSize() {
        // Records of the sizes a site has: the estimate covers what they take in the file, so its
        // buffer is made once and never grown, and is not far above it.
        var records = Self.records
        for number in 0..<300 {
            let text = String(repeating: "Varré rode to the tower of 龍王廟. ", count: number % 40 + 1)
            records[UInt64(number)] = NoteMemo.Record(
                sourceLength: text.utf8.count + 40, html: "<p>" + text + "</p>\n", plainText: text,
                headings: [Heading(level: 2, text: "Where \(number)", id: "where-\(number)")], tags: ["lore"],
                questions: [.link(WikiLink(target: "Stormveil Castle", label: nil, line: 3, column: 1),
                                  .resolved(href: "../locations/stormveil-castle.html", title: "Stormveil Castle"))])
        }
        let memo = NoteMemo()
        memo.replace(with: records, reusedKeys: [], notes: 0)
        let identity = "questlog 1 test"
        let bytes = memo.bytes(identity: identity)
        let framing = (NoteMemo.header + "\n" + identity + "\n").utf8.count + 8
        let estimate = NoteMemo.estimatedSize(records.values, names: [:])
        #expect(estimate >= bytes.count - framing, "\(estimate) for \(bytes.count - framing) bytes of records")
        #expect(estimate < 2 * bytes.count, "\(estimate) for \(bytes.count) bytes")
        // The room asked for changes no byte.
        let write = { (writer: inout MemoWriter) in
            writer.string("record")
            writer.integer(42)
        }
        let roomy = MemoFile.seal(header: "h", identity: "i", capacity: 1 << 16, records: write)
        #expect(roomy == MemoFile.seal(header: "h", identity: "i", records: write))
        #expect(roomy.capacity >= 1 << 16)
    }

    @Test func aDamagedTruncatedOrForeignFileIsRefused() {
        let bytes = Self.memo().bytes(identity: "questlog 1 test")
        #expect(NoteMemo(parsing: bytes, identity: "questlog 2 test") == nil, "another binary's memo")
        #expect(NoteMemo(parsing: Array(bytes.dropLast()), identity: "questlog 1 test") == nil)
        #expect(NoteMemo(parsing: Array(bytes.prefix(40)), identity: "questlog 1 test") == nil)
        #expect(NoteMemo(parsing: [], identity: "questlog 1 test") == nil)
        for position in stride(from: 0, to: bytes.count, by: 7) {
            var damaged = bytes
            damaged[position] ^= 0x20
            #expect(NoteMemo(parsing: damaged, identity: "questlog 1 test") == nil, "byte \(position) changed")
        }
    }

    /// A memo of `count` notes of a site's sizes, keyed 1000 and up, with the name keys of their names.
    static func site(_ count: Int) -> (records: [UInt64: NoteMemo.Record], names: [String: String]) {
        var records: [UInt64: NoteMemo.Record] = [:]
        var names: [String: String] = [:]
        for number in 0..<count {
            let text = String(repeating: "Varré rode to the tower of 龍王廟. ", count: number % 7 + 3)
            records[UInt64(1000 + number)] = NoteMemo.Record(sourceLength: text.utf8.count, html: "<p>" + text + "</p>\n", plainText: text,
                                                               headings: [], tags: [], questions: [])
            names["Entry \(number)"] = "entry \(number)"
        }
        return (records, names)
    }

    /// Replaces `read`'s records as a resolve does: those of `taken` reused from it (by key, with
    /// their notes' lengths), `made` new.
    static func resolve(_ read: NoteMemo, taking taken: [UInt64: Int], making made: [UInt64: NoteMemo.Record]) throws {
        var kept = made
        for (key, length) in taken { kept[key] = try #require(read.record(for: key, sourceLength: length)) }
        read.replace(with: kept, reusedKeys: Set(taken.keys), notes: kept.count)
    }

    /// A memo made afresh of these records and name keys, as a resolve without a memo leaves it.
    static func made(_ records: [UInt64: NoteMemo.Record], names: [String: String]) -> NoteMemo {
        let memo = NoteMemo()
        memo.replaceNameKeys(with: names)
        memo.replace(with: records, reusedKeys: [], notes: records.count)
        return memo
    }

    /// The keys and lengths of `records` but `leaving`, and `adding`.
    static func lengths(_ records: [UInt64: NoteMemo.Record], leaving: Set<UInt64> = [], adding: [UInt64: Int] = [:]) -> [UInt64: Int] {
        records.filter { !leaving.contains($0.key) }.mapValues(\.sourceLength).merging(adding) { $1 }
    }

    @Test func aSmallChangeIsWrittenAsAJournalOfTheFile() throws {
        let identity = "questlog 1 test"
        let (records, names) = Self.site(200)
        let first = Self.made(records, names: names)
        let (file, none) = first.files(identity: identity)
        let whole = try #require(file)
        #expect(none == nil, "a memo read from no file is written whole")
        #expect(whole == first.bytes(identity: identity))

        // One note edited: its old record let go, a new one made. Only a journal is written.
        let edited = NoteMemo.Record(sourceLength: 5, html: "<p>Edit</p>\n", plainText: "Edit", headings: [], tags: ["x"], questions: [])
        let read = try #require(NoteMemo(parsing: whole, identity: identity))
        read.replaceNameKeys(with: names)
        try Self.resolve(read, taking: Self.lengths(records, leaving: [1000]), making: [5: edited])
        let (noFile, written) = read.files(identity: identity)
        let journal = try #require(written)
        #expect(noFile == nil)
        #expect(journal.count < whole.count / 20, "\(journal.count) bytes beside \(whole.count)")

        // The file and its journal read back as the memo that made them, and make the same whole file.
        var expected = records
        expected[1000] = nil
        expected[5] = edited
        let fresh = Self.made(expected, names: names)
        let both = try #require(NoteMemo(parsing: whole, journal: journal, identity: identity))
        #expect(both.record(for: 5, sourceLength: 5) == edited)
        #expect(both.record(for: 1001, sourceLength: records[1001]!.sourceLength) == records[1001])
        #expect(both.nameKeys == names)
        try Self.resolve(both, taking: Self.lengths(records, leaving: [1000], adding: [5: 5]), making: [:])
        #expect(both.bytes(identity: identity) == fresh.bytes(identity: identity))

        // A second edit: the journal keeps the first edit's record and adds the second's.
        let again = NoteMemo.Record(sourceLength: 6, html: "<p>Again</p>\n", plainText: "Again", headings: [], tags: [], questions: [])
        let third = try #require(NoteMemo(parsing: whole, journal: journal, identity: identity))
        third.replaceNameKeys(with: names)
        try Self.resolve(third, taking: Self.lengths(records, leaving: [1000, 1001], adding: [5: 5]), making: [6: again])
        let second = try #require(third.files(identity: identity).journal)
        let reread = try #require(NoteMemo(parsing: whole, journal: second, identity: identity))
        #expect(reread.record(for: 5, sourceLength: 5) == edited)
        #expect(reread.record(for: 6, sourceLength: 6) == again)
    }

    @Test func aJournalOfAnotherFileOrDamagedIsIgnoredAndBigChangesRewriteTheFile() throws {
        let identity = "questlog 1 test"
        let (records, names) = Self.site(200)
        let first = Self.made(records, names: names)
        let whole = first.bytes(identity: identity)
        let read = try #require(NoteMemo(parsing: whole, identity: identity))
        read.replaceNameKeys(with: names)
        let made = NoteMemo.Record(sourceLength: 5, html: "<p>Edit</p>\n", plainText: "Edit", headings: [], tags: [], questions: [])
        try Self.resolve(read, taking: Self.lengths(records), making: [5: made])
        let journal = try #require(read.files(identity: identity).journal)

        // Another file (one record fewer): the journal names the old one, and is ignored.
        let other = Self.made(records.filter { $0.key != 1000 }, names: names)
        let otherFile = try #require(NoteMemo(parsing: other.bytes(identity: identity), journal: journal, identity: identity))
        #expect(otherFile.record(for: 5, sourceLength: 5) == nil)
        #expect(otherFile.count == 199)
        // A damaged journal, or another binary's, is ignored; the file still reads.
        var damaged = journal
        damaged[damaged.count / 2] ^= 0x20
        #expect(try #require(NoteMemo(parsing: whole, journal: damaged, identity: identity)).count == 200)
        #expect(NoteMemo(parsing: whole, journal: journal, identity: "questlog 2 test") == nil)
        #expect(try #require(NoteMemo(parsing: whole, journal: Array(journal.dropLast()), identity: identity)).count == 200)

        // Names changed: the journal carries them.
        let renamed = try #require(NoteMemo(parsing: whole, identity: identity))
        var newNames = names
        newNames["Entry 0"] = nil
        newNames["Varré"] = "varre"
        renamed.replaceNameKeys(with: newNames)
        try Self.resolve(renamed, taking: Self.lengths(records), making: [:])
        let named = try #require(renamed.files(identity: identity).journal)
        #expect(try #require(NoteMemo(parsing: whole, journal: named, identity: identity)).nameKeys == newNames)

        // A third of the notes edited: the whole file again.
        let many = try #require(NoteMemo(parsing: whole, identity: identity))
        many.replaceNameKeys(with: names)
        var remade: [UInt64: NoteMemo.Record] = [:]
        for key in records.keys where key % 3 == 0 { remade[key + 10_000] = made }
        try Self.resolve(many, taking: Self.lengths(records, leaving: Set(records.keys.filter { $0 % 3 == 0 })), making: remade)
        let (file, none) = many.files(identity: identity)
        #expect(none == nil)
        #expect(try #require(file) == many.bytes(identity: identity))
    }

    @Test func theKeyCoversTheMarkdownAndEveryOption() {
        let base = NoteMemo.key(markdown: "Hello [[B]]", options: MarkdownOptions())
        #expect(NoteMemo.key(markdown: "Hello [[B]]", options: MarkdownOptions()) == base)
        #expect(NoteMemo.key(markdown: "Hello [[C]]", options: MarkdownOptions()) != base)
        #expect(NoteMemo.key(markdown: "Hello [[B]]", options: MarkdownOptions(unsafeHTML: true)) != base)
        #expect(NoteMemo.key(markdown: "Hello [[B]]", options: MarkdownOptions(lineOffset: 1)) != base)
        #expect(NoteMemo.key(markdown: "Hello [[B]]", options: MarkdownOptions(headingOffset: 1)) != base)
        #expect(NoteMemo.key(markdown: "Hello [[B]]", options: MarkdownOptions(topHeadingLevel: 3)) != base)
        #expect(NoteMemo.key(markdown: "Hello [[B]]", options: MarkdownOptions(calloutTitles: ["tip": "Astuce"])) != base)
        #expect(NoteMemo.key(markdown: "Hello [[B]]", options: MarkdownOptions(calloutTitles: ["tip": "Tipp"]))
            != NoteMemo.key(markdown: "Hello [[B]]", options: MarkdownOptions(calloutTitles: ["tip": "Astuce"])))
    }

    @Test func replacingSaysWhetherTheKeptRecordsChanged() {
        let memo = Self.memo()
        #expect(memo.changed)
        memo.replace(with: Self.records, reusedKeys: Set(Self.records.keys), notes: 3)
        #expect(!memo.changed && memo.reusedCount == 3)
        memo.replace(with: Self.records.filter { $0.key == 7 }, reusedKeys: [7], notes: 1)
        #expect(memo.changed, "a record let go")
        memo.replace(with: Self.records, reusedKeys: [7], notes: 1)
        #expect(memo.changed, "a record made afresh")
    }
}

/// The layouts memo gives back exactly what the layout computes, keyed by everything it reads.
struct LayoutMemoTests {
    static let layout = ForceLayout(width: 240, height: 140, iterations: 60)
    static let seeds: [UInt64] = [11, 22, 33, 44]
    static let edges = [(0, 1), (1, 2), (0, 3)]

    @Test func theKeyCoversEverythingThePositionsRead() {
        let base = LayoutMemo.key(Self.layout, seeds: Self.seeds, edges: Self.edges, pinned: 0)
        #expect(LayoutMemo.key(Self.layout, seeds: Self.seeds, edges: Self.edges, pinned: 0) == base)
        var wider = Self.layout
        wider.width += 1
        var longer = Self.layout
        longer.iterations += 1
        var heavier = Self.layout
        heavier.gravity = 2
        var exact = Self.layout
        exact.exactRepulsionLimit = 3
        for other in [wider, longer, heavier, exact] {
            #expect(LayoutMemo.key(other, seeds: Self.seeds, edges: Self.edges, pinned: 0) != base)
        }
        #expect(LayoutMemo.key(Self.layout, seeds: [11, 22, 33, 45], edges: Self.edges, pinned: 0) != base)
        #expect(LayoutMemo.key(Self.layout, seeds: Self.seeds, edges: [(0, 1), (1, 2), (1, 3)], pinned: 0) != base)
        #expect(LayoutMemo.key(Self.layout, seeds: Self.seeds, edges: Self.edges, pinned: nil) != base)
        #expect(LayoutMemo.key(Self.layout, seeds: Self.seeds, edges: Self.edges, pinned: 1) != base)
    }

    @Test func aRenderKeepsTheLayoutsItUsedAndTheFileKeepsThemExactly() throws {
        let memo = LayoutMemo()
        let key = LayoutMemo.key(Self.layout, seeds: Self.seeds, edges: Self.edges, pinned: 0)
        let computed = Self.layout.positions(seeds: Self.seeds, edges: Self.edges, pinned: 0)
        var calls = 0
        func positions() -> [GraphPoint] {
            memo.positions(key: key, count: Self.seeds.count) {
                calls += 1
                return Self.layout.positions(seeds: Self.seeds, edges: Self.edges, pinned: 0)
            }
        }
        #expect(positions() == computed)
        memo.finishRender()
        #expect(memo.changed && calls == 1)
        #expect(positions() == computed)
        memo.finishRender()
        #expect(!memo.changed && calls == 1 && memo.reusedCount == 1, "reused, not computed again")
        let bytes = memo.bytes(identity: "questlog test")
        let read = try #require(LayoutMemo(parsing: bytes, identity: "questlog test"))
        #expect(read.positions(key: key, count: Self.seeds.count) { [] } == computed, "bit for bit")
        #expect(read.positions(key: key &+ 1, count: Self.seeds.count) { [] } == [])
        #expect(LayoutMemo(parsing: bytes, identity: "questlog other") == nil)
        var damaged = bytes
        damaged[damaged.count / 2] ^= 1
        #expect(LayoutMemo(parsing: damaged, identity: "questlog test") == nil)
        memo.finishRender()
        #expect(memo.changed && memo.count == 0, "a render that drew nothing lets every layout go")
    }
}
