import Markdown

/// An entry's notes: the Markdown source, parsed once into HTML and plain text.
public struct Notes: Sendable, Hashable {
    public var markdown: String
    public var html: String
    public var plainText: String
    public var headings: [Heading]
    /// Inline `#tags` of the text, without `#`, in order of first appearance.
    public var tags: [String]

    public init(markdown: String, html: String, plainText: String, headings: [Heading], tags: [String] = []) {
        self.markdown = markdown
        self.html = html
        self.plainText = plainText
        self.headings = headings
        self.tags = tags
    }

    public static let empty = Notes(markdown: "", html: "", plainText: "", headings: [])
}
