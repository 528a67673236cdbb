/// A Markdown link or image URL, as `MarkdownRenderer.render` offers it for rewriting.
public struct LinkURL: Sendable, Hashable {
    /// The URL as parsed (entities and backslash escapes decoded).
    public var url: String
    /// Whether it is an image's source (`![alt](url)`) rather than a link's target.
    public var isImage: Bool
    /// 1-based line of the `[` or `![` that opens the link in the file (the options' line
    /// offset applied); for an autolink, of its `<` or its first character.
    public var line: Int
    /// 1-based column of that opening, counted in Unicode scalars like `WikiLink.column`.
    public var column: Int

    /// Creates a URL as `MarkdownRenderer` reports it.
    public init(url: String, isImage: Bool, line: Int, column: Int) {
        self.url = url
        self.isImage = isImage
        self.line = line
        self.column = column
    }
}
