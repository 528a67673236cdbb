/// One cell of an export table, typed so that each format writes it its own way: CSV as text,
/// XLSX as a boolean, number, date or string cell.
enum ExportCell: Sendable, Hashable {
    case text(String)
    case bool(Bool)
    case int(Int)
    case number(Double)
    /// An ISO 8601 date, `YYYY-MM-DD`.
    case date(String)
    /// Text held as the UTF-8 bytes it was kept as (an entry's notes read from the memo, valid
    /// UTF-8): written by each format from those bytes, no string made of them. The same cell as
    /// `.text` of its characters: equal to it, hashed as it, written as it.
    case utf8(ArraySlice<UInt8>)

    /// The cell as CSV writes it, before the formula rule: booleans `true`/`false`, numbers as written.
    var text: String {
        switch self {
        case let .text(text), let .date(text): return text
        case let .bool(flag): return flag ? "true" : "false"
        case let .int(number): return String(number)
        case let .number(number): return FieldValue.text(of: number)
        case let .utf8(bytes): return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The cell with text held as bytes made a string: what equality and hashing compare.
    private var plain: ExportCell {
        if case .utf8 = self { return .text(text) }
        return self
    }

    static func == (lhs: ExportCell, rhs: ExportCell) -> Bool {
        switch (lhs.plain, rhs.plain) {
        case let (.text(a), .text(b)), let (.date(a), .date(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        default: return false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch plain {
        case let .text(text): hasher.combine(0); hasher.combine(text)
        case let .bool(flag): hasher.combine(1); hasher.combine(flag)
        case let .int(number): hasher.combine(2); hasher.combine(number)
        case let .number(number): hasher.combine(3); hasher.combine(number)
        case let .date(text): hasher.combine(4); hasher.combine(text)
        case .utf8: preconditionFailure("plain cells hold no bytes")
        }
    }
}
