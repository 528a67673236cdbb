extension YAMLNode {
    public var string: String? { if case let .scalar(s, _) = content { return s }; return nil }
    public var sequence: [YAMLNode]? { if case let .sequence(s) = content { return s }; return nil }
    public var mapping: [(key: YAMLNode, value: YAMLNode)]? { if case let .mapping(m) = content { return m }; return nil }
    public subscript(key: String) -> YAMLNode? { mapping?.first { $0.key.string == key }?.value }
    public var isNull: Bool { if case let .scalar(s, .plain) = content { return ["", "~", "null"].contains(s) }; return false }
    public var kindDescription: String { "x" }
    public var coreScalar: CoreScalar? { nil }
}
extension YAMLParser { public static func parse(_ text: String, lineOffset: Int = 0) throws(YAMLError) -> YAMLNode? { nil } }
