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

    /// Appends `text` as element content to `out`, byte by byte (what `content` returns, as UTF-8).
    static func appendContent(_ text: String, to out: inout [UInt8]) {
        append(text, attribute: false, to: &out)
    }

    /// Appends `text` as an attribute value to `out`, byte by byte (what `attribute` returns, as UTF-8).
    static func appendAttribute(_ text: String, to out: inout [UInt8]) {
        append(text, attribute: true, to: &out)
    }

    /// Runs of bytes that stand for themselves are copied whole; only the bytes between them are
    /// looked at one by one.
    private static func append(_ text: String, attribute: Bool, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            var plain = 0
            var index = 0
            let count = utf8.count
            func flush() {
                if plain < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain..<index])) }
            }
            while index < count {
                let byte = utf8[index]
                // Visible ASCII but the five escaped characters, and the bytes of characters beyond
                // ASCII but the lead byte of U+FFFE and U+FFFF.
                if byte > UInt8(ascii: ">") ? byte != 0xEF : (byte >= 0x20 && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<")
                                                              && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: ">")) {
                    index += 1
                    continue
                }
                flush()
                switch byte {
                case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
                case 0x0D: out.append(contentsOf: "&#13;".utf8)
                case 0x09 where attribute: out.append(contentsOf: "&#9;".utf8)
                case 0x0A where attribute: out.append(contentsOf: "&#10;".utf8)
                case 0x09, 0x0A: out.append(byte)
                case 0x00..<0x20: break
                case 0xEF where index + 2 < count && utf8[index + 1] == 0xBF && (utf8[index + 2] == 0xBE || utf8[index + 2] == 0xBF):
                    // U+FFFE and U+FFFF, which XML 1.0 forbids.
                    index += 2
                default: out.append(byte)
                }
                index += 1
                plain = index
            }
            flush()
        }
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
