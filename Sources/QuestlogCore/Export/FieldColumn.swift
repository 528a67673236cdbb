/// A field of a kind in the exports: its CSV column and, for a reference field, the sibling ids column.
struct FieldColumn: Sendable, Hashable {
    var field: FieldDefinition
    var column: String
    /// `<field>_ids`, for `ref` and `refs` fields.
    var idsColumn: String?
}
