/// RFC 4180 records and the neutralisation of cells that a spreadsheet would run as formulas.
enum CSVEncoding {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// One record: fields separated by commas, ended by CRLF.
    static func record(_ cells: [String], neutraliseFormulas: Bool) -> String {
        cells.map { field(neutraliseFormulas ? neutralised($0) : $0) }.joined(separator: ",") + "\r\n"
    }

    /// `record(_:neutraliseFormulas:)` appended to `out` as UTF-8, each field written straight into
    /// the bytes rather than through a string of its own.
    static func appendRecord<Sink: ByteSink & ~Copyable>(_ cells: [String], neutraliseFormulas: Bool, to out: inout Sink) {
        for (index, cell) in cells.enumerated() {
            if index > 0 { out.appendByte(UInt8(ascii: ",")) }
            appendField(cell, neutraliseFormulas: neutraliseFormulas, to: &out)
        }
        out.appendByte(0x0D)
        out.appendByte(0x0A)
    }

    /// `appendRecord` of a row's cells as CSV writes them (`ExportCell.text`): text held as bytes
    /// is written from its bytes.
    static func appendRecord<Sink: ByteSink & ~Copyable>(cells: [ExportCell], neutraliseFormulas: Bool, to out: inout Sink) {
        cells.withUnsafeBufferPointer { cells in
            for index in cells.indices {
                if index > 0 { out.appendByte(UInt8(ascii: ",")) }
                if case let .utf8(bytes) = cells[index] {
                    appendField(utf8: bytes, neutraliseFormulas: neutraliseFormulas, to: &out)
                } else {
                    appendField(cells[index].text, neutraliseFormulas: neutraliseFormulas, to: &out)
                }
            }
        }
        out.appendByte(0x0D)
        out.appendByte(0x0A)
    }

    /// `field(neutraliseFormulas ? neutralised(text) : text)` appended to `out` as UTF-8.
    static func appendField<Sink: ByteSink & ~Copyable>(_ text: String, neutraliseFormulas: Bool, to out: inout Sink) {
        let prefix = neutraliseFormulas && needsNeutralising(text)
        var text = text
        text.withUTF8 { appendField(utf8: $0, prefix: prefix, to: &out) }
    }

    /// `appendField` of the text whose UTF-8 bytes are `bytes` (valid UTF-8). Only a field whose
    /// first byte may start a formula is made a string, for the formula rule.
    static func appendField<Sink: ByteSink & ~Copyable>(utf8 bytes: ArraySlice<UInt8>, neutraliseFormulas: Bool, to out: inout Sink) {
        if neutraliseFormulas, let first = bytes.first, startsFormula(first) {
            appendField(String(decoding: bytes, as: UTF8.self), neutraliseFormulas: true, to: &out)
            return
        }
        bytes.withUnsafeBufferPointer { appendField(utf8: $0, prefix: false, to: &out) }
    }

    /// Whether `byte` begins a cell `needsNeutralising` looks at further: `=`, `+`, `-`, `@`, tab
    /// or carriage return, each a character of its own.
    private static func startsFormula(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: true
        default: false
        }
    }

    /// A field's bytes appended to `out`, quoted when they need it, after a `'` when `prefix`.
    private static func appendField<Sink: ByteSink & ~Copyable>(utf8: UnsafeBufferPointer<UInt8>, prefix: Bool, to out: inout Sink) {
        // Most fields (names, numbers, most notes) hold no comma, quote or line break: told
        // eight bytes at a time and copied whole.
        guard hasSpecialBytes(utf8) else {
            if prefix { out.appendByte(UInt8(ascii: "'")) }
            out.appendBytes(utf8)
            return
        }
        // A quote beside a non-ASCII byte may be part of a larger character (a quote with a
        // combining mark), which the string replacement leaves alone; such a field goes the
        // way of `field` itself.
        var plainQuotes = true
        for (index, byte) in utf8.enumerated() where byte == UInt8(ascii: "\"") {
            if (index > 0 && utf8[index - 1] >= 0x80) || (index + 1 < utf8.count && utf8[index + 1] >= 0x80) {
                plainQuotes = false
            }
        }
        guard plainQuotes else {
            var quoted = field((prefix ? "'" : "") + String(decoding: utf8, as: UTF8.self))
            quoted.withUTF8 { out.appendBytes($0) }
            return
        }
        out.appendByte(UInt8(ascii: "\""))
        if prefix { out.appendByte(UInt8(ascii: "'")) }
        var start = 0
        for (index, byte) in utf8.enumerated() where byte == UInt8(ascii: "\"") {
            out.appendBytes(UnsafeBufferPointer(rebasing: utf8[start...index]))
            out.appendByte(UInt8(ascii: "\""))
            start = index + 1
        }
        out.appendBytes(UnsafeBufferPointer(rebasing: utf8[start...]))
        out.appendByte(UInt8(ascii: "\""))
    }

    /// Whether `utf8` holds a comma, a quote, a line feed or a carriage return: the bytes that
    /// quote a field. Read eight at a time, the last ones with spaces after them.
    static func hasSpecialBytes(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteWord.any(in: utf8) { word in
            ByteWord.equal(word, 0x2C) | ByteWord.equal(word, 0x22) | ByteWord.equal(word, 0x0A) | ByteWord.equal(word, 0x0D) != 0
        }
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
        needsNeutralising(text) ? "'" + text : text
    }

    /// Whether `neutralised` prefixes `text`.
    static func needsNeutralising(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return false }
        return !isPlainNumber(text)
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
