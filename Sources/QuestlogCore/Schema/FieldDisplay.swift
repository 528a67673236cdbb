/// How pages show a field's value.
public enum FieldDisplay: String, Sendable, Hashable, CaseIterable {
    /// As text, a link or a yes/no mark, by its type.
    case value
    /// A `url` shown as a picture at the top of the entry's details, and as a thumbnail in kind tables.
    case image
}
