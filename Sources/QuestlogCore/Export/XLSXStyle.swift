/// The cell formats of `xl/styles.xml`, by their index in its `cellXfs`.
enum XLSXStyle: Int, Sendable, CaseIterable {
    case normal = 0
    /// The header row: bold.
    case header = 1
    /// A date: its serial number shown `yyyy-mm-dd`.
    case date = 2
    /// A hyperlink: underlined, in the usual link blue.
    case link = 3
    /// A fraction shown as a whole percentage.
    case percent = 4

    /// The custom number format of dates (ids from 164 on are free for custom formats).
    static let dateFormatID = 164
    /// The built-in number format `0%`.
    static let percentFormatID = 9

    /// `xl/styles.xml`: fonts (regular, bold, link), the two fills every file needs, one border and
    /// the cell formats in the order of the cases.
    static var stylesheet: String {
        let font = "<sz val=\"11\"/><name val=\"Calibri\"/><family val=\"2\"/>"
        let formats = allCases.map { style -> String in
            switch style {
            case .normal: return "<xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\"/>"
            case .header: return "<xf numFmtId=\"0\" fontId=\"1\" fillId=\"0\" borderId=\"0\" xfId=\"0\" applyFont=\"1\"/>"
            case .date: return "<xf numFmtId=\"\(dateFormatID)\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\" applyNumberFormat=\"1\"/>"
            case .link: return "<xf numFmtId=\"0\" fontId=\"2\" fillId=\"0\" borderId=\"0\" xfId=\"0\" applyFont=\"1\"/>"
            case .percent: return "<xf numFmtId=\"\(percentFormatID)\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\" applyNumberFormat=\"1\"/>"
            }
        }
        return XLSXWorkbook.declaration
            + "<styleSheet xmlns=\"\(XLSXWorkbook.mainNamespace)\">"
            + "<numFmts count=\"1\"><numFmt numFmtId=\"\(dateFormatID)\" formatCode=\"yyyy-mm-dd\"/></numFmts>"
            + "<fonts count=\"3\"><font>\(font)</font><font><b/>\(font)</font>"
            + "<font><u/><sz val=\"11\"/><color rgb=\"FF0563C1\"/><name val=\"Calibri\"/><family val=\"2\"/></font></fonts>"
            + "<fills count=\"2\"><fill><patternFill patternType=\"none\"/></fill><fill><patternFill patternType=\"gray125\"/></fill></fills>"
            + "<borders count=\"1\"><border><left/><right/><top/><bottom/><diagonal/></border></borders>"
            + "<cellStyleXfs count=\"1\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\"/></cellStyleXfs>"
            + "<cellXfs count=\"\(formats.count)\">\(formats.joined())</cellXfs>"
            + "<cellStyles count=\"1\"><cellStyle name=\"Normal\" xfId=\"0\" builtinId=\"0\"/></cellStyles>"
            + "</styleSheet>"
    }
}
