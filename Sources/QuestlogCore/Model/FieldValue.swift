/// A checked, typed value of an entry's field; references are resolved.
public enum FieldValue: Sendable, Hashable {
    case string(String)
    case text(String)
    case bool(Bool)
    case int(Int)
    /// A number with a fraction (only in fields the schema does not declare).
    case number(Double)
    /// An ISO 8601 date, `YYYY-MM-DD`.
    case date(String)
    case url(String)
    /// Boxed: a reference is three strings, and every value of a field (in each entry's field
    /// dictionary) would otherwise take the room of one.
    indirect case ref(EntryRef)
    case refs([EntryRef])
    case list([String])

    /// The references this value holds (empty for other types).
    public var references: [EntryRef] {
        switch self {
        case let .ref(target): return [target]
        case let .refs(targets): return targets
        default: return []
        }
    }

    /// A number with a fraction as people write it: `2.5`, `0.1`, `1000` for a whole value.
    public static func text(of number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }
}
