/// A compiled `{{<parent}}…{{/parent}}` tag.
struct ParentTag: Sendable {
    let target: TemplateReference
    /// The whitespace before a standalone tag, prepended to each line of the parent.
    let indentation: [UInt8]
    /// The blocks written directly inside the tag, as indices into the template's blocks:
    /// the arguments that replace the parent's blocks of the same names.
    let overrides: [Int]
    /// The node index after the tag's body, where rendering resumes.
    let end: Int
    let position: SourcePosition
}
