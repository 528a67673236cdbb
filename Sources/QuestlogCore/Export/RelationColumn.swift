/// An inverse relation of a kind in the exports (`given_by` on quests): the CSV columns of the related
/// names and ids, and the key of the relation in a JSON entry's `inverse`.
struct RelationColumn: Sendable, Hashable {
    /// The kind whose field holds the references.
    var sourceKind: String
    /// The field holding the references.
    var field: String
    /// The CSV column of the related names, and the JSON key.
    var name: String
    /// `<name>_ids`.
    var idsColumn: String
    /// The label pages show for the relation.
    var label: String
}
