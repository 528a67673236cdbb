/// The type of a field of a kind, as written in `questlog.yml` (`bool`, `ref location`, `refs npc`, …).
public enum FieldType: Sendable, Hashable, CustomStringConvertible {
    case string
    /// Longer text; Markdown is not rendered in fields, only in notes.
    case text
    case bool
    case int
    /// An ISO 8601 calendar date, `YYYY-MM-DD`.
    case date
    case url
    /// One reference to an entry of the named kind.
    case ref(String)
    /// A list of references to entries of the named kind.
    case refs(String)
    /// A list of strings (tags, aliases).
    case list

    /// The names accepted in `questlog.yml`.
    public static let typeNames = ["string", "text", "bool", "int", "date", "url", "ref", "refs", "list"]

    /// Parses `bool`, `ref npc`, …; returns nil for anything else.
    public init?(declaration: String) {
        let words = declaration.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        switch (words.first, words.count) {
        case ("string", 1): self = .string
        case ("text", 1): self = .text
        case ("bool", 1): self = .bool
        case ("int", 1): self = .int
        case ("date", 1): self = .date
        case ("url", 1): self = .url
        case ("list", 1): self = .list
        case ("ref", 2): self = .ref(words[1])
        case ("refs", 2): self = .refs(words[1])
        default: return nil
        }
    }

    /// The kind a reference field points at.
    public var referencedKind: String? {
        switch self {
        case let .ref(kind), let .refs(kind): return kind
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .string: return "string"
        case .text: return "text"
        case .bool: return "bool"
        case .int: return "int"
        case .date: return "date"
        case .url: return "url"
        case .list: return "list"
        case let .ref(kind): return "ref \(kind)"
        case let .refs(kind): return "refs \(kind)"
        }
    }
}
