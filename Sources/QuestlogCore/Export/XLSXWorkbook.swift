import Foundation

/// An XLSX file (Office Open XML SpreadsheetML) written part by part: the content types, the
/// package and workbook relationships, document properties with a fixed date, the workbook with its
/// sheets and their autofilters, the styles, then each sheet with its hyperlinks' relationships, in
/// that order inside a `ZipArchive`. The same sheets always give the same bytes.
struct XLSXWorkbook: Sendable {
    /// The document's title, in its properties.
    var title: String
    var sheets: [Sheet]
    /// Threads that write sheets' rows; the bytes do not depend on it.
    var jobs = 1
    /// Compressed blocks of earlier workbooks, reused where their bytes come again; the bytes do not
    /// depend on it.
    var memo: DeflateMemo?
    /// The workbook the last build wrote at this one's path (`path`), open: the sheets marked
    /// `unchanged` are taken from it, compressed as they are, and those with rows to patch
    /// (`Sheet.Patch`) made from its parts, when it holds them and the parts before the sheets are
    /// the same in both; the bytes do not depend on it.
    var earlier: PiecedFile?
    /// The workbook's path among the exports, which the memo keeps its blocks under.
    var path = ""
    /// Counts the sheets of entries (`Sheet.counted`) taken from `earlier` (whole or patched) and made.
    var runs: ExportReuse.RunCount?

    /// A sheet as the parts before the sheets need it, its name and size, and how to make it,
    /// so that each sheet is made only when its part is written, and freed after.
    struct Sheet: Sendable {
        var name: String
        var columns: Int
        var rows: Int
        var make: @Sendable () -> XLSXSheet
        /// Whether the sheet's bytes are known to be those of the same sheet in `earlier`.
        var unchanged = false
        /// Whether the sheet is one of entries, counted in `runs`, and the kind of those entries.
        var counted = false
        var kind: String?
        /// How the sheet is made from the same sheet in `earlier` when the two differ in nothing
        /// but some rows' notes; nil when it is always made whole.
        var patch: Patch?

        /// A sheet of entries as the same sheet of an earlier workbook and the rows of the entries
        /// whose notes changed (`rows`): in a sheet whose entries differ from the earlier one's in
        /// nothing but their notes, every other row is the earlier sheet's byte for byte, and so
        /// is every column's width but that of the notes. The rows of `rows` are made again, the
        /// width of the notes' column measured again, and the rest taken from the earlier sheet's
        /// part, inflated: the table of every other entry is neither made nor measured nor written.
        struct Patch: Sendable {
            var header: [String]
            /// The table rows (0-based, under the header) to make again, in order.
            var rows: [Int] = []
            /// The cells of a table row.
            var cells: @Sendable (Int) -> [ExportCell]
            /// The column whose cells link to the entries' pages, in every row.
            var linkColumn: Int
            /// The column of the notes, and its width over every row now.
            var notesColumn: Int
            var notesWidth: @Sendable () -> Int
        }

        /// A sheet already made.
        init(_ sheet: XLSXSheet) {
            self.init(name: sheet.name, columns: sheet.header.count, rows: sheet.rows.count) { sheet }
        }

        init(name: String, columns: Int, rows: Int, make: @escaping @Sendable () -> XLSXSheet) {
            self.name = name
            self.columns = columns
            self.rows = rows
            self.make = make
        }

        var range: String {
            XLSXSheet.range(columns: columns, rows: rows)
        }
    }

    init(title: String, sheets: [Sheet], jobs: Int = 1, memo: DeflateMemo? = nil) {
        self.title = title
        self.sheets = sheets
        self.jobs = jobs
        self.memo = memo
    }

    init(title: String, sheets: [XLSXSheet], jobs: Int = 1) {
        self.init(title: title, sheets: sheets.map(Sheet.init), jobs: jobs)
    }

    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
    static let mainNamespace = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    static let relationshipsNamespace = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    static let hyperlinkType = relationshipsNamespace + "/hyperlink"
    /// Document properties carry this date, so that files do not change from run to run.
    static let fixedDate = "1980-01-01T00:00:00Z"

    /// The parts of the file before the sheets, paths inside the package, in their order in the archive.
    var fixedParts: [(path: String, bytes: [UInt8])] {
        let fixed: [(path: String, text: String)] = [
            ("[Content_Types].xml", contentTypes),
            ("_rels/.rels", Self.relationships([
                (id: "rId1", type: Self.relationshipsNamespace + "/officeDocument", target: "xl/workbook.xml", external: false),
                (id: "rId2", type: "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties",
                 target: "docProps/core.xml", external: false),
                (id: "rId3", type: Self.relationshipsNamespace + "/extended-properties", target: "docProps/app.xml", external: false),
            ])),
            ("docProps/app.xml", Self.declaration
                + "<Properties xmlns=\"http://schemas.openxmlformats.org/officeDocument/2006/extended-properties\">"
                + "<Application>Questlog</Application></Properties>"),
            ("docProps/core.xml", Self.declaration
                + "<cp:coreProperties xmlns:cp=\"http://schemas.openxmlformats.org/package/2006/metadata/core-properties\""
                + " xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:dcterms=\"http://purl.org/dc/terms/\""
                + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">"
                + "<dc:title>\(XMLText.content(title))</dc:title><dc:creator>Questlog</dc:creator>"
                + "<dcterms:created xsi:type=\"dcterms:W3CDTF\">\(Self.fixedDate)</dcterms:created>"
                + "<dcterms:modified xsi:type=\"dcterms:W3CDTF\">\(Self.fixedDate)</dcterms:modified>"
                + "</cp:coreProperties>"),
            ("xl/workbook.xml", workbook),
            ("xl/_rels/workbook.xml.rels", Self.relationships(sheets.indices.map { index in
                (id: "rId\(index + 1)", type: Self.relationshipsNamespace + "/worksheet",
                 target: "worksheets/sheet\(index + 1).xml", external: false)
            } + [(id: "rId\(sheets.count + 1)", type: Self.relationshipsNamespace + "/styles", target: "styles.xml", external: false)])),
            ("xl/styles.xml", XLSXStyle.stylesheet),
        ]
        return fixed.map { (path: $0.path, bytes: Array($0.text.utf8)) }
    }

    /// The file's bytes as pieces. The sheets are made one after another, each one's rows written
    /// in rounds and the sheet freed before the next is made, so that only one sheet's table is
    /// held beside the compressed file. With several `jobs`, the parts are compressed on a thread
    /// of their own while the next rows are written, a bounded number of pieces behind them.
    func chunks() throws(ZipArchiveError) -> [[UInt8]] {
        var archive = ZipArchive(jobs: jobs, memo: memo)
        archive.scope = path + ":"
        let writer = ZipArchive.BackgroundWriter(archive: archive, background: jobs > 1, capacity: 4)
        let fixed = fixedParts
        let stored = earlierEntries(matching: fixed)
        for part in fixed {
            writer.add(path: part.path, pieces: [part.bytes])
        }
        func write(_ sheet: XLSXSheet, number: Int) {
            let path = "xl/worksheets/sheet\(number).xml"
            writer.begin(path: path)
            sheet.xml(selected: number == 1, jobs: jobs) { writer.add($0) }
            writer.end(path: path)
            if sheet.hasRelationships {
                let relationships = "xl/worksheets/_rels/sheet\(number).xml.rels"
                writer.begin(path: relationships)
                sheet.relationships { writer.add($0) }
                writer.end(path: relationships)
            }
        }
        for (index, outline) in sheets.enumerated() {
            // Taken whole, compressed as it is; or patched, its rows made again where notes changed.
            var taken = outline.unchanged ? stored.flatMap { take(sheet: index + 1, from: $0) } : nil
            var patchedPart: [UInt8]?
            if taken == nil, !outline.unchanged, let patch = outline.patch, !patch.rows.isEmpty, let stored,
               let patched = patched(sheet: index + 1, range: outline.range, patch: patch, from: stored) {
                patchedPart = patched.xml
                taken = patched.taken
            }
            if outline.counted { runs?.add(taken: taken != nil) }
            if let patchedPart {
                writer.add(path: "xl/worksheets/sheet\(index + 1).xml", pieces: [patchedPart])
            }
            if let taken {
                for part in taken {
                    writer.append(path: part.path, size: part.entry.size, crc: part.entry.crc, compressedPieces: part.pieces)
                    memo?.keep(part: archive.scope + part.path)
                }
                continue
            }
            write(outline.make(), number: index + 1)
            // The sheet's table is freed; its room goes back to the system rather than staying with
            // the threads that wrote it while the next sheet is made (threads of their own keep
            // memory of their own).
            BuildTimings.releaseFreedMemory()
        }
        return try writer.finish()
    }

    /// The entries of `earlier`, when the parts before its sheets are `fixed` byte for byte (their
    /// sizes and CRC-32s): the same sheets, of the same names and sizes, in the same order.
    private func earlierEntries(matching fixed: [(path: String, bytes: [UInt8])]) -> [String: ZipArchive.StoredEntry]? {
        guard let earlier, sheets.contains(where: { $0.unchanged || $0.patch?.rows.isEmpty == false }),
              let entries = ZipArchive.storedEntries(of: earlier) else { return nil }
        for part in fixed {
            guard let entry = entries[part.path], entry.size == UInt64(part.bytes.count), entry.crc == ZipArchive.crc32(part.bytes) else { return nil }
        }
        return entries
    }

    /// A part as `earlier` holds it: its entry and its compressed pieces.
    private typealias StoredPart = (path: String, entry: ZipArchive.StoredEntry, pieces: [[UInt8]])

    /// Those of the parts at `paths` that `earlier` holds, compressed; nil when a piece cannot be read.
    private func storedParts(_ paths: [String], from entries: [String: ZipArchive.StoredEntry]) -> [StoredPart]? {
        guard let earlier else { return nil }
        var taken: [StoredPart] = []
        for path in paths {
            guard let entry = entries[path] else { continue }
            var pieces: [[UInt8]] = []
            for index in entry.pieces {
                guard let piece = earlier.piece(index) else { return nil }
                pieces.append(piece)
            }
            taken.append((path, entry, pieces))
        }
        return taken
    }

    /// Sheet `number`'s part and the relationships of its links, compressed, as `earlier` holds
    /// them; nil when it does not hold the sheet or a piece cannot be read.
    private func take(sheet number: Int, from entries: [String: ZipArchive.StoredEntry]) -> [StoredPart]? {
        guard entries["xl/worksheets/sheet\(number).xml"] != nil else { return nil }
        return storedParts(["xl/worksheets/sheet\(number).xml", "xl/worksheets/_rels/sheet\(number).xml.rels"], from: entries)
    }

    /// Sheet `number`'s part made from `earlier`'s (`Sheet.Patch`), of a table over `range`, with
    /// the relationships of its links as `earlier` holds them, compressed (the links are the same);
    /// nil when `earlier` does not hold the sheet, a piece cannot be read, or its part is not that
    /// of the same sheet (`XLSXSheet.patched`).
    private func patched(sheet number: Int, range: String, patch: Sheet.Patch, from entries: [String: ZipArchive.StoredEntry])
        -> (xml: [UInt8], taken: [StoredPart])? {
        let path = "xl/worksheets/sheet\(number).xml"
        guard let entry = entries[path], entry.size <= UInt64(Int32.max),
              let compressed = storedParts([path], from: entries)?.first?.pieces,
              let old = ZipArchive.inflate(compressed, size: Int(entry.size)),
              let taken = storedParts(["xl/worksheets/_rels/sheet\(number).xml.rels"], from: entries),
              let xml = XLSXSheet.patched(old, range: range, header: patch.header, selected: number == 1, rows: patch.rows,
                                          linkColumn: patch.linkColumn, notesColumn: patch.notesColumn, notesWidth: patch.notesWidth,
                                          cells: patch.cells) else { return nil }
        return (xml, taken)
    }

    /// The file's bytes.
    func bytes() throws(ZipArchiveError) -> [UInt8] {
        Array(try chunks().joined())
    }

    private var contentTypes: String {
        var xml = Self.declaration
            + "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
            + "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
            + "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
            + "<Override PartName=\"/xl/workbook.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/>"
            + "<Override PartName=\"/xl/styles.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml\"/>"
        for index in sheets.indices {
            xml += "<Override PartName=\"/xl/worksheets/sheet\(index + 1).xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/>"
        }
        return xml
            + "<Override PartName=\"/docProps/core.xml\" ContentType=\"application/vnd.openxmlformats-package.core-properties+xml\"/>"
            + "<Override PartName=\"/docProps/app.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.extended-properties+xml\"/>"
            + "</Types>"
    }

    /// The sheets in order, and each one's autofilter range as the name spreadsheet apps give it.
    private var workbook: String {
        var xml = Self.declaration
            + "<workbook xmlns=\"\(Self.mainNamespace)\" xmlns:r=\"\(Self.relationshipsNamespace)\">"
            + "<bookViews><workbookView activeTab=\"0\"/></bookViews><sheets>"
        for (index, sheet) in sheets.enumerated() {
            xml += "<sheet name=\"\(XMLText.attribute(sheet.name))\" sheetId=\"\(index + 1)\" r:id=\"rId\(index + 1)\"/>"
        }
        xml += "</sheets><definedNames>"
        for (index, sheet) in sheets.enumerated() {
            let range = sheet.range.split(separator: ":").map { "$" + Self.absolute(String($0)) }.joined(separator: ":")
            let quoted = "'" + sheet.name.replacingOccurrences(of: "'", with: "''") + "'"
            xml += "<definedName name=\"_xlnm._FilterDatabase\" localSheetId=\"\(index)\" hidden=\"1\">"
                + XMLText.content(quoted + "!" + range) + "</definedName>"
        }
        return xml + "</definedNames></workbook>"
    }

    /// `K4` → `K$4`; the caller adds the column's `$`.
    private static func absolute(_ reference: String) -> String {
        let letters = reference.prefix { $0.isLetter }
        return letters + "$" + reference.dropFirst(letters.count)
    }

    /// What a relationships part starts with, before its relationships.
    static let relationshipsStart = declaration + "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"

    /// A relationships part.
    static func relationships(_ items: [(id: String, type: String, target: String, external: Bool)]) -> String {
        relationshipsStart
            + items.map { item in
                "<Relationship Id=\"\(item.id)\" Type=\"\(item.type)\" Target=\"\(XMLText.attribute(item.target))\""
                    + (item.external ? " TargetMode=\"External\"" : "") + "/>"
            }.joined()
            + "</Relationships>"
    }
}
