/// What the caller's resolver says a wiki link points at.
public enum WikiLinkResolution: Sendable, Hashable {
    /// Render as a real link to `href`; `title` is the target entry's name (the default label).
    case resolved(href: String, title: String)
    /// Render as a visibly marked span (`<span class="wikilink-missing">`).
    case unresolved
}
