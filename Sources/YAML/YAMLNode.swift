/// A node of a parsed YAML document, with the position where it starts in the source.
public struct YAMLNode: Sendable, Equatable {
    /// The node's content.
    public enum Content: Sendable, Equatable {
        case scalar(String, ScalarStyle)
        case sequence([YAMLNode])
        /// Keys in document order; keys are unique (duplicates are rejected by the parser).
        case mapping([(key: YAMLNode, value: YAMLNode)])

        public static func == (lhs: Content, rhs: Content) -> Bool {
            switch (lhs, rhs) {
            case let (.scalar(a, sa), .scalar(b, sb)): return a == b && sa == sb
            case let (.sequence(a), .sequence(b)): return a == b
            case let (.mapping(a), .mapping(b)):
                return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            default: return false
            }
        }
    }

    public var content: Content
    /// Where the node starts (1-based line and column, in the file, offsets applied).
    public var mark: Mark
    /// An explicit tag (`!!str`, `!custom`), if the source gave one.
    public var tag: String?

    public init(_ content: Content, mark: Mark, tag: String? = nil) {
        self.content = content
        self.mark = mark
        self.tag = tag
    }
}
