/// A `[[target]]` or `[[target|label]]` link found in a note's text (never in code).
public struct WikiLink: Sendable, Hashable {
    /// The text before `|`, trimmed (may carry a `kind:` prefix; the caller interprets it).
    public var target: String
    /// The text after the first `|`, trimmed; nil when there is none or it is empty.
    public var label: String?
    /// 1-based line of the opening `[[` in the file (the options' line offset applied).
    public var line: Int
    /// 1-based column of the opening `[[`, counted in Unicode scalars from the start of its line
    /// (a tab counts as one; a byte order mark at the start of the note does not count).
    public var column: Int

    /// Creates a link as `MarkdownRenderer` reports it.
    public init(target: String, label: String?, line: Int, column: Int) {
        self.target = target
        self.label = label
        self.line = line
        self.column = column
    }
}
