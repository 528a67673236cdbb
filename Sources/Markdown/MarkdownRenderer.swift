/// Renders notes written in GitHub Flavored Markdown with wiki links, over cmark-gfm.
///
/// Tables, strikethrough, autolinks, task lists, footnotes and GitHub's tag filter are on;
/// smart punctuation is off. Raw HTML is omitted unless `MarkdownOptions.unsafeHTML` is set,
/// and then it goes through `HTMLSanitizer`: only the elements and attributes of
/// `HTMLAllowlist` stay, rewritten, with their URLs checked like Markdown's. In both modes,
/// links and images to `javascript:`, `vbscript:`, `file:` and `data:` URLs lose their URL
/// (`data:` images in PNG, GIF, JPEG or WebP are kept).
///
/// Wiki links are `[[target]]` and `[[target|label]]` in the text of a note; never in code
/// spans, code blocks, raw HTML, autolinks, images or the text of another link. Target and
/// label are trimmed, and entities in them are decoded. The text stays as it is when the
/// target is empty, when brackets or raw HTML come between `[[` and `]]`, when the link
/// would span lines, or when a bracket of `[[` or `]]` is escaped (`\[[not a link]]`) or
/// written as an entity. Inside a table cell, write the separator as `\|`. Each link's
/// position is that of its opening `[[` in the source. A target may name a heading
/// (`[[Page#Heading]]`, `[[#Heading]]`); it is passed on as written.
///
/// Embeds are wiki links written `![[target]]` or `![[target|label]]` (the `!` not escaped);
/// the resolver shows them as pictures (`.image`) or previews of other entries (`.embed`).
///
/// Callouts are Obsidian's: a block quote whose first line starts with `[!type]` (letters,
/// digits and `-`, in any case), then optionally `-` (foldable, collapsed) or `+` (foldable,
/// open), then an optional title:
///
///     > [!warning]- Beware
///     > The bridge is out.
///
/// renders as `<details class="callout callout-warning"><summary class="callout-title">Beware</summary>…</details>`;
/// without `-` or `+` as `<div class="callout callout-TYPE" role="note"><p class="callout-title">…</p>…</div>`.
/// `[!spoiler]` is always a `<details>`, collapsed unless written `+`. Without a title, the
/// title is `MarkdownOptions.calloutTitles[type]` or else the type, capitalised.
///
/// Tags are `#tag` in text (letters of any script, digits, `_`, `-`, `/`, at least one that
/// is not a digit), at the start of a text or after whitespace or `(`; never in code,
/// headings, link text or URLs. They stay visible as `<span class="inline-tag">#tag</span>`.
///
/// Obsidian comments, `%%…%%`, are removed beforehand by the caller with `removingComments`.
///
/// Headings get GitHub-like anchor ids, unique within the note (`<h2 id="sites-of-grace">`).
///
/// Rendering is safe to call from many threads at once.
public enum MarkdownRenderer {
    /// How many characters of text a summary keeps before it is cut at a word.
    static let summaryLength = 300

    /// Parses `source` once: finds its wiki links and passes each, in document order, to
    /// `resolve`, offers each link and image URL to `rewriteURL`, then renders the HTML and
    /// the plain text.
    ///
    /// A link that `resolve` resolves becomes `<a href="href">label or title</a>`; an unresolved
    /// one becomes `<span class="wikilink-missing" title="Unresolved link">label or target</span>`;
    /// images and embeds render as their `WikiLinkResolution` case describes.
    /// All text that comes from the note is HTML-escaped.
    ///
    /// `rewriteURL` sees, in document order, every Markdown link and image whose URL
    /// `LinkURLPolicy` permits (not wiki links), with the position of its opening `[` or `![`
    /// (for a reference link, of the reference's use), before any wiki link is resolved.
    public static func render(_ source: String, options: MarkdownOptions = .init(),
                              resolve: (WikiLink) -> WikiLinkResolution,
                              rewriteURL: (LinkURL) -> LinkURLRewrite = { _ in .keep }) -> RenderedMarkdown {
        CMarkDocument.render(source, options: options, resolve: resolve, rewriteURL: rewriteURL, partBytes: partBytes)
    }

    /// How long a note must be before it is parsed in parts (`NoteParts`), each about this long.
    static let partBytes = 1 << 20

    /// `render`, with parts of `partBytes` or more (tests make them small to cut at every candidate).
    static func render(_ source: String, options: MarkdownOptions = .init(), partBytes: Int,
                       resolve: (WikiLink) -> WikiLinkResolution,
                       rewriteURL: (LinkURL) -> LinkURLRewrite = { _ in .keep }) -> RenderedMarkdown {
        CMarkDocument.render(source, options: options, resolve: resolve, rewriteURL: rewriteURL, partBytes: partBytes)
    }

    /// `render` as it was first written: each pass over the whole tree, then one rendering of
    /// it. `render` works block by block to bound its memory; its result must equal this one.
    static func renderWholeDocument(_ source: String, options: MarkdownOptions = .init(),
                                    resolve: (WikiLink) -> WikiLinkResolution,
                                    rewriteURL: (LinkURL) -> LinkURLRewrite = { _ in .keep }) -> RenderedMarkdown {
        CMarkDocument.withDocument(parsing: source, options: options) { document in
            document.rewriteLinkURLs(rewriteURL)
            let (wikiLinks, tags) = document.linkWikiLinksAndTags(resolve)
            let callouts = document.formCallouts(titles: options.calloutTitles)
            document.sanitizeURLs()
            if options.unsafeHTML {
                document.sanitizeRawHTML()
            }
            document.labelTaskItems()
            let headings = document.anchorHeadings()
            return RenderedMarkdown(html: document.html(), plainText: document.plainText(),
                                    wikiLinks: wikiLinks, headings: headings, callouts: callouts, tags: tags)
        }
    }

    /// The wiki links of `source` in document order, found exactly as `render` finds them.
    public static func wikiLinks(in source: String, options: MarkdownOptions = .init()) -> [WikiLink] {
        CMarkDocument.withDocument(parsing: source, options: options) { $0.linkWikiLinksAndTags { _ in .unresolved }.links }
    }

    /// The first top-level paragraph of `source` as inline HTML, without `<p>`, and as plain
    /// text, for previews such as `WikiLinkResolution.embed`.
    ///
    /// Wiki links show their label or target and link nowhere; Markdown links show their text;
    /// embeds, images, raw HTML and footnote references are left out; tags keep their span. The
    /// text is cut at a word after about 300 characters and ends in `…` when cut. The HTML holds
    /// only phrasing content, so it can sit in a `<span>`. Empty when the note starts with no
    /// paragraph at its top level.
    public static func summary(_ source: String, options: MarkdownOptions = .init()) -> (html: String, plainText: String) {
        summary(source, options: options, partBytes: summaryPartBytes)
    }

    /// How much of a long note `summary` parses first, looking for its first paragraph.
    static let summaryPartBytes = 64 << 10

    /// `summary`, reading a note past `partBytes` only as far as its first paragraph (tests make
    /// `partBytes` small).
    static func summary(_ source: String, options: MarkdownOptions, partBytes: Int) -> (html: String, plainText: String) {
        CMarkDocument.summary(source, options: options, maxLength: summaryLength, partBytes: partBytes)
    }
}
