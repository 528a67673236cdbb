import Foundation
@testable import QuestlogCore
import Testing

/// Exports written piece by piece (records straight into bytes, parts compressed as their XML is
/// made) are byte for byte what writing them whole gives.
struct ExportPiecesTests {
    static let fields = [
        "", "plain", "a,b", "say \"hi\"", "\"", "\"\"", "line\nbreak", "cr\rlf\r\n", "=1+1", "-5", "-5 apples",
        "=\"x\",y", "@SUM(A1)", "\tTab", "Varré", "龙王 🐉", "\"\u{301}accent", "e\u{301}\"", "a\"\u{200D}b", "\u{600}\"x\"",
        "'quoted'", "+6.02E+23", ",", "\r", "-",
    ]

    @Test(arguments: [true, false])
    func aRecordWrittenIntoBytesIsTheRecordAsText(neutralise: Bool) {
        for field in Self.fields {
            var bytes: [UInt8] = []
            CSVEncoding.appendField(field, neutraliseFormulas: neutralise, to: &bytes)
            let expected = CSVEncoding.field(neutralise ? CSVEncoding.neutralised(field) : field)
            #expect(bytes == Array(expected.utf8), "\(field.debugDescription)")
        }
        var record: [UInt8] = [9]
        CSVEncoding.appendRecord(Self.fields, neutraliseFormulas: neutralise, to: &record)
        #expect(record == [9] + Array(CSVEncoding.record(Self.fields, neutraliseFormulas: neutralise).utf8))
    }

    /// Fields long enough to be read eight bytes at a time, with a quote, comma or line break
    /// anywhere in them, written into a buffer.
    @Test(arguments: [true, false])
    func aFieldWrittenIntoABufferIsTheFieldAsText(neutralise: Bool) {
        var generator = SplitMix(seed: neutralise ? 1 : 2)
        for _ in 0..<1_000 {
            let field = ByteBufferTests.hostile(using: &generator)
            var bytes = ByteBuffer(capacity: 1)
            CSVEncoding.appendField(field, neutraliseFormulas: neutralise, to: &bytes)
            let expected = CSVEncoding.field(neutralise ? CSVEncoding.neutralised(field) : field)
            #expect(bytes.bytes == Array(expected.utf8), "\(field.debugDescription)")
        }
    }

    @Test func csvFilesAreTheirRecordsInPieces() throws {
        let site = ExportThreadsTests.large()
        let options = ExportOptions(jobs: 3)
        let files = CSVExport.files(for: site, options: options)
        let elden = try #require(site.games.first { $0.id == "elden-ring" })
        var checked = 0
        for kind in options.selectedKinds(of: elden, in: site.schema) {
            let file = try #require(files.first { $0.path == CSVExport.path(game: "elden-ring", kind: kind) })
            let rows = ExportTable(game: elden, layout: KindLayout(kind: kind, schema: site.schema), site: site).textRows
            let whole = CSVEncoding.byteOrderMark + Array(rows.map { CSVEncoding.record($0, neutraliseFormulas: true) }.joined().utf8)
            #expect(file.bytes == whole, "\(file.path)")
            if rows.count > 513 {
                #expect(file.chunks.count > 2, "\(file.path): header, then batches of records")
                checked += 1
            }
        }
        #expect(checked > 0)
    }

    @Test func aPartCompressedPieceByPieceIsThePartCompressedWhole() throws {
        let text = (0..<20_000).map { "<row r=\"\($0)\"><c t=\"inlineStr\"><is><t>\($0 * 7919 % 1000)</t></is></c></row>" }.joined()
        let bytes = Array(text.utf8) + (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        let whole = try ZipArchive.deflate(bytes, path: "p")
        for cut in [1, 7, 4_096, 65_536, 300_000, bytes.count] {
            let deflater = try ZipArchive.Deflater(path: "p", sizeLimit: UInt64(UInt32.max) - 1)
            for start in stride(from: 0, to: bytes.count, by: cut) {
                try deflater.add(Array(bytes[start..<min(start + cut, bytes.count)]))
            }
            try deflater.add([])
            #expect(try deflater.finish() == whole, "cut every \(cut) bytes")
            #expect(deflater.crc == ZipArchive.crc32(bytes))
            #expect(deflater.size == UInt64(bytes.count))
        }
    }

    @Test func anArchiveWrittenEntryByEntryIsTheArchiveOfAllEntries() throws {
        var writer = ZipArchive.Writer(archive: ZipArchive())
        for entry in ZipArchiveTests.entries {
            let half = entry.bytes.count / 2
            try writer.add(path: entry.path, pieces: [Array(entry.bytes[..<half]), Array(entry.bytes[half...])])
        }
        #expect(Array(try writer.finish().joined()) == (try ZipArchive().bytes(of: ZipArchiveTests.entries)))
        // A piece past the size limit is refused as the whole entry is.
        var small = ZipArchive.Writer(archive: ZipArchive(sizeLimit: 100))
        #expect(throws: ZipArchiveError.tooLarge("big")) {
            try small.add(path: "big", pieces: [[UInt8](repeating: 1, count: 60), [UInt8](repeating: 2, count: 41)])
        }
    }

    @Test func aSheetsXMLInPiecesIsItsXMLWhole() throws {
        let rows: [[ExportCell]] = (0..<9_000).map { [.text("row \($0)"), .int($0), .bool($0 % 2 == 0), .date("2024-03-0\($0 % 9 + 1)")] }
        let sheet = XLSXSheet(name: "s", header: ["a", "b", "c", "d"], rows: rows, linkColumn: 0,
                              links: rows.indices.map { $0 % 3 == 0 ? "x/\($0).html" : nil })
        let whole = sheet.xmlBytes(selected: true)
        for jobs in [1, 3] {
            var pieces: [[UInt8]] = []
            sheet.xml(selected: true, jobs: jobs) { pieces.append($0) }
            #expect(pieces.count > 3, "head, rounds of rows, tail")
            #expect(Array(pieces.joined()) == whole)
        }
        let text = String(decoding: whole, as: UTF8.self)
        #expect(text.hasPrefix(XLSXWorkbook.declaration + "<worksheet"))
        #expect(text.contains("<row r=\"9001\">"))
        #expect(text.hasSuffix("</hyperlinks></worksheet>"))
    }

    @Test func aWorkbookMakesEachSheetOnlyWhenItsPartIsWritten() throws {
        let made = Counter()
        let sheets = (0..<3).map { index in
            XLSXWorkbook.Sheet(name: "s\(index)", columns: 1, rows: 1) {
                made.increment()
                return XLSXSheet(name: "s\(index)", header: ["a"], rows: [[.int(index)]])
            }
        }
        let workbook = XLSXWorkbook(title: "t", sheets: sheets)
        #expect(made.value == 0)
        let lazily = try workbook.bytes()
        #expect(made.value == 3)
        let eager = XLSXWorkbook(title: "t", sheets: (0..<3).map { XLSXSheet(name: "s\($0)", header: ["a"], rows: [[.int($0)]]) })
        #expect(try eager.bytes() == lazily)
        let parts = try #require(ZipReader.read(lazily))
        #expect(parts.map(\.path).suffix(3) == ["xl/worksheets/sheet1.xml", "xl/worksheets/sheet2.xml", "xl/worksheets/sheet3.xml"])
    }
}

private final class Counter: @unchecked Sendable {
    private var count = 0
    private let lock = NSLock()
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
