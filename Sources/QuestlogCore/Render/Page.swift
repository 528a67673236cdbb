import Mustache

/// A page to render: where it goes, which template renders it, and the data the template sees.
public struct Page: Sendable {
    /// The output path, relative to the output root.
    public var path: String
    /// The template's name (`entry` for `entry.mustache`).
    public var template: String
    public var context: MustacheValue
    /// The site's source files the page shows (paths from the site root), for the sitemap's
    /// `lastmod`; empty for pages made of no one file (search, 404).
    public var sources: [String]

    public init(path: String, template: String, context: MustacheValue, sources: [String] = []) {
        self.path = path
        self.template = template
        self.context = context
        self.sources = sources
    }
}
