import Foundation

/// One worksheet of an XLSX export: a bold, frozen header row over typed cells, with an autofilter
/// over the table, columns fitted to their content and hyperlinks in one column.
struct XLSXSheet: Sendable {
    var name: String
    var header: [String]
    var rows: [[ExportCell]]
    /// The column whose cells link somewhere, and each row's target (relative to the workbook); nil
    /// for no link.
    var linkColumn = 0
    var links: [String?] = []
    /// A column of fractions shown as percentages.
    var percentColumn: Int?

    /// The narrowest and widest a column is fitted, in characters.
    static let widths = 8...60
    /// Excel's limit on the characters of a cell (UTF-16 units); longer text is cut.
    static let maximumTextLength = 32_767

    /// The targets of the links, with the rows and columns of the cells holding them.
    var hyperlinks: [(cell: String, target: String)] {
        links.enumerated().compactMap { row, target in
            target.map { (cell: Self.reference(column: linkColumn, row: row + 2), target: $0) }
        }
    }

    /// The whole table: `A1:K4`.
    var range: String {
        Self.range(columns: header.count, rows: rows.count)
    }

    /// The range of a table of `columns` columns and a header over `rows` rows.
    static func range(columns: Int, rows: Int) -> String {
        reference(column: 0, row: 1) + ":" + reference(column: max(columns, 1) - 1, row: rows + 1)
    }

    /// `xl/worksheets/sheetN.xml`. `selected` marks the sheet a spreadsheet app opens on.
    func xml(selected: Bool) -> String {
        String(decoding: xmlBytes(selected: selected), as: UTF8.self)
    }

    /// `xl/worksheets/sheetN.xml` as UTF-8, its rows written in batches on up to `jobs` threads
    /// (the bytes do not depend on `jobs`).
    func xmlBytes(selected: Bool, jobs: Int = 1) -> [UInt8] {
        var whole: [UInt8] = []
        xml(selected: selected, jobs: jobs) { whole.append(contentsOf: $0) }
        return whole
    }

    /// `xmlBytes(selected:jobs:)` handed to `body` piece by piece: the head, then the rows in
    /// rounds of batches, each round written on up to `jobs` threads, then the tail; so the rows'
    /// XML is never held whole.
    func xml<Failure: Error>(selected: Bool, jobs: Int = 1, into body: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        let columns = (0..<max(header.count, rows.map(\.count).max() ?? 0)).map { Array(Self.columnName($0).utf8) }
        try body(Self.head(range: range, header: header, columns: columns, selected: selected, widths: columnWidths(jobs: jobs)))
        let batch = 512
        let round = batch * 2 * max(jobs, 1)
        for first in stride(from: 0, to: rows.count, by: round) {
            let end = min(first + round, rows.count)
            let batches = Parallel.map(Array(stride(from: first, to: end, by: batch)), jobs: jobs) { start -> [UInt8] in
                // A buffer rather than an array: a batch is thousands of cells of a few short pieces each.
                var bytes = ByteBuffer(capacity: batch * 256)
                for index in start..<min(start + batch, rows.count) {
                    Self.appendRow(rows[index], index: index, columns: columns, to: &bytes) { style(column: $0, row: index) }
                }
                return bytes.take()
            }
            for bytes in batches { try body(bytes) }
        }
        var xml = Array("</sheetData><autoFilter ref=\"\(range)\"/>".utf8)
        if links.contains(where: { $0 != nil }) {
            xml.append(contentsOf: "<hyperlinks>".utf8)
            let column = Array(Self.columnName(linkColumn).utf8)
            var number = 0
            for (row, target) in links.enumerated() where target != nil {
                number += 1
                xml.append(contentsOf: "<hyperlink ref=\"".utf8)
                xml.append(contentsOf: column)
                xml.append(contentsOf: String(row + 2).utf8)
                xml.append(contentsOf: "\" r:id=\"rId".utf8)
                xml.append(contentsOf: String(number).utf8)
                xml.append(contentsOf: "\"/>".utf8)
            }
            xml.append(contentsOf: "</hyperlinks>".utf8)
        }
        xml.append(contentsOf: "</worksheet>".utf8)
        try body(xml)
    }

    /// What a sheet's part holds before its rows: the declaration, the dimension of the table
    /// (`range`), the view (frozen under the header; `selected` marks the sheet a spreadsheet app
    /// opens on), the columns' `widths`, and the header row, its cells in `columns` (their names).
    static func head(range: String, header: [String], columns: [[UInt8]], selected: Bool, widths: [Int]) -> [UInt8] {
        var xml = Array((XLSXWorkbook.declaration
            + "<worksheet xmlns=\"\(XLSXWorkbook.mainNamespace)\" xmlns:r=\"\(XLSXWorkbook.relationshipsNamespace)\">"
            + "<dimension ref=\"\(range)\"/>"
            + "<sheetViews><sheetView\(selected ? " tabSelected=\"1\"" : "") workbookViewId=\"0\">"
            + "<pane ySplit=\"1\" topLeftCell=\"A2\" activePane=\"bottomLeft\" state=\"frozen\"/>"
            + "<selection pane=\"bottomLeft\" activeCell=\"A2\" sqref=\"A2\"/></sheetView></sheetViews>"
            + "<sheetFormatPr defaultRowHeight=\"15\"/><cols>").utf8)
        for (column, width) in widths.enumerated() {
            xml.append(contentsOf: "<col min=\"\(column + 1)\" max=\"\(column + 1)\" width=\"\(width)\" customWidth=\"1\"/>".utf8)
        }
        xml.append(contentsOf: "</cols><sheetData><row r=\"1\">".utf8)
        for (column, title) in header.enumerated() {
            appendCell(.text(title), column: columns[column], row: 1, style: .header, to: &xml)
        }
        xml.append(contentsOf: "</row>".utf8)
        return xml
    }

    private static let rowStart = Array("<row r=\"".utf8), rowEnd = Array("</row>".utf8)

    /// Appends the row of table row `index` (0-based, under the header: the sheet's row
    /// `index + 2`), its cells in `columns` (their names), each in the style `style` gives its column.
    static func appendRow<Sink: ByteSink & ~Copyable>(_ cells: [ExportCell], index: Int, columns: [[UInt8]], to bytes: inout Sink,
                                                       style: (Int) -> XLSXStyle?) {
        let digits = Array(String(index + 2).utf8)
        rowStart.withUnsafeBufferPointer { bytes.appendBytes($0) }
        digits.withUnsafeBufferPointer { bytes.appendBytes($0) }
        bytes.appendByte(UInt8(ascii: "\""))
        bytes.appendByte(UInt8(ascii: ">"))
        for (column, cell) in cells.enumerated() {
            appendCell(cell, column: columns[column], row: digits, style: style(column), to: &bytes)
        }
        rowEnd.withUnsafeBufferPointer { bytes.appendBytes($0) }
    }

    /// `old`, the part of a sheet of `header` over a table of `range` (`selected` as it was), with
    /// the table rows `rows` (0-based, in order) made again from `cells`, their link column
    /// `linkColumn`, and the width of column `notesColumn` made `notesWidth()`: the part of that
    /// sheet with those rows, when all its other cells are those of `old` (`XLSXWorkbook.Sheet.Patch`).
    /// Nil when `old` is not the part of such a sheet: its head is not the head of a sheet of that
    /// header and range with the widths it gives, or a row is not where it must be.
    ///
    /// The rows are found by their opening tags: markup alone holds `<`, which the text of a cell
    /// and the value of an attribute escape.
    static func patched(_ old: [UInt8], range: String, header: [String], selected: Bool, rows: [Int], linkColumn: Int,
                        notesColumn: Int, notesWidth: () -> Int, cells: (Int) -> [ExportCell]) -> [UInt8]? {
        let columns = header.indices.map { Array(columnName($0).utf8) }
        guard notesColumn >= 0, notesColumn < header.count, let widths = widths(in: old, count: header.count) else { return nil }
        let head = head(range: range, header: header, columns: columns, selected: selected, widths: widths)
        guard old.count >= head.count, old.withUnsafeBytes({ memcmp($0.baseAddress!, head, head.count) }) == 0 else { return nil }
        var now = widths
        now[notesColumn] = notesWidth()
        var xml = now == widths ? head : Self.head(range: range, header: header, columns: columns, selected: selected, widths: now)
        xml.reserveCapacity(old.count + 4096)
        var cursor = head.count
        for row in rows {
            let opening = Array("<row r=\"\(row + 2)\">".utf8)
            guard let start = find(opening, in: old, from: cursor), let end = find(rowEnd, in: old, from: start + opening.count) else { return nil }
            xml.append(contentsOf: old[cursor..<start])
            appendRow(cells(row), index: row, columns: columns, to: &xml) { $0 == linkColumn ? .link : nil }
            cursor = end + rowEnd.count
        }
        xml.append(contentsOf: old[cursor...])
        return xml
    }

    /// The widths of the `count` columns of a sheet's part, as its `<cols>` has them; nil unless it
    /// has that many.
    private static func widths(in part: [UInt8], count: Int) -> [Int]? {
        let opening = Array("<cols>".utf8), closing = Array("</cols>".utf8), attribute = Array(" width=\"".utf8)
        guard let start = find(opening, in: part, from: 0), let end = find(closing, in: part, from: start) else { return nil }
        var widths: [Int] = []
        var cursor = start
        // Looked for before `</cols>` alone: past the last width, the rows would be searched to the end.
        while let found = find(attribute, in: part, from: cursor, before: end) {
            var index = found + attribute.count
            var width = 0
            while index < end, part[index] >= UInt8(ascii: "0"), part[index] <= UInt8(ascii: "9"), width < 1_000_000 {
                width = width * 10 + Int(part[index] - UInt8(ascii: "0"))
                index += 1
            }
            widths.append(width)
            cursor = index
        }
        return widths.count == count ? widths : nil
    }

    /// Where `needle` first begins in `bytes` at or after `offset`, ending by `limit` (the end of
    /// `bytes` when nil): each place its first byte is (`memchr`) compared with it whole.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from offset: Int, before limit: Int? = nil) -> Int? {
        let stop = min(limit ?? bytes.count, bytes.count)
        guard offset >= 0, offset < stop, let first = needle.first else { return nil }
        return bytes.withUnsafeBytes { haystack -> Int? in
            needle.withUnsafeBytes { needle -> Int? in
                let base = haystack.baseAddress!
                var at = offset
                while stop - at >= needle.count {
                    guard let found = memchr(base + at, Int32(first), stop - needle.count + 1 - at) else { return nil }
                    at = UnsafeRawPointer(found) - base
                    if memcmp(found, needle.baseAddress!, needle.count) == 0 { return at }
                    at += 1
                }
                return nil
            }
        }
    }

    /// `xl/worksheets/_rels/sheetN.xml.rels`: one external relationship per hyperlink; nil without links.
    var relationships: String? {
        let links = hyperlinks
        guard !links.isEmpty else { return nil }
        return XLSXWorkbook.relationships(links.enumerated().map { number, link in
            (id: "rId\(number + 1)", type: XLSXWorkbook.hyperlinkType, target: link.target, external: true)
        })
    }

    /// Whether the sheet has a relationships part: whether some row links somewhere.
    var hasRelationships: Bool {
        links.contains { $0 != nil }
    }

    /// `relationships` as UTF-8, written straight into its bytes.
    var relationshipBytes: [UInt8]? {
        guard hasRelationships else { return nil }
        var whole: [UInt8] = []
        relationships { whole.append(contentsOf: $0) }
        return whole
    }

    /// `relationshipBytes` handed to `body` in pieces of `batch` relationships, so that a long list
    /// is never one buffer.
    func relationships(batch: Int = 4_096, into body: ([UInt8]) -> Void) {
        let type = Array(XLSXWorkbook.hyperlinkType.utf8)
        var out = Array(XLSXWorkbook.relationshipsStart.utf8)
        var number = 0
        for case let target? in links {
            number += 1
            out.append(contentsOf: "<Relationship Id=\"rId".utf8)
            out.append(contentsOf: String(number).utf8)
            out.append(contentsOf: "\" Type=\"".utf8)
            out.append(contentsOf: type)
            out.append(contentsOf: "\" Target=\"".utf8)
            XMLText.appendAttribute(target, to: &out)
            out.append(contentsOf: "\" TargetMode=\"External\"/>".utf8)
            if number % batch == 0 {
                body(out)
                out = []
            }
        }
        out.append(contentsOf: "</Relationships>".utf8)
        body(out)
    }

    private func style(column: Int, row: Int) -> XLSXStyle? {
        if column == linkColumn, row < links.count, links[row] != nil { return .link }
        if column == percentColumn { return .percent }
        return nil
    }

    /// Each column's width: its longest line (header included) and room for the filter button,
    /// within `widths`.
    func columnWidths(jobs: Int = 1) -> [Int] {
        let batch = 1024
        let longest = Parallel.map(Array(stride(from: 0, to: rows.count, by: batch)), jobs: jobs) { start -> [Int] in
            var longest = [Int](repeating: 0, count: header.count)
            // A column as wide as the widest allowed is not measured further.
            let enough = Self.widths.upperBound - 2
            for row in rows[start..<min(start + batch, rows.count)] {
                for column in 0..<min(row.count, header.count) where longest[column] < enough {
                    longest[column] = max(longest[column], Self.displayLength(row[column]))
                }
            }
            return longest
        }.reduce(header.map(\.count)) { zip($0, $1).map { max($0, $1) } }
        return longest.map { min(max($0 + 2, Self.widths.lowerBound), Self.widths.upperBound) }
    }

    /// The width `columnWidths` gives a column of `header` over the cells `cell(0..<count)`,
    /// measured no further than the widest column needs.
    static func columnWidth(header: String, count: Int, cell: (Int) -> ExportCell) -> Int {
        let enough = widths.upperBound - 2
        var longest = header.count
        var index = 0
        while index < count && longest < enough {
            longest = max(longest, displayLength(cell(index)))
            index += 1
        }
        return min(max(longest + 2, widths.lowerBound), widths.upperBound)
    }

    /// The characters of a cell's longest line, counted no further than the widest column needs
    /// (`widths.upperBound - 2`).
    static func displayLength(_ cell: ExportCell) -> Int {
        switch cell {
        case let .text(text):
            var contiguous = text
            return contiguous.withUTF8 { displayLength(utf8: $0) } ?? displayLength(characters: text)
        case let .utf8(bytes):
            return bytes.withUnsafeBufferPointer { displayLength(utf8: $0) } ?? displayLength(characters: String(decoding: bytes, as: UTF8.self))
        case .bool: return 5
        case .date: return 10
        case .int, .number: return cell.text.count
        }
    }

    /// `displayLength` of the text whose UTF-8 bytes are `utf8`, counted by its bytes: nil when it
    /// holds a scalar that may join the one before it (`standsAlone`) before a line reaches the
    /// widest column, for the text to be counted by characters.
    private static func displayLength(utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        let enough = widths.upperBound - 2
        var longest = 0
        var run = 0
        var index = 0
        let count = utf8.count
        while index < count {
            // Eight ASCII characters at a time, none of them below 0x0E (no line break).
            if index + 8 <= count {
                let word = UnsafeRawPointer(utf8.baseAddress! + index).loadUnaligned(as: UInt64.self)
                if word & ByteWord.highs == 0 && ByteWord.below(word, 0x0E) == 0 {
                    run += 8
                    index += 8
                    if run > longest {
                        // As counted one by one: the count stops where it reaches `enough`.
                        longest = min(run, enough)
                        if longest >= enough { return longest }
                    }
                    continue
                }
            }
            let byte = utf8[index]
            var scalar = UInt32(byte)
            if byte < 0x80 {
                index += 1
            } else if byte < 0xE0, index + 1 < count {
                scalar = UInt32(byte & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F)
                index += 2
            } else if byte < 0xF0, index + 2 < count {
                scalar = UInt32(byte & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F)
                index += 3
            } else {
                return nil
            }
            guard scalar < 0x80 || Self.standsAlone(scalar) else {
                return nil
            }
            // Every line break (CR, LF, CRLF, VT, FF, NEL, U+2028, U+2029) ends a line, as
            // `isNewline` has it.
            if scalar >= 0x0A && scalar <= 0x0D || scalar == 0x85 || scalar == 0x2028 || scalar == 0x2029 {
                run = 0
            } else {
                run += 1
                if run > longest {
                    longest = run
                    if longest >= enough { return longest }
                }
            }
        }
        return longest
    }

    /// `displayLength` of `text` counted by characters.
    private static func displayLength(characters text: String) -> Int {
        let enough = widths.upperBound - 2
        var longest = 0
        var run = 0
        for character in text {
            if character.isNewline {
                run = 0
                continue
            }
            run += 1
            longest = max(longest, run)
            if longest >= enough { break }
        }
        return longest
    }

    /// Whether a scalar beyond ASCII is a character of its own whatever stands beside it among
    /// ASCII and such scalars: one of the blocks of Latin, Greek, Cyrillic, punctuation, kana, CJK
    /// ideographs, Hangul syllables and full-width forms, less the marks and joiners in them that
    /// join the scalar before (U+0483–0489, U+200C–200D, U+302A–302F, U+3099–309A, U+FF9E–FF9F).
    /// Text of such scalars has as many characters as scalars; other text (Devanagari, combining
    /// marks, emoji) is counted by `Character`.
    static func standsAlone(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x80...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x1E00...0x1EFF, 0x2000...0x200B, 0x200E...0x206F,
             0x3000...0x3029, 0x3030...0x3098, 0x309B...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF9D:
            return true
        default:
            return false
        }
    }

    /// A cell: booleans `t="b"`, numbers and dates (as serial numbers) plain, text an inline
    /// string; never a formula. Empty text is no cell at all.
    static func cell(_ value: ExportCell, at reference: String, style: XLSXStyle?) -> String {
        let digits = reference.firstIndex(where: \.isNumber) ?? reference.endIndex
        var bytes: [UInt8] = []
        appendCell(value, column: Array(reference[..<digits].utf8), row: Int(reference[digits...]) ?? 1, style: style, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the cell at `column` (its letters) and `row` to `out`.
    static func appendCell<Sink: ByteSink & ~Copyable>(_ value: ExportCell, column: [UInt8], row: Int, style: XLSXStyle?, to out: inout Sink) {
        appendCell(value, column: column, row: Array(String(row).utf8), style: style, to: &out)
    }

    /// Markup written in the code, copied from the program's own bytes: through arrays kept in
    /// statics, each piece of each of a workbook's 150,000 cells went through a check that the
    /// static was made, and a count up and down of its array.
    @inline(__always)
    private static func put<Sink: ByteSink & ~Copyable>(_ text: StaticString, to out: inout Sink) {
        text.withUTF8Buffer { out.appendBytes($0) }
    }

    @inline(__always)
    private static func put<Sink: ByteSink & ~Copyable>(_ bytes: [UInt8], to out: inout Sink) {
        bytes.withUnsafeBufferPointer { out.appendBytes($0) }
    }

    @inline(__always)
    private static func put<Sink: ByteSink & ~Copyable>(string text: String, to out: inout Sink) {
        var text = text
        text.withUTF8 { out.appendBytes($0) }
    }

    /// `appendCell(_:column:row:style:to:)` with the row's number written out (`rowDigits`), as
    /// every cell of a row has it.
    static func appendCell<Sink: ByteSink & ~Copyable>(_ value: ExportCell, column: [UInt8], row rowDigits: [UInt8], style: XLSXStyle?,
                                                        to out: inout Sink) {
        switch value {
        case let .bool(flag):
            open(column: column, row: rowDigits, style: style, type: "b", to: &out)
            put("<v>", to: &out)
            out.appendByte(flag ? UInt8(ascii: "1") : UInt8(ascii: "0"))
            put("</v></c>", to: &out)
        case let .int(value) where value.magnitude <= 1 << 53:
            number(String(value), column: column, row: rowDigits, style: style, to: &out)
        case let .number(value) where value.isFinite:
            number(String(value), column: column, row: rowDigits, style: style, to: &out)
        case let .date(text):
            guard let serial = serialNumber(ofDate: text) else {
                appendCell(.text(text), column: column, row: rowDigits, style: style, to: &out)
                return
            }
            number(String(serial), column: column, row: rowDigits, style: style ?? .date, to: &out)
        case let .utf8(bytes) where bytes.count <= maximumTextLength && hasAllowedASCII(bytes):
            // Short enough not to be cut, with a character XML allows: written from its bytes.
            open(column: column, row: rowDigits, style: style, type: "inlineStr", to: &out)
            put("<is><t xml:space=\"preserve\">", to: &out)
            XMLText.appendContent(utf8: bytes, to: &out)
            put("</t></is></c>", to: &out)
        case .int, .number, .text, .utf8:
            let raw = value.text
            let text = raw.utf8.count > maximumTextLength ? truncated(XMLText.allowed(raw)) : raw
            guard text.unicodeScalars.contains(where: XMLText.isAllowed) else { return }
            open(column: column, row: rowDigits, style: style, type: "inlineStr", to: &out)
            put("<is><t xml:space=\"preserve\">", to: &out)
            XMLText.appendContent(text, to: &out)
            put("</t></is></c>", to: &out)
        }
    }

    /// Whether `bytes` hold a character XML allows that is ASCII (tab, line feed, carriage return
    /// or from the space on): enough for a cell of them to be written. Most cells' first byte is one.
    private static func hasAllowedASCII(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.contains { ($0 >= 0x20 && $0 < 0x80) || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// A cell's opening tag: its reference, its style and its type when it has them.
    @inline(__always)
    private static func open<Sink: ByteSink & ~Copyable>(column: [UInt8], row rowDigits: [UInt8], style: XLSXStyle?, type: StaticString?,
                                                         to out: inout Sink) {
        put("<c r=\"", to: &out)
        put(column, to: &out)
        put(rowDigits, to: &out)
        out.appendByte(UInt8(ascii: "\""))
        if let style {
            put(" s=\"", to: &out)
            if style.rawValue < 10 {
                out.appendByte(UInt8(ascii: "0") + UInt8(style.rawValue))
            } else {
                put(string: String(style.rawValue), to: &out)
            }
            out.appendByte(UInt8(ascii: "\""))
        }
        if let type {
            put(" t=\"", to: &out)
            put(type, to: &out)
            out.appendByte(UInt8(ascii: "\""))
        }
        out.appendByte(UInt8(ascii: ">"))
    }

    /// A number cell whose value is written `text`.
    private static func number<Sink: ByteSink & ~Copyable>(_ text: String, column: [UInt8], row rowDigits: [UInt8], style: XLSXStyle?,
                                                           to out: inout Sink) {
        open(column: column, row: rowDigits, style: style, type: nil, to: &out)
        put("<v>", to: &out)
        put(string: text, to: &out)
        put("</v></c>", to: &out)
    }

    /// `text` cut to Excel's limit, never splitting a character.
    static func truncated(_ text: String) -> String {
        guard text.utf16.count > maximumTextLength else { return text }
        var length = 0
        var end = text.startIndex
        for character in text {
            length += character.utf16.count
            guard length <= maximumTextLength else { break }
            end = text.index(after: end)
        }
        return String(text[..<end])
    }

    /// The serial number of a `YYYY-MM-DD` date, days since 1899-12-30 as spreadsheets count them;
    /// nil before 1900-03-01, where Excel's calendar (with its 29 February 1900) parts from the real one.
    static func serialNumber(ofDate text: String) -> Int? {
        let parts = text.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        let serial = daysFromCivil(year: year, month: month, day: day) - daysFromCivil(year: 1899, month: 12, day: 30)
        return serial >= 61 ? serial : nil
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `A1`-style reference of a zero-based column and a one-based row.
    static func reference(column: Int, row: Int) -> String {
        columnName(column) + String(row)
    }

    /// `A`, …, `Z`, `AA`, … for zero-based columns.
    static func columnName(_ column: Int) -> String {
        var name = ""
        var rest = column + 1
        while rest > 0 {
            let digit = (rest - 1) % 26
            name = String(UnicodeScalar(UInt8(65 + digit))) + name
            rest = (rest - 1) / 26
        }
        return name
    }
}
