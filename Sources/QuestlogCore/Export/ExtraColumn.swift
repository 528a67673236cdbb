/// A front-matter field that a kind does not declare, as a CSV column of one file.
struct ExtraColumn: Sendable, Hashable {
    /// The field's name in the front matter, and its key in a JSON entry's `extra`.
    var field: String
    /// The header: the field's name, made unique against the file's other columns.
    var column: String
}
