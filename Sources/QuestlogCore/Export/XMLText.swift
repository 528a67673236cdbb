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
