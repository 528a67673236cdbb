/// RFC 4180 records and the neutralisation of cells that a spreadsheet would run as formulas.
enum CSVEncoding {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// One record: fields separated by commas, ended by CRLF.
    static func record(_ cells: [String], neutraliseFormulas: Bool) -> String {
        cells.map { field(neutraliseFormulas ? neutralised($0) : $0) }.joined(separator: ",") + "\r\n"
    }

    /// A field quoted when it holds a comma, a quote or a line break, with inner quotes doubled;
    /// line breaks are kept inside the quotes.
    static func field(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// OWASP's rule against CSV injection: a cell starting with `=`, `+`, `-`, `@`, a tab or a
    /// carriage return gets a leading `'`, unless it is a plain number (`-5` stays a number).
    static func neutralised(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first),
              !isPlainNumber(text) else { return text }
        return "'" + text
    }

    /// An optionally signed decimal number with an optional fraction and exponent: `-5`, `+1.5`, `-2e3`.
    static func isPlainNumber(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        func digits() -> Int {
            let count = scalars.prefix(while: { ("0"..."9").contains($0) }).count
            scalars = scalars.dropFirst(count)
            return count
        }
        if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
        guard digits() > 0 else { return false }
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            guard digits() > 0 else { return false }
        }
        if let e = scalars.first, e == "e" || e == "E" {
            scalars = scalars.dropFirst()
            if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return scalars.isEmpty
    }
}
