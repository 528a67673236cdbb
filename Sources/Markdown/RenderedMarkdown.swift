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
    /// Callouts in document order (an outer callout before those nested in it).
    public var callouts: [Callout]
    /// Inline `#tags`, without `#`, in order of first appearance; each once, whatever its case
    /// (spelled as it first appeared).
    public var tags: [String]

    /// Bundles rendering results; `MarkdownRenderer` makes these.
    public init(html: String, plainText: String, wikiLinks: [WikiLink], headings: [Heading],
                callouts: [Callout] = [], tags: [String] = []) {
        self.html = html
        self.plainText = plainText
        self.wikiLinks = wikiLinks
        self.headings = headings
        self.callouts = callouts
        self.tags = tags
    }
}
