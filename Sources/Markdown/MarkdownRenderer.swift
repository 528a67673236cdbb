/// Renders notes written in GitHub Flavored Markdown with wiki links, over cmark-gfm.
///
/// Tables, strikethrough, autolinks, task lists, footnotes and GitHub's tag filter are on;
/// smart punctuation is off. Raw HTML is omitted unless `MarkdownOptions.unsafeHTML` is set,
/// and even then the tag filter neutralises `<script>`, `<iframe>`, `<style>` and the like.
/// In both modes, links and images to `javascript:`, `vbscript:`, `file:` and `data:` URLs
/// lose their URL (`data:` images in PNG, GIF, JPEG or WebP are kept).
///
/// Wiki links are `[[target]]` and `[[target|label]]` in the text of a note; never in code
/// spans, code blocks, raw HTML, autolinks, images or the text of another link. Target and
/// label are trimmed, and entities in them are decoded. The text stays as it is when the
/// target is empty, when brackets or raw HTML come between `[[` and `]]`, when the link
/// would span lines, or when a bracket of `[[` or `]]` is escaped (`\[[not a link]]`) or
/// written as an entity. Inside a table cell, write the separator as `\|`. Each link's
/// position is that of its opening `[[` in the source.
///
/// Headings get GitHub-like anchor ids, unique within the note (`<h2 id="sites-of-grace">`).
///
/// Rendering is safe to call from many threads at once.
public enum MarkdownRenderer {
    /// Parses `source` once: finds its wiki links and passes each, in document order, to
    /// `resolve`, then renders the HTML and the plain text.
    ///
    /// A link that `resolve` resolves becomes `<a href="href">label or title</a>`; an unresolved
    /// one becomes `<span class="wikilink-missing" title="Unresolved link">label or target</span>`.
    /// All text that comes from the note is HTML-escaped.
    public static func render(_ source: String, options: MarkdownOptions = .init(),
                              resolve: (WikiLink) -> WikiLinkResolution) -> RenderedMarkdown {
        let document = CMarkDocument(parsing: source, options: options)
        let wikiLinks = document.linkWikiLinks(resolve)
        document.sanitizeURLs()
        document.labelTaskItems()
        let headings = document.anchorHeadings()
        return RenderedMarkdown(html: document.html(), plainText: document.plainText(),
                                wikiLinks: wikiLinks, headings: headings)
    }

    /// The wiki links of `source` in document order, found exactly as `render` finds them.
    public static func wikiLinks(in source: String, options: MarkdownOptions = .init()) -> [WikiLink] {
        CMarkDocument(parsing: source, options: options).linkWikiLinks { _ in .unresolved }
    }
}
