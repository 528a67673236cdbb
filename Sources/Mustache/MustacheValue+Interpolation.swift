extension MustacheValue {
    /// The text an interpolation of this value writes, before escaping; `nil` for values that
    /// write nothing: null, lists and objects.
    var interpolationText: String? {
        switch self {
        case .null, .list, .sequence, .object: nil
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): Self.format(value)
        case .string(let value): value
        case .utf8(let bytes): String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Whole numbers print without a fractional part, as the specification's JSON-born tests
    /// expect (`2.0` renders `2`); others in Swift's shortest round-tripping form (`1.21`).
    static func format(_ value: Double) -> String {
        if value.isFinite, value.rounded() == value, abs(value) < 1e15 {
            return String(Int(value))
        }
        return value.description
    }
}
