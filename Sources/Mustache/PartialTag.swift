/// A compiled `{{>partial}}` tag.
struct PartialTag: Sendable {
    let target: TemplateReference
    /// The whitespace before a standalone tag, prepended to each line of the partial.
    let indentation: [UInt8]
    let position: SourcePosition
}
