/// A `[[target]]` or `[[target|label]]` link, or an `![[target]]` embed, found in a note's text
/// (never in code).
public struct WikiLink: Sendable, Hashable {
    /// The text before `|`, trimmed (may carry a `kind:` prefix or a `#heading`, as in
    /// `[[Page#Heading]]` and `[[#Heading]]`; the caller interprets both).
    public var target: String
    /// The text after the first `|`, trimmed; nil when there is none or it is empty.
    public var label: String?
    /// 1-based line of the opening `[[` (`![[` for an embed) in the file (the options' line offset applied).
    public var line: Int
    /// 1-based column of the opening `[[` (the `!` of an embed), counted in Unicode scalars from
    /// the start of its line (a tab counts as one; a byte order mark at the start of the note does
    /// not count).
    public var column: Int
    /// Whether it was written `![[target]]`: the target is to be shown in place, not linked.
    public var isEmbed: Bool

    /// Creates a link as `MarkdownRenderer` reports it.
    public init(target: String, label: String?, line: Int, column: Int, isEmbed: Bool = false) {
        self.target = target
        self.label = label
        self.line = line
        self.column = column
        self.isEmbed = isEmbed
    }
}
