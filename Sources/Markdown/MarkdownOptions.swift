/// How a note is rendered.
public struct MarkdownOptions: Sendable, Hashable {
    /// Keep raw HTML from the source (tagfilter still applies). Off by default: raw HTML is omitted.
    public var unsafeHTML: Bool
    /// Added to cmark's 1-based line numbers so positions refer to the whole file (the front matter's length).
    public var lineOffset: Int

    /// Options for one note; the defaults omit raw HTML and count lines from the note's start.
    public init(unsafeHTML: Bool = false, lineOffset: Int = 0) {
        self.unsafeHTML = unsafeHTML
        self.lineOffset = lineOffset
    }
}
