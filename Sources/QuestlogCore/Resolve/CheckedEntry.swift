/// An entry whose fields have been checked against its kind; references still unresolved.
struct CheckedEntry: Sendable {
    var raw: RawEntry
    var ref: EntryRef
    var name: String
    /// `NameKey.make(name)`, set once the entry is in its game's index.
    var nameKey = ""
    /// The entry's page, relative to the output root; empty when not made yet.
    var page = ""
    /// Where `name:` (or `title:`) is written; nil when the name comes from a heading or the file name.
    var nameLocation: SourceLocation?
    var aliases: [String]
    var fields: [(field: FieldDefinition, value: PendingValue)]
    /// Fields the kind does not declare, in the order written.
    var extra: [ExtraField]
    /// `draft: true`, or a file or folder name starting with `_`.
    var isDraft: Bool
    /// `spoiler: true`: the notes are hidden until clicked and kept out of the search index.
    var isSpoiler: Bool
    /// `spoiler_until: <progress field>`: the field whose playthroughs may read the notes.
    var spoilerUntil: String? = nil
    /// `progress: shared` in `game.md`.
    var sharedProgress = false
    /// Kept for a resolve that is kept (`KeptResolve`): the name keys the entry was indexed under
    /// (`GameIndex.keys(of:)`), and `RawEntry.notesAsideDigest` of the entry as loaded.
    var keys: [String] = []
    var notesAside: UInt64 = 0
}
