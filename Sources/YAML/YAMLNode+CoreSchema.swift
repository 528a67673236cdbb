extension YAMLNode {
    /// The scalar's value under the YAML 1.2 core schema; nil for sequences and mappings.
    ///
    /// Only plain, untagged scalars are typed by their text: `~`/`null`/empty are null,
    /// `true`/`false` (three spellings each) are bools, `[-+]?[0-9]+`, `0o…` and `0x…` are ints,
    /// and decimal, exponent, `.inf` and `.nan` forms are floats; anything else is a string. The
    /// YAML 1.1 words `yes`, `no`, `on` and `off` stay strings. An integer too large for `Int`
    /// becomes a float. Quoted and block scalars are always strings (`"true"` is a string).
    ///
    /// An explicit tag decides instead of the style: `!!str` and `!` give a string; `!!null`,
    /// `!!bool`, `!!int` and `!!float` type the text accordingly (`!!float` also accepts an int
    /// form), and give a string when the text is not of that type (`!!int abc` is a string).
    /// Any other tag gives a string.
    public var coreScalar: CoreScalar? {
        guard case .scalar(let text, let style) = content else { return nil }
        switch tag {
        case nil:
            return style == .plain ? CoreSchema.resolve(text) : .string(text)
        case "!!null":
            return CoreSchema.isNull(text) ? .null : .string(text)
        case "!!bool":
            return CoreSchema.bool(text).map(CoreScalar.bool) ?? .string(text)
        case "!!int":
            return CoreSchema.integer(text) ?? .string(text)
        case "!!float":
            if let float = CoreSchema.float(text) { return .float(float) }
            switch CoreSchema.integer(text) {
            case .int(let value)?: return .float(Double(value))
            case .float(let value)?: return .float(value)
            default: return .string(text)
            }
        default:
            return .string(text)
        }
    }
}
