/// Text made safe for the XML parts of an XLSX file.
///
/// Characters that XML 1.0 forbids (control characters other than tab, LF and CR; U+FFFE and
/// U+FFFF) are dropped, `&`, `<`, `>` and quotes escaped, and carriage returns written `&#13;`
/// since a parser would turn a literal one into a line feed. In attributes, tabs and line feeds are
/// escaped too, which attribute normalisation would otherwise turn into spaces.
enum XMLText {
    /// `text` as element content.
    static func content(_ text: String) -> String {
        escaped(text, attribute: false)
    }

    /// `text` as an attribute value, inside double quotes.
    static func attribute(_ text: String) -> String {
        escaped(text, attribute: true)
    }

    /// Whether XML 1.0 allows `scalar` in a document.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// `text` without the characters XML 1.0 forbids.
    static func allowed(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !isAllowed($0) }) else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.filter(isAllowed))
        return String(kept)
    }

    /// Appends `text` as element content to `out` (what `content` returns, as UTF-8).
    static func appendContent<Sink: ByteSink & ~Copyable>(_ text: String, to out: inout Sink) {
        append(text, attribute: false, to: &out)
    }

    /// Appends `text` as an attribute value to `out` (what `attribute` returns, as UTF-8).
    static func appendAttribute<Sink: ByteSink & ~Copyable>(_ text: String, to out: inout Sink) {
        append(text, attribute: true, to: &out)
    }

    private static func append<Sink: ByteSink & ~Copyable>(_ text: String, attribute: Bool, to out: inout Sink) {
        var text = text
        text.withUTF8 { append(utf8: $0, attribute: attribute, to: &out) }
    }

    /// Appends the text whose UTF-8 bytes are `bytes` (valid UTF-8) as element content to `out`.
    static func appendContent<Sink: ByteSink & ~Copyable>(utf8 bytes: ArraySlice<UInt8>, to out: inout Sink) {
        bytes.withUnsafeBufferPointer { append(utf8: $0, attribute: false, to: &out) }
    }

    /// Runs of bytes that stand for themselves are copied whole, found eight bytes at a time; only
    /// the bytes between them are looked at one by one.
    private static func append<Sink: ByteSink & ~Copyable>(utf8: UnsafeBufferPointer<UInt8>, attribute: Bool, to out: inout Sink) {
        guard let base = utf8.baseAddress else { return }
        var plain = 0
        var index = 0
        let count = utf8.count
        while index < count {
            // Eight bytes at a time while none of them needs a look (`needsLook`).
            while count - index >= 8, !needsLook(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
            }
            guard index < count else { break }
            let byte = utf8[index]
            // Visible ASCII but the five escaped characters, and the bytes of characters beyond
            // ASCII but the lead byte of U+FFFE and U+FFFF.
            if byte > UInt8(ascii: ">") ? byte != 0xEF : (byte >= 0x20 && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<")
                                                          && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: ">")) {
                index += 1
                continue
            }
            if plain < index { out.appendBytes(UnsafeBufferPointer(rebasing: utf8[plain..<index])) }
            let escape: StaticString?
            switch byte {
            case UInt8(ascii: "&"): escape = "&amp;"
            case UInt8(ascii: "<"): escape = "&lt;"
            case UInt8(ascii: ">"): escape = "&gt;"
            case UInt8(ascii: "\""): escape = "&quot;"
            case 0x0D: escape = "&#13;"
            case 0x09 where attribute: escape = "&#9;"
            case 0x0A where attribute: escape = "&#10;"
            case 0x09, 0x0A:
                escape = nil
                out.appendByte(byte)
            case 0x00..<0x20: escape = nil
            case 0xEF where index + 2 < count && utf8[index + 1] == 0xBF && (utf8[index + 2] == 0xBE || utf8[index + 2] == 0xBF):
                // U+FFFE and U+FFFF, which XML 1.0 forbids.
                escape = nil
                index += 2
            default:
                escape = nil
                out.appendByte(byte)
            }
            escape?.withUTF8Buffer { out.appendBytes($0) }
            index += 1
            plain = index
        }
        if plain < count { out.appendBytes(UnsafeBufferPointer(rebasing: utf8[plain..<count])) }
    }

    /// Whether one of the eight bytes of `word` is one `append` looks at: below the space, one of
    /// `& < > "`, or 0xEF (the lead byte of U+FFFE and U+FFFF).
    @inline(__always)
    private static func needsLook(_ word: UInt64) -> Bool {
        ByteWord.below(word, 0x20) | ByteWord.equal(word, 0x22) | ByteWord.equal(word, 0x26) | ByteWord.equal(word, 0x3C)
            | ByteWord.equal(word, 0x3E) | ByteWord.equal(word, 0xEF) != 0
    }

    private static func escaped(_ text: String, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars where isAllowed(scalar) {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\r": out += "&#13;"
            case "\t" where attribute: out += "&#9;"
            case "\n" where attribute: out += "&#10;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
