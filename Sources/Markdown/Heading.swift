/// A heading of a note, with the anchor id given to it in the HTML.
public struct Heading: Sendable, Hashable {
    /// 1 to 6, as in `<h1>` to `<h6>`.
    public var level: Int
    /// The heading's plain text (wiki links as displayed), whitespace collapsed.
    public var text: String
    /// The anchor id, unique within the note: the GitHub-like slug of `text`, or `section`.
    public var id: String

    /// Creates a heading as `MarkdownRenderer` reports it.
    public init(level: Int, text: String, id: String) {
        self.level = level
        self.text = text
        self.id = id
    }
}
