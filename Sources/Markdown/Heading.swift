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

    /// The anchor id a heading with this text gets when it is the first of its slug in its note,
    /// so a link can name the heading before the note is rendered (`[[Page#Heading]]`).
    public static func anchor(for text: String) -> String {
        var slugger = HeadingSlugger()
        return slugger.uniqueSlug(for: text)
    }
}
