public enum MarkdownRenderer {
    public static func render(_ source: String, options: MarkdownOptions = .init(), resolve: (WikiLink) -> WikiLinkResolution) -> RenderedMarkdown {
        RenderedMarkdown(html: source, plainText: source, wikiLinks: [], headings: [])
    }
}
