/// A parser event with the bytes it spans, for tools that edit YAML text in place rather than
/// rewrite it: where a key, a list or an item starts and ends in the source.
public struct YAMLSpanEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case documentStart(implicit: Bool)
        case documentEnd(implicit: Bool)
        case alias(String)
        case scalar(String, ScalarStyle)
        case sequenceStart(flow: Bool)
        case sequenceEnd
        case mappingStart(flow: Bool)
        case mappingEnd
    }

    public var kind: Kind
    public var anchor: String?
    /// An explicit tag, with the standard prefix written as `!!`.
    public var tag: String?
    /// UTF-8 offsets in the parsed text: the event covers `start..<end`. A flow collection starts
    /// at its bracket (or its anchor or tag), a block collection at its first item; a collection's
    /// end event covers its closing bracket, or sits where the next token starts.
    public var start: Int
    public var end: Int
    /// Where the event starts (1-based, line offset applied).
    public var mark: Mark

    public init(kind: Kind, anchor: String? = nil, tag: String? = nil, start: Int, end: Int, mark: Mark) {
        self.kind = kind
        self.anchor = anchor
        self.tag = tag
        self.start = start
        self.end = end
        self.mark = mark
    }
}
