/// An entry whose progress a playthrough records, and the list it is recorded in.
public struct ProgressTarget: Sendable, Hashable {
    public var ref: EntryRef
    public var name: String
    /// The progress field, which names the playthrough's list (`complete`, `cleared`).
    public var field: String
    /// The kind's name for messages ("quest").
    public var noun: String

    public init(ref: EntryRef, name: String, field: String, noun: String) {
        self.ref = ref
        self.name = name
        self.field = field
        self.noun = noun
    }
}
