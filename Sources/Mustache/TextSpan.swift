/// A run of literal text in a compiled template.
struct TextSpan: Sendable {
    /// The text, as a range of the template's text bytes.
    let bytes: Range<Int>
    /// Where lines other than the first start inside the text, as a range of the template's
    /// line-start offsets: where an indented partial writes its indentation. Empty lines are
    /// left out, since they stay empty.
    let lineStarts: Range<Int>
    /// Whether the text begins a non-empty source line, so that it is indented too.
    let startsLine: Bool
}
