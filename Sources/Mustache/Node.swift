/// One step of a compiled template. Nodes live in one flat array per template: a node with a body
/// is followed by the body's nodes and records where they end, so rendering walks index ranges.
/// Every payload is a plain value, so walking the nodes costs no reference counting.
enum Node: Sendable {
    /// Literal text.
    case text(TextSpan)
    /// The start of a source line that begins with a tag: where an indented partial writes its
    /// indentation.
    case lineStart
    /// An interpolation of the name at this index of the template's names.
    case variable(Int, escaped: Bool)
    /// A section on the name at this index; its body runs to node `end`.
    case section(Int, end: Int)
    /// An inverted section on the name at this index; its body runs to node `end`.
    case invertedSection(Int, end: Int)
    /// The partial at this index of the template's partials.
    case partial(Int)
    /// The parent at this index of the template's parents.
    case parent(Int)
    /// The block at this index of the template's blocks.
    case block(Int)
}
