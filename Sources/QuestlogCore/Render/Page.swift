import Mustache

/// A page to render: where it goes, which template renders it, and the data the template sees.
public struct Page: Sendable {
    /// The output path, relative to the output root.
    public var path: String
    /// The template's name (`entry` for `entry.mustache`).
    public var template: String
    public var context: MustacheValue

    public init(path: String, template: String, context: MustacheValue) {
        self.path = path
        self.template = template
        self.context = context
    }
}
