/// A CSV file as spreadsheets save it, read into rows of cells with their places: comma or
/// semicolon separated (LibreOffice and Excel, by locale; Excel's `sep=;` first line too), fields
/// quoted with `"` and `""` inside, CRLF, LF or CR line ends, with or without a UTF-8 byte order
/// mark.
struct CSVTable {
    struct Cell {
        var text: String
        /// 1-based line of the file where the cell starts, and its column number in the row.
        var line: Int
        var column: Int
    }

    var rows: [[Cell]]
    var separator: UInt8

    enum Problem: Error {
        /// What is wrong and where (line, column).
        case invalid(String, line: Int, column: Int)
    }

    init(bytes: [UInt8]) throws(Problem) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let offset = SourceText.firstInvalidUTF8Offset(body) {
            let line = body[..<(body.startIndex + offset)].filter { $0 == 0x0A }.count + 1
            throw .invalid("the file is not UTF-8: save it as 'CSV UTF-8' (Excel) or with the character set 'Unicode (UTF-8)' (LibreOffice)",
                           line: line, column: 1)
        }
        var line = 1
        var separator: UInt8?
        // `sep=;` or `sep=,` on the first line: Excel's way of naming the separator.
        if body.starts(with: Array("sep=".utf8)), body.count >= 5 {
            let named = body[body.startIndex + 4]
            if named == UInt8(ascii: ",") || named == UInt8(ascii: ";") || named == UInt8(ascii: "\t") {
                separator = named
                var index = body.startIndex + 5
                while index < body.endIndex, body[index] != 0x0A, body[index] != 0x0D { index += 1 }
                if index < body.endIndex, body[index] == 0x0D { index += 1 }
                if index < body.endIndex, body[index] == 0x0A { index += 1 }
                body = body[index...]
                line = 2
            }
        }
        self.separator = separator ?? Self.sniffedSeparator(body)
        rows = try Self.parse(body, separator: self.separator, firstLine: line)
    }

    /// The separator the first line uses most, outside quotes: `;` or `,` (`,` when neither).
    private static func sniffedSeparator(_ bytes: ArraySlice<UInt8>) -> UInt8 {
        var commas = 0, semicolons = 0, tabs = 0
        var quoted = false
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if quoted { continue }
            if byte == 0x0A || byte == 0x0D { break }
            if byte == UInt8(ascii: ",") { commas += 1 }
            if byte == UInt8(ascii: ";") { semicolons += 1 }
            if byte == 0x09 { tabs += 1 }
        }
        if tabs > commas && tabs > semicolons { return 0x09 }
        return semicolons > commas ? UInt8(ascii: ";") : UInt8(ascii: ",")
    }

    private static func parse(_ bytes: ArraySlice<UInt8>, separator: UInt8, firstLine: Int) throws(Problem) -> [[Cell]] {
        var rows: [[Cell]] = []
        var row: [Cell] = []
        var field: [UInt8] = []
        var line = firstLine
        var fieldLine = firstLine
        var index = bytes.startIndex
        var atFieldStart = true
        var quoted = false
        var wasQuoted = false
        func endField() {
            row.append(Cell(text: String(decoding: field, as: UTF8.self), line: fieldLine, column: row.count + 1))
            field = []
            atFieldStart = true
            wasQuoted = false
        }
        func endRow() {
            endField()
            rows.append(row)
            row = []
        }
        while index < bytes.endIndex {
            let byte = bytes[index]
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 2
                        continue
                    }
                    quoted = false
                    wasQuoted = true
                    index += 1
                    continue
                }
                if byte == 0x0A || (byte == 0x0D && !(index + 1 < bytes.endIndex && bytes[index + 1] == 0x0A)) { line += 1 }
                field.append(byte)
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\""), atFieldStart {
                quoted = true
                atFieldStart = false
                fieldLine = line
                index += 1
                continue
            }
            if byte == separator {
                endField()
                fieldLine = line
                index += 1
                continue
            }
            if byte == 0x0A || byte == 0x0D {
                endRow()
                index += byte == 0x0D && index + 1 < bytes.endIndex && bytes[index + 1] == 0x0A ? 2 : 1
                line += 1
                fieldLine = line
                continue
            }
            if wasQuoted, byte != 0x20 {
                throw .invalid("text after the closing quote of a field", line: line, column: row.count + 1)
            }
            if atFieldStart { fieldLine = line }
            atFieldStart = false
            if !wasQuoted { field.append(byte) }
            index += 1
        }
        if quoted { throw .invalid("a quoted field is not closed", line: fieldLine, column: row.count + 1) }
        if !field.isEmpty || !row.isEmpty || wasQuoted { endRow() }
        return rows
    }
}
