@testable import QuestlogCore
import Testing
import TestSupport

/// A sheet whose entries changed in nothing but some rows' notes is made from the same sheet's
/// earlier part (`XLSXSheet.patched`): byte for byte the part made whole, or nothing when the
/// earlier part is not that sheet's.
struct XLSXSheetPatchTests {
    static let header = ["id", "name", "notes", "url"]

    /// A sheet of `count` entries in several scripts, each name linking to its page, with the
    /// notes `notes(row)`.
    static func sheet(count: Int, notes: (Int) -> String) -> XLSXSheet {
        let names = ["Varré", "水鍛侍", "आकाश छाया", "Kale & <Co>", "Phạm Nam"]
        let rows: [[ExportCell]] = (0..<count).map { row in
            [.text("e\(row)"), .text(names[row % names.count] + " \(row)"), .text(notes(row)), .text("g/e\(row).html")]
        }
        return XLSXSheet(name: "Entries", header: header, rows: rows, linkColumn: 1, links: (0..<count).map { "../g/e\($0).html" })
    }

    static func note(_ row: Int) -> String {
        "Seen near the mill, row \(row % 7)."
    }

    /// `before`'s part patched into `after`'s, rows `rows` made again.
    static func patched(_ before: XLSXSheet, into after: XLSXSheet, rows: [Int], selected: Bool = true,
                        header: [String] = header, range: String? = nil) -> [UInt8]? {
        XLSXSheet.patched(before.xmlBytes(selected: selected), range: range ?? after.range, header: header, selected: selected,
                          rows: rows, linkColumn: 1, notesColumn: 2,
                          notesWidth: { XLSXSheet.columnWidth(header: header[2], count: after.rows.count) { after.rows[$0][2] } },
                          cells: { after.rows[$0] })
    }

    @Test func patchedRowsGiveThePartMadeWhole() throws {
        let count = 1_200
        let before = Self.sheet(count: count, notes: Self.note)
        // The notes' column keeps its width, widens, then narrows again.
        let cases: [(label: String, rows: [Int], note: (Int) -> String)] = [
            ("one row in the middle", [600], { _ in "Gone to the coast." }),
            ("the first and the last rows", [0, count - 1], { "Sold the mill & left <quietly>." + String($0) }),
            ("a note that widens the column", [17, 18, 900], { "A long line of notes about everything this entry has ever seen and done " + String($0) }),
            ("notes in other scripts, over lines", [3, 4, 5], { "水鍛侍は去った\r\nआकाश छाया \($0)" }),
            ("a note emptied", [1_000], { _ in "" }),
        ]
        for (label, rows, note) in cases {
            let after = Self.sheet(count: count, notes: { rows.contains($0) ? note($0) : Self.note($0) })
            for selected in [true, false] {
                let patched = Self.patched(before, into: after, rows: rows, selected: selected)
                #expect(patched == after.xmlBytes(selected: selected), "\(label), selected \(selected)")
            }
        }
        let wide = Self.sheet(count: count, notes: { $0 == 900 ? String(repeating: "x", count: 90) : Self.note($0) })
        #expect(wide.columnWidths()[2] == 60 && before.columnWidths()[2] < 60, "the case that widens the column does")
        // From a sheet whose notes' column is at its widest, to one where it is not.
        let narrowed = Self.patched(wide, into: before, rows: [900])
        #expect(narrowed == before.xmlBytes(selected: true))
    }

    @Test func anEarlierPartOfAnotherSheetIsNotPatched() {
        let before = Self.sheet(count: 40, notes: Self.note)
        let after = Self.sheet(count: 40, notes: { $0 == 5 ? "Moved." : Self.note($0) })
        #expect(Self.patched(before, into: after, rows: [5]) != nil)
        // Another header, another range, another selection: the head differs.
        #expect(Self.patched(before, into: after, rows: [5], header: ["id", "name", "remarks", "url"]) == nil)
        #expect(Self.patched(before, into: after, rows: [5], range: "A1:D40") == nil)
        #expect(XLSXSheet.patched(before.xmlBytes(selected: false), range: after.range, header: Self.header, selected: true, rows: [5],
                                  linkColumn: 1, notesColumn: 2, notesWidth: { 20 }, cells: { after.rows[$0] }) == nil)
        // A row the part does not hold, or rows out of order.
        #expect(Self.patched(before, into: after, rows: [40]) == nil)
        #expect(Self.patched(before, into: after, rows: [7, 5]) == nil)
        // Column widths the part does not have as many of, and a part cut short.
        let three = XLSXSheet(name: "Entries", header: ["id", "name", "url"], rows: [[.text("a"), .text("b"), .text("c")]])
        #expect(Self.patched(three, into: after, rows: [0]) == nil)
        let part = before.xmlBytes(selected: true)
        #expect(XLSXSheet.patched(Array(part.prefix(300)), range: after.range, header: Self.header, selected: true, rows: [5],
                                  linkColumn: 1, notesColumn: 2, notesWidth: { 20 }, cells: { after.rows[$0] }) == nil)
        #expect(XLSXSheet.patched([], range: after.range, header: Self.header, selected: true, rows: [5],
                                  linkColumn: 1, notesColumn: 2, notesWidth: { 20 }, cells: { after.rows[$0] }) == nil)
    }

    /// The width measured for the notes alone is the one measuring every column gives.
    @Test func aColumnsWidthIsTheOneOfAllColumns() {
        var random = SplitMix64(seed: 0xC01)
        for _ in 0..<20 {
            let count = Int(random.next() % 300) + 1
            let lengths = (0..<count).map { _ in Int(random.next() % 70) }
            let sheet = Self.sheet(count: count, notes: { String(repeating: $0 % 2 == 0 ? "é" : "a", count: lengths[$0]) })
            #expect(XLSXSheet.columnWidth(header: "notes", count: count) { sheet.rows[$0][2] } == sheet.columnWidths()[2])
        }
        #expect(XLSXSheet.columnWidth(header: String(repeating: "h", count: 30), count: 0) { _ in .text("") } == 32)
        #expect(XLSXSheet.columnWidth(header: "h", count: 0) { _ in .text("") } == XLSXSheet.widths.lowerBound)
    }
}

/// The bytes of a part `ZipArchive.Writer` compressed, inflated from its pieces as they are stored.
struct ZipArchiveInflateTests {
    static func pieces(_ bytes: [UInt8]) throws -> [[UInt8]] {
        let deflater = try ZipArchive.Deflater(path: "p", sizeLimit: UInt64(max(bytes.count, 1)), jobs: 2, memo: nil)
        try deflater.add(bytes)
        return try deflater.finishPieces()
    }

    @Test func aPartInflatesFromItsPieces() throws {
        let bytes = ZipArchiveTests.sheetLike(rows: 40_000)
        let pieces = try Self.pieces(bytes)
        #expect(ZipArchive.inflate(pieces, size: bytes.count) == bytes)
        // The same stream in pieces cut anywhere.
        let joined = Array(pieces.joined())
        #expect(ZipArchive.inflate([Array(joined.prefix(5)), Array(joined.dropFirst(5))], size: bytes.count) == bytes)
        let cut = stride(from: 0, to: joined.count, by: 1_000).map { Array(joined[$0..<min($0 + 1_000, joined.count)]) }
        #expect(cut.count > 10)
        #expect(ZipArchive.inflate(cut, size: bytes.count) == bytes)
        #expect(ZipArchive.inflate([[], joined, []], size: bytes.count) == bytes)
        for part in [[], Array("<Types/>".utf8)] {
            #expect(ZipArchive.inflate(try Self.pieces(part), size: part.count) == part)
        }
    }

    @Test func aStreamOfAnotherSizeOrDamagedIsRefused() throws {
        let bytes = ZipArchiveTests.sheetLike(rows: 5_000)
        let pieces = try Self.pieces(bytes)
        #expect(ZipArchive.inflate(pieces, size: bytes.count - 1) == nil, "more bytes than said")
        #expect(ZipArchive.inflate(pieces, size: bytes.count + 1) == nil, "fewer bytes than said")
        #expect(ZipArchive.inflate(pieces, size: -1) == nil)
        let joined = Array(pieces.joined())
        #expect(ZipArchive.inflate([Array(joined.dropLast(3))], size: bytes.count) == nil, "a stream cut short")
        #expect(ZipArchive.inflate([joined, [0x01]], size: bytes.count) == nil, "bytes after its end")
        #expect(ZipArchive.inflate([joined + [0x01]], size: bytes.count) == nil, "bytes after its end, in its last piece")
        var damaged = joined
        damaged[damaged.count / 2] ^= 0xFF
        damaged[damaged.count / 2 + 1] ^= 0x5A
        #expect(ZipArchive.inflate([damaged], size: bytes.count) != bytes)
        #expect(ZipArchive.inflate([Array(repeating: 0xFF, count: 64)], size: 10) == nil, "not a stream")
    }
}
