/// The result of parsing a note once: its HTML, its plain text and what it links to.
public struct RenderedMarkdown: Sendable, Hashable {
    public var html: String
    /// The text without markup, whitespace collapsed (for search and summaries).
    public var plainText: String
    /// Wiki links in document order.
    public var wikiLinks: [WikiLink]
    public var headings: [Heading]

    public init(html: String, plainText: String, wikiLinks: [WikiLink], headings: [Heading]) {
        self.html = html
        self.plainText = plainText
        self.wikiLinks = wikiLinks
        self.headings = headings
    }
}
