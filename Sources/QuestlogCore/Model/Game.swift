/// A resolved playthrough: its `game.md` and its entries grouped by kind.
public struct Game: Sendable, Hashable {
    public var id: String
    public var title: String
    /// Where `game.md` is, or the game's folder when it has none.
    public var source: SourceLocation
    /// The game page, relative to the output root: `game/index.html`.
    public var path: String
    /// Values of the game kind's fields (`character`, `class`, …).
    public var fields: [String: FieldValue]
    public var notes: Notes
    /// Entries per kind id, each list sorted by name (then id).
    public var entries: [String: [Entry]] {
        get { storage }
        set {
            storage = newValue
            playthroughs = Game.playthroughs(storage, shared: sharedProgress)
        }
        _modify {
            yield &storage
            playthroughs = Game.playthroughs(storage, shared: sharedProgress)
        }
    }
    private var storage: [String: [Entry]]
    /// The entries the game's own notes link to, sorted.
    public var links: [EntryRef]
    /// `game.md` fields the game kind does not declare, in the order written.
    public var extra: [ExtraField]
    /// `progress: shared` in `game.md`: the entries' own progress values count in every playthrough.
    public var sharedProgress: Bool {
        didSet { playthroughs = Game.playthroughs(entries, shared: sharedProgress) }
    }
    /// The playthroughs progress is counted for: each playthrough file in id order, or, in a game
    /// without any, the implicit one (the entries' own values). Kept with the entries, since every
    /// page asks for them.
    public private(set) var playthroughs: [Playthrough]

    public init(id: String, title: String, source: SourceLocation, path: String, fields: [String: FieldValue],
                notes: Notes, entries: [String: [Entry]], links: [EntryRef], extra: [ExtraField] = [], sharedProgress: Bool = false) {
        self.sharedProgress = sharedProgress
        playthroughs = Game.playthroughs(entries, shared: sharedProgress)
        self.id = id
        self.title = title
        self.source = source
        self.path = path
        self.fields = fields
        self.notes = notes
        storage = entries
        self.links = links
        self.extra = extra
    }

    /// Gives the entry `ref`, the `position`th of the entries of its kind (or found by its ref
    /// when not there), other notes; false when the game has no such entry. The playthroughs are
    /// made again only when a playthrough's notes change.
    mutating func replaceNotes(of ref: EntryRef, at position: Int, with notes: Notes) -> Bool {
        guard let (kind, place) = place(of: ref, near: position) else { return false }
        storage[kind]![place].notes = notes
        if ref.kind == Schema.playthroughKind {
            playthroughs = Game.playthroughs(storage, shared: sharedProgress)
        }
        return true
    }

    /// Puts `entry` in the place of the entry of the same reference, the `position`th of its kind
    /// (or found by its ref when not there); false when the game has no such entry. The
    /// playthroughs are made again when a playthrough changes (others' values are read from the
    /// entries as pages ask).
    mutating func replaceEntry(_ entry: Entry, at position: Int) -> Bool {
        guard let (kind, place) = place(of: entry.ref, near: position) else { return false }
        storage[kind]![place] = entry
        if entry.ref.kind == Schema.playthroughKind {
            playthroughs = Game.playthroughs(storage, shared: sharedProgress)
        }
        return true
    }

    /// Moves the entry `ref`, the `position`th of its kind (or found by its ref when not there), to
    /// its place among the other entries of its list, which are in the order of `precedes`: after
    /// every entry that precedes it, before every other. The kind and the positions of the list whose
    /// entries moved; nil when the game has no such entry.
    mutating func reorderEntry(_ ref: EntryRef, at position: Int, by precedes: (EntryRef, EntryRef) -> Bool) -> (kind: String, moved: Range<Int>)? {
        guard let (kind, place) = place(of: ref, near: position) else { return nil }
        var list = storage[kind]!
        storage[kind] = nil
        let entry = list.remove(at: place)
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(list[middle].ref, ref) { low = middle + 1 } else { high = middle }
        }
        list.insert(entry, at: low)
        storage[kind] = list
        if ref.kind == Schema.playthroughKind {
            playthroughs = Game.playthroughs(storage, shared: sharedProgress)
        }
        return (kind, min(place, low)..<(max(place, low) + 1))
    }

    /// Where the entry `ref` is: the `position`th of its kind's list, or, in a game made by hand
    /// that files an entry under another kind's list, wherever it is found.
    private func place(of ref: EntryRef, near position: Int) -> (kind: String, index: Int)? {
        if let list = storage[ref.kind], position < list.count, list[position].ref == ref { return (ref.kind, position) }
        guard let found = storage.first(where: { $0.value.contains { $0.ref == ref } }) else { return nil }
        return (found.key, found.value.lastIndex { $0.ref == ref }!)
    }

    public func entries(of kind: String) -> [Entry] {
        entries[kind] ?? []
    }

    /// What `body` makes of the `position`th entry of `kind`, read where the game holds it; nil
    /// when there is none. The list is not copied out of the table (its count taken and given
    /// back): a game's pages, on both rendering threads, each read their entry so. Its address
    /// stays valid for the call, as the game, borrowed throughout, holds the list.
    func withEntry<Result>(of kind: String, at position: Int, _ body: (Entry) -> Result) -> Result? {
        guard let (base, count) = storage[kind].map({ list in list.withUnsafeBufferPointer { ($0.baseAddress, $0.count) } }),
              position >= 0, position < count, let base else { return nil }
        return body(base[position])
    }

    /// Every entry, kinds in the order given, entries by name.
    public func allEntries(kindOrder: [Kind]) -> [Entry] {
        kindOrder.flatMap { entries(of: $0.id) }
    }

    /// The game's own UI language (`language:` in `game.md`), if it sets one.
    public var language: String? {
        if case let .string(language)? = fields["language"] { return language }
        return nil
    }
}
