extension MustacheValue {
    /// Whether a section renders for this value and an inverted section does not.
    ///
    /// The specification defines truthiness as JavaScript's `!!value`, so `null`, `false`, zero,
    /// NaN, the empty string and the empty list are falsey; every object is truthy.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .int(let value): value != 0
        case .double(let value): value != 0 && !value.isNaN
        case .string(let value): !value.isEmpty
        case .utf8(let bytes): !bytes.isEmpty
        case .list(let elements): !elements.isEmpty
        case .sequence(let elements): !elements.isEmpty
        case .object: true
        }
    }
}
