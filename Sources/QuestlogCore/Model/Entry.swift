/// A resolved NPC, quest, location or custom-kind entry.
///
/// Its values are held in one box shared by its copies until one of them changes (copy on
/// write): an entry is copied wherever a list of them is read, and a copy is then one reference
/// taken rather than one for each of its strings, lists and tables.
public struct Entry: Sendable, Hashable {
    public var ref: EntryRef {
        get { storage.ref }
        _modify {
            unique()
            yield &storage.ref
        }
    }
    public var name: String {
        get { storage.name }
        _modify {
            unique()
            yield &storage.name
        }
    }
    /// The name as lists and titles show it: qualified by region, parent or id when another entry of
    /// the kind in the game has the same name ("Smoldering Church (Caelid)").
    public var displayName: String {
        get { storage.displayName }
        _modify {
            unique()
            yield &storage.displayName
        }
    }
    /// Where the entry is defined (a Markdown file, or an item of a YAML data file).
    public var source: SourceLocation {
        get { storage.source }
        _modify {
            unique()
            yield &storage.source
        }
    }
    /// The entry's page, relative to the output root: `game/folder/id.html`.
    public var path: String {
        get { storage.path }
        _modify {
            unique()
            yield &storage.path
        }
    }
    /// Field values by field name; absent fields are missing.
    public var fields: [String: FieldValue] {
        get { storage.fields }
        _modify {
            unique()
            yield &storage.fields
        }
    }
    public var notes: Notes {
        get { storage.notes }
        _modify {
            unique()
            yield &storage.notes
        }
    }
    /// Inverse relations that have at least one entry, in schema order.
    public var inverse: [Relation] {
        get { storage.inverse }
        _modify {
            unique()
            yield &storage.inverse
        }
    }
    /// Entries (and the game, as an `EntryRef` of kind `game`) whose notes link here, sorted.
    public var mentions: [EntryRef] {
        get { storage.mentions }
        _modify {
            unique()
            yield &storage.mentions
        }
    }
    /// Front-matter fields the kind does not declare, in the order written.
    public var extra: [ExtraField] {
        get { storage.extra }
        _modify {
            unique()
            yield &storage.extra
        }
    }
    /// Published only because drafts are included (`--drafts`, `serve`).
    public var isDraft: Bool {
        get { storage.isDraft }
        _modify {
            unique()
            yield &storage.isDraft
        }
    }
    /// `spoiler: true`: notes hidden until clicked, and not searchable.
    public var isSpoiler: Bool {
        get { storage.isSpoiler }
        _modify {
            unique()
            yield &storage.isSpoiler
        }
    }
    /// `spoiler_until: <progress field>`: the notes are collapsed for playthroughs that have not
    /// done that field of this entry.
    public var spoilerUntil: String? {
        get { storage.spoilerUntil }
        _modify {
            unique()
            yield &storage.spoilerUntil
        }
    }

    /// The values, shared by copies until one changes (`unique()`).
    private(set) var storage: Storage

    /// An entry's values, every stored property of it. A property added here goes into its
    /// `init`, `copy()`, the entry's `==` and `hash(into:)`, and `SiteDigest` too:
    /// `SiteDigestTests` lists these properties, so it fails until the list is looked at again.
    final class Storage: @unchecked Sendable {
        // Unchecked: a box is changed only through an entry that holds the sole reference to it.
        // For the same reason no access to a value overlaps a change of it (an entry's own accesses
        // are checked where it is written): the values are not checked again each time they are
        // read, which pages and exports do some 1.5 million times in a 10,000-entry build.
        @exclusivity(unchecked) var ref: EntryRef
        @exclusivity(unchecked) var name: String
        @exclusivity(unchecked) var displayName: String
        @exclusivity(unchecked) var source: SourceLocation
        @exclusivity(unchecked) var path: String
        @exclusivity(unchecked) var fields: [String: FieldValue]
        @exclusivity(unchecked) var notes: Notes
        @exclusivity(unchecked) var inverse: [Relation]
        @exclusivity(unchecked) var mentions: [EntryRef]
        @exclusivity(unchecked) var extra: [ExtraField]
        @exclusivity(unchecked) var isDraft: Bool
        @exclusivity(unchecked) var isSpoiler: Bool
        @exclusivity(unchecked) var spoilerUntil: String?

        init(ref: EntryRef, name: String, displayName: String, source: SourceLocation, path: String, fields: [String: FieldValue],
             notes: Notes, inverse: [Relation], mentions: [EntryRef], extra: [ExtraField], isDraft: Bool, isSpoiler: Bool,
             spoilerUntil: String?) {
            self.ref = ref
            self.name = name
            self.displayName = displayName
            self.source = source
            self.path = path
            self.fields = fields
            self.notes = notes
            self.inverse = inverse
            self.mentions = mentions
            self.extra = extra
            self.isDraft = isDraft
            self.isSpoiler = isSpoiler
            self.spoilerUntil = spoilerUntil
        }

        func copy() -> Storage {
            Storage(ref: ref, name: name, displayName: displayName, source: source, path: path, fields: fields, notes: notes,
                    inverse: inverse, mentions: mentions, extra: extra, isDraft: isDraft, isSpoiler: isSpoiler, spoilerUntil: spoilerUntil)
        }
    }

    /// Makes the box this entry's own before it changes.
    private mutating func unique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    public init(ref: EntryRef, name: String, source: SourceLocation, path: String, fields: [String: FieldValue],
                notes: Notes, inverse: [Relation] = [], mentions: [EntryRef] = [], displayName: String? = nil,
                extra: [ExtraField] = [], isDraft: Bool = false, isSpoiler: Bool = false, spoilerUntil: String? = nil) {
        storage = Storage(ref: ref, name: name, displayName: displayName ?? name, source: source, path: path, fields: fields,
                          notes: notes, inverse: inverse, mentions: mentions, extra: extra, isDraft: isDraft, isSpoiler: isSpoiler,
                          spoilerUntil: spoilerUntil)
    }

    /// Entries are equal when every value is.
    public static func == (lhs: Entry, rhs: Entry) -> Bool {
        if lhs.storage === rhs.storage { return true }
        let a = lhs.storage, b = rhs.storage
        return a.ref == b.ref && a.name == b.name && a.displayName == b.displayName && a.source == b.source && a.path == b.path
            && a.fields == b.fields && a.notes == b.notes && a.inverse == b.inverse && a.mentions == b.mentions && a.extra == b.extra
            && a.isDraft == b.isDraft && a.isSpoiler == b.isSpoiler && a.spoilerUntil == b.spoilerUntil
    }

    public func hash(into hasher: inout Hasher) {
        let values = storage
        hasher.combine(values.ref)
        hasher.combine(values.name)
        hasher.combine(values.displayName)
        hasher.combine(values.source)
        hasher.combine(values.path)
        hasher.combine(values.fields)
        hasher.combine(values.notes)
        hasher.combine(values.inverse)
        hasher.combine(values.mentions)
        hasher.combine(values.extra)
        hasher.combine(values.isDraft)
        hasher.combine(values.isSpoiler)
        hasher.combine(values.spoilerUntil)
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
