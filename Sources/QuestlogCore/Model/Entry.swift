/// A resolved NPC, quest, location or custom-kind entry.
public struct Entry: Sendable, Hashable {
    public var ref: EntryRef
    public var name: String
    /// The name as lists and titles show it: qualified by region, parent or id when another entry of
    /// the kind in the game has the same name ("Smoldering Church (Caelid)").
    public var displayName: String
    /// Where the entry is defined (a Markdown file, or an item of a YAML data file).
    public var source: SourceLocation
    /// The entry's page, relative to the output root: `game/folder/id.html`.
    public var path: String
    /// Field values by field name; absent fields are missing.
    public var fields: [String: FieldValue]
    public var notes: Notes
    /// Inverse relations that have at least one entry, in schema order.
    public var inverse: [Relation]
    /// Entries (and the game, as an `EntryRef` of kind `game`) whose notes link here, sorted.
    public var mentions: [EntryRef]
    /// Front-matter fields the kind does not declare, in the order written.
    public var extra: [ExtraField]
    /// Published only because drafts are included (`--drafts`, `serve`).
    public var isDraft: Bool
    /// `spoiler: true`: notes hidden until clicked, and not searchable.
    public var isSpoiler: Bool
    /// `spoiler_until: <progress field>`: the notes are collapsed for playthroughs that have not
    /// done that field of this entry.
    public var spoilerUntil: String?

    public init(ref: EntryRef, name: String, source: SourceLocation, path: String, fields: [String: FieldValue],
                notes: Notes, inverse: [Relation] = [], mentions: [EntryRef] = [], displayName: String? = nil,
                extra: [ExtraField] = [], isDraft: Bool = false, isSpoiler: Bool = false, spoilerUntil: String? = nil) {
        self.spoilerUntil = spoilerUntil
        self.ref = ref
        self.name = name
        self.displayName = displayName ?? name
        self.extra = extra
        self.isDraft = isDraft
        self.isSpoiler = isSpoiler
        self.source = source
        self.path = path
        self.fields = fields
        self.notes = notes
        self.inverse = inverse
        self.mentions = mentions
    }

    public var id: String { ref.id }
    public var kind: String { ref.kind }

    public func bool(_ field: String) -> Bool {
        if case .bool(true)? = fields[field] { return true }
        return false
    }

    public func list(_ field: String) -> [String] {
        if case let .list(items)? = fields[field] { return items }
        return []
    }
}
