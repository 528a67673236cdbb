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
        Self.reference(column: 0, row: 1) + ":" + Self.reference(column: max(header.count, 1) - 1, row: rows.count + 1)
    }

    /// `xl/worksheets/sheetN.xml`. `selected` marks the sheet a spreadsheet app opens on.
    func xml(selected: Bool) -> String {
        var xml = XLSXWorkbook.declaration
            + "<worksheet xmlns=\"\(XLSXWorkbook.mainNamespace)\" xmlns:r=\"\(XLSXWorkbook.relationshipsNamespace)\">"
            + "<dimension ref=\"\(range)\"/>"
            + "<sheetViews><sheetView\(selected ? " tabSelected=\"1\"" : "") workbookViewId=\"0\">"
            + "<pane ySplit=\"1\" topLeftCell=\"A2\" activePane=\"bottomLeft\" state=\"frozen\"/>"
            + "<selection pane=\"bottomLeft\" activeCell=\"A2\" sqref=\"A2\"/></sheetView></sheetViews>"
            + "<sheetFormatPr defaultRowHeight=\"15\"/><cols>"
        for (column, width) in columnWidths().enumerated() {
            xml += "<col min=\"\(column + 1)\" max=\"\(column + 1)\" width=\"\(width)\" customWidth=\"1\"/>"
        }
        xml += "</cols><sheetData><row r=\"1\">"
        for (column, title) in header.enumerated() {
            xml += Self.cell(.text(title), at: Self.reference(column: column, row: 1), style: .header)
        }
        xml += "</row>"
        for (index, row) in rows.enumerated() {
            xml += "<row r=\"\(index + 2)\">"
            for (column, cell) in row.enumerated() {
                xml += Self.cell(cell, at: Self.reference(column: column, row: index + 2), style: style(column: column, row: index))
            }
            xml += "</row>"
        }
        xml += "</sheetData><autoFilter ref=\"\(range)\"/>"
        let links = hyperlinks
        if !links.isEmpty {
            xml += "<hyperlinks>"
            for (number, link) in links.enumerated() {
                xml += "<hyperlink ref=\"\(link.cell)\" r:id=\"rId\(number + 1)\"/>"
            }
            xml += "</hyperlinks>"
        }
        return xml + "</worksheet>"
    }

    /// `xl/worksheets/_rels/sheetN.xml.rels`: one external relationship per hyperlink; nil without links.
    var relationships: String? {
        let links = hyperlinks
        guard !links.isEmpty else { return nil }
        return XLSXWorkbook.relationships(links.enumerated().map { number, link in
            (id: "rId\(number + 1)", type: XLSXWorkbook.hyperlinkType, target: link.target, external: true)
        })
    }

    private func style(column: Int, row: Int) -> XLSXStyle? {
        if column == linkColumn, row < links.count, links[row] != nil { return .link }
        if column == percentColumn { return .percent }
        return nil
    }

    /// Each column's width: its longest line (header included) and room for the filter button,
    /// within `widths`.
    func columnWidths() -> [Int] {
        header.indices.map { column in
            let longest = ([header[column].count] + rows.map { column < $0.count ? Self.displayLength($0[column]) : 0 }).max() ?? 0
            return min(max(longest + 2, Self.widths.lowerBound), Self.widths.upperBound)
        }
    }

    private static func displayLength(_ cell: ExportCell) -> Int {
        switch cell {
        case let .text(text): return text.split(whereSeparator: \.isNewline).map(\.count).max() ?? 0
        case .bool: return 5
        case .date: return 10
        case .int, .number: return cell.text.count
        }
    }

    /// A cell: booleans `t="b"`, numbers and dates (as serial numbers) plain, text an inline
    /// string; never a formula. Empty text is no cell at all.
    static func cell(_ value: ExportCell, at reference: String, style: XLSXStyle?) -> String {
        func number(_ text: String, _ style: XLSXStyle?) -> String {
            "<c r=\"\(reference)\"\(style.map { " s=\"\($0.rawValue)\"" } ?? "")><v>\(text)</v></c>"
        }
        switch value {
        case let .bool(flag):
            return "<c r=\"\(reference)\"\(style.map { " s=\"\($0.rawValue)\"" } ?? "") t=\"b\"><v>\(flag ? 1 : 0)</v></c>"
        case let .int(value) where value.magnitude <= 1 << 53:
            return number(String(value), style)
        case let .number(value) where value.isFinite:
            return number(String(value), style)
        case let .date(text):
            guard let serial = serialNumber(ofDate: text) else { return cell(.text(text), at: reference, style: style) }
            return number(String(serial), style ?? .date)
        case .int, .number, .text:
            let text = truncated(XMLText.allowed(value.text))
            guard !text.isEmpty else { return "" }
            return "<c r=\"\(reference)\"\(style.map { " s=\"\($0.rawValue)\"" } ?? "") t=\"inlineStr\"><is><t xml:space=\"preserve\">"
                + XMLText.content(text) + "</t></is></c>"
        }
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
