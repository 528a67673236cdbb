/// An Obsidian callout, a block quote opening with `[!type]`, as found in a note.
public struct Callout: Sendable, Hashable {
    /// The type, lowercased (`note`, `warning`, `spoiler`, …).
    public var type: String
    /// The title as shown, in plain text: the one written, or else the default for the type.
    public var title: String
    /// 1-based line of the callout's first line in the file (the options' line offset applied).
    public var line: Int

    /// Creates a callout as `MarkdownRenderer` reports it.
    public init(type: String, title: String, line: Int) {
        self.type = type
        self.title = title
        self.line = line
    }
}
