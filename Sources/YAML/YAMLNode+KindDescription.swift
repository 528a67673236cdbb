extension YAMLNode {
    /// A short description of the node for messages such as `expected true or false, found …`:
    /// `"yes please"` for a string (quoted, escaped, shortened when long), the text as written
    /// for a bool or number (`42`, `true`), `null`, `a list` or `a mapping`.
    public var kindDescription: String {
        switch content {
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .scalar(let text, _):
            switch coreScalar {
            case .null?: return "null"
            case .string?, nil: return Self.quoted(text)
            case .bool?, .int?, .float?: return text
            }
        }
    }

    private static let descriptionLimit = 40

    private static func quoted(_ text: String) -> String {
        var shown = text.count > descriptionLimit ? String(text.prefix(descriptionLimit - 1)) + "…" : text
        shown = String(shown.unicodeScalars.map(escaped).joined())
        return "\"" + shown + "\""
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
            return String(scalar)
        }
    }
}
