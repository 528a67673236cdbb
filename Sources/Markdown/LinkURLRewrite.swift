/// What to do with a link or image URL offered by `MarkdownRenderer.render`.
public enum LinkURLRewrite: Sendable, Hashable {
    /// Leave the URL as written.
    case keep
    /// Use this URL instead (it still passes `LinkURLPolicy`, like every URL).
    case replace(String)
    /// Empty the URL, as is done for a refused scheme.
    case remove
}
