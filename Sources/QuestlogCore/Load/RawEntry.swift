import YAML

/// An entry (or a `game.md`) as read from its file, before its fields are checked against the schema.
public struct RawEntry: Sendable {
    public var kind: Kind
    public var id: String
    /// Where the entry starts: line 1 of its Markdown file, or its item in a data file.
    public var source: SourceLocation
    /// The front-matter (or data item) fields, in order, without `id` and `notes`.
    public var fields: [(key: YAMLNode, value: YAMLNode)]
    public var notes: String
    /// Lines before the notes in the file, and columns before them on each line (data-file block scalars).
    public var notesLineOffset: Int
    public var notesColumnOffset: Int
    /// The name when the fields give none: the notes' first `# Heading`, else the file name.
    public var fallbackName: String
    /// The file could not be read whole (an error says why); the entry only keeps its id and name
    /// so that references to it resolve.
    public var isDamaged: Bool
    /// The file, or a folder above it, is private (its name starts with `_`): a draft, published
    /// only when drafts are asked for.
    public var isDraft: Bool

    public init(kind: Kind, id: String, source: SourceLocation, fields: [(key: YAMLNode, value: YAMLNode)],
                notes: String, notesLineOffset: Int, notesColumnOffset: Int = 0, fallbackName: String, isDamaged: Bool = false,
                isDraft: Bool = false) {
        self.kind = kind
        self.id = id
        self.source = source
        self.fields = fields
        self.notes = notes
        self.notesLineOffset = notesLineOffset
        self.notesColumnOffset = notesColumnOffset
        self.fallbackName = fallbackName
        self.isDamaged = isDamaged
        self.isDraft = isDraft
    }

    public func field(_ name: String) -> YAMLNode? {
        fields.first { $0.key.string == name }?.value
    }
}
