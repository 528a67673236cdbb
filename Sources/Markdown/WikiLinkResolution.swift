/// What the caller's resolver says a wiki link points at.
public enum WikiLinkResolution: Sendable, Hashable {
    /// Render as a real link to `href`; `title` is the target entry's name (the default label).
    case resolved(href: String, title: String)
    /// Render as a visibly marked span (`<span class="wikilink-missing">`).
    case unresolved
    /// Render as plain text, the label or the target (a link to a page that is left out on purpose).
    case text
    /// Render as `<img src="src" alt="alt" loading="lazy" width="width">` (the width only when
    /// given and positive), for an embedded picture such as `![[map.png|300]]`.
    case image(src: String, alt: String, width: Int?)
    /// Render as an inline preview of another entry:
    /// `<span class="embed"><a class="embed-title" href="href">title</a> <span class="embed-preview">previewHTML</span></span>`.
    ///
    /// `previewHTML` is written as it is: it must be trusted phrasing content, such as the
    /// `html` of `MarkdownRenderer.summary`.
    case embed(href: String, title: String, previewHTML: String)
}
