/// One cell of an export table, typed so that each format writes it its own way: CSV as text,
/// XLSX as a boolean, number, date or string cell.
enum ExportCell: Sendable, Hashable {
    case text(String)
    case bool(Bool)
    case int(Int)
    case number(Double)
    /// An ISO 8601 date, `YYYY-MM-DD`.
    case date(String)

    /// The cell as CSV writes it, before the formula rule: booleans `true`/`false`, numbers as written.
    var text: String {
        switch self {
        case let .text(text), let .date(text): return text
        case let .bool(flag): return flag ? "true" : "false"
        case let .int(number): return String(number)
        case let .number(number): return FieldValue.text(of: number)
        }
    }
}
