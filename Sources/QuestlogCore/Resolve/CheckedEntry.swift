/// An entry whose fields have been checked against its kind; references still unresolved.
struct CheckedEntry: Sendable {
    var raw: RawEntry
    var ref: EntryRef
    var name: String
    var aliases: [String]
    var fields: [(field: FieldDefinition, value: PendingValue)]
}
