/// A checked field value whose references are not resolved yet.
enum PendingValue: Sendable {
    case value(FieldValue)
    case ref(ReferenceText)
    case refs([ReferenceText])
    /// A `url` field naming one of the site's files: a path relative to the entry's file, or an
    /// Obsidian `[[file.png]]` found by name in the game (`byName`).
    case file(ReferenceText, byName: Bool)
}
