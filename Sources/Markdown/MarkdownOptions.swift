/// How a note is rendered.
public struct MarkdownOptions: Sendable, Hashable {
    /// Keep raw HTML from the source, sanitized to an allowlist of elements and attributes (no
    /// scripts, styles, frames, forms, event handlers or dangerous URLs). Off by default: raw
    /// HTML is omitted.
    public var unsafeHTML: Bool
    /// Added to cmark's 1-based line numbers so positions refer to the whole file (the front matter's length).
    public var lineOffset: Int
    /// Added to every heading's level (at most `<h6>`), so a note's `#` heading can sit below the
    /// headings of the page that shows it.
    public var headingOffset: Int
    /// When set, the level the note's highest heading gets, the others keeping their distance to
    /// it (at least `<h1>`, at most `<h6>`): under a page's `<h2>`, 3 makes a note written from
    /// `##` start at `<h3>` as well as one written from `#`. Takes the place of `headingOffset`.
    public var topHeadingLevel: Int?
    /// Titles of callouts written without one, by lowercased type (`["spoiler": "Spoiler!"]`);
    /// a type not listed is titled by its name, capitalised.
    public var calloutTitles: [String: String]

    /// Options for one note; the defaults omit raw HTML, count lines from the note's start, keep
    /// heading levels as written and title callouts by their type.
    public init(unsafeHTML: Bool = false, lineOffset: Int = 0, headingOffset: Int = 0, topHeadingLevel: Int? = nil,
                calloutTitles: [String: String] = [:]) {
        self.unsafeHTML = unsafeHTML
        self.lineOffset = lineOffset
        self.headingOffset = max(0, headingOffset)
        self.topHeadingLevel = topHeadingLevel.map { min(6, max(1, $0)) }
        self.calloutTitles = calloutTitles
    }
}
