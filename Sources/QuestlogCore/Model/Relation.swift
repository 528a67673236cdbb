/// Entries related to an entry through one reference field, seen from the referenced side
/// ("NPCs here" on a location lists the NPCs whose `locations` name it).
public struct Relation: Sendable, Hashable {
    /// The kind whose field holds the references.
    public var sourceKind: String
    /// The field holding the references.
    public var field: String
    public var label: String
    /// Related entries, ordered by kind, then name.
    public var entries: [EntryRef]

    public init(sourceKind: String, field: String, label: String, entries: [EntryRef]) {
        self.sourceKind = sourceKind
        self.field = field
        self.label = label
        self.entries = entries
    }
}
