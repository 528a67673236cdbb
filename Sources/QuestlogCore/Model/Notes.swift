import Markdown

/// An entry's notes: the Markdown source, parsed once into HTML and plain text.
public struct Notes: Sendable, Hashable {
    public var markdown: String
    public var html: String
    public var plainText: String
    public var headings: [Heading]

    public init(markdown: String, html: String, plainText: String, headings: [Heading]) {
        self.markdown = markdown
        self.html = html
        self.plainText = plainText
        self.headings = headings
    }

    public static let empty = Notes(markdown: "", html: "", plainText: "", headings: [])
}
