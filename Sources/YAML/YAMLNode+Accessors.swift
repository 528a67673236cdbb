extension YAMLNode {
    /// The text of a scalar of any style or type (`"42"` for `42`); nil for collections.
    public var string: String? {
        guard case .scalar(let text, _) = content else { return nil }
        return text
    }

    /// The items of a sequence; nil for scalars and mappings.
    public var sequence: [YAMLNode]? {
        guard case .sequence(let items) = content else { return nil }
        return items
    }

    /// The entries of a mapping in document order; nil for scalars and sequences.
    public var mapping: [(key: YAMLNode, value: YAMLNode)]? {
        guard case .mapping(let entries) = content else { return nil }
        return entries
    }

    /// The value for the key whose text is `key`, when this node is a mapping that has it.
    public subscript(key: String) -> YAMLNode? {
        mapping?.first { $0.key.string == key }?.value
    }

    /// Whether this is a null scalar under the core schema (`~`, `null`, an empty value).
    public var isNull: Bool {
        coreScalar == .null
    }

    /// The value of a core-schema bool; nil for anything else.
    public var bool: Bool? {
        guard case .bool(let value)? = coreScalar else { return nil }
        return value
    }

    /// The value of a core-schema int; nil for anything else (floats included).
    public var int: Int? {
        guard case .int(let value)? = coreScalar else { return nil }
        return value
    }

    /// The value of a core-schema float or int; nil for anything else.
    public var double: Double? {
        switch coreScalar {
        case .float(let value)?: return value
        case .int(let value)?: return Double(value)
        default: return nil
        }
    }
}
