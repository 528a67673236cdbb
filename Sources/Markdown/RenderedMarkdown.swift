/// The result of parsing a note once: its HTML, its plain text and what it links to.
public struct RenderedMarkdown: Sendable, Hashable {
    /// The HTML fragment of the note's body (no surrounding page).
    public var html: String
    /// The text without markup, whitespace collapsed (for search and summaries).
    public var plainText: String
    /// Wiki links in document order.
    public var wikiLinks: [WikiLink]
    /// Headings in document order, with the ids their HTML carries.
    public var headings: [Heading]

    /// Bundles rendering results; `MarkdownRenderer` makes these.
    public init(html: String, plainText: String, wikiLinks: [WikiLink], headings: [Heading]) {
        self.html = html
        self.plainText = plainText
        self.wikiLinks = wikiLinks
        self.headings = headings
    }
}
