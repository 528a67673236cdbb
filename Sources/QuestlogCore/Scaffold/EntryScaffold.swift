/// The text of a new entry file: front matter with every field of its kind, ready to fill in.
public enum EntryScaffold {
    /// Without `progress` (a game whose progress its playthroughs keep), progress fields are left out.
    public static func markdown(kind: Kind, name: String, progress: Bool = true) -> String {
        var text = "---\n"
        text += "\(kind.id == "game" ? "title" : "name"): \(yamlString(name))\n"
        for field in kind.fields where !(kind.id == "game" && field.name == "title") && (progress || !field.progress) {
            switch field.type {
            case .bool: text += "\(field.name): false\n"
            case .refs, .list: text += "\(field.name): []\n"
            case .string, .text, .int, .date, .url, .ref: text += "\(field.name):\n"
            }
        }
        text += "---\n\n"
        return text
    }

    /// A double-quoted YAML scalar, so any name round-trips (colons, quotes, leading symbols).
    static func yamlString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
