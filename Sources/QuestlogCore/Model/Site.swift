/// The checked, fully resolved site: the immutable graph that rendering and exports read.
public struct Site: Sendable {
    public var config: SiteConfig
    public var schema: Schema
    /// Games sorted by id.
    public var games: [Game] {
        get { storage }
        set {
            storage = newValue
            index = Self.positions(storage)
        }
        _modify {
            yield &storage
            index = Self.positions(storage)
        }
    }
    private var storage: [Game]
    /// Sizes of the site's own pictures, by their path in the output (`elden-ring/maps/limgrave.png`).
    public var imageSizes: [String: ImageDimensions]
    /// Where each entry is in `games`: the game's index and the entry's index in its kind's list
    /// (positions, not copies, so the entries are held once).
    private var index: EntryIndex

    private typealias EntryPosition = EntryIndex.Position

    public init(config: SiteConfig, schema: Schema, games: [Game], imageSizes: [String: ImageDimensions] = [:]) {
        self.imageSizes = imageSizes
        self.config = config
        self.schema = schema
        storage = games
        index = Self.positions(games)
    }

    private static func positions(_ games: [Game]) -> EntryIndex {
        var index = EntryIndex(capacity: games.reduce(0) { $0 + $1.entries.values.reduce(0) { $0 + $1.count } })
        for (gameIndex, game) in games.enumerated() {
            for entries in game.entries.values {
                for (entryIndex, entry) in entries.enumerated() {
                    index[entry.ref] = EntryPosition(game: Int32(gameIndex), entry: Int32(entryIndex))
                }
            }
        }
        return index
    }

    public func entry(_ ref: EntryRef) -> Entry? {
        withEntry(ref) { $0 }
    }

    /// What `body` makes of the entry `ref`, read where the site holds it; nil when there is none.
    /// An entry holds many values, and a copy (what `entry(_:)` gives) retains every one of them:
    /// the pages and exports, which look up the names of every entry an entry refers to, read them
    /// in place.
    public func withEntry<Result>(_ ref: EntryRef, _ body: (Entry) -> Result) -> Result? {
        guard let position = index[ref] else { return nil }
        let gamePosition = Int(position.game), entryPosition = Int(position.entry)
        if let entries = storage[gamePosition].entries[ref.kind], entryPosition < entries.count {
            let found = entries.withUnsafeBufferPointer { entries -> Result? in
                entries[entryPosition].ref == ref ? body(entries[entryPosition]) : nil
            }
            if let found { return found }
        }
        // A game made by hand may file an entry under another kind's list.
        for entries in storage[gamePosition].entries.values {
            if let found = entries.withUnsafeBufferPointer({ entries -> Result? in
                entries.lastIndex { $0.ref == ref }.map { body(entries[$0]) }
            }) {
                return found
            }
        }
        return nil
    }

    /// What `body` makes of the site's games, read where the site holds them: a game copied out of
    /// `games` is every one of its strings and tables counted up and down again.
    public func withGames<Result>(_ body: (UnsafeBufferPointer<Game>) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBufferPointer(body)
    }

    public func game(id: String) -> Game? {
        games.first { $0.id == id }
    }

    public var entryCount: Int { index.count }

    /// Puts `entry` in the place of the entry of the same reference, which must have the same name
    /// (the order of entries stays); false when the site has none.
    @discardableResult
    mutating func replaceEntry(_ entry: Entry) -> Bool {
        guard let position = index[entry.ref] else { return false }
        return storage[Int(position.game)].replaceEntry(entry, at: Int(position.entry))
    }

    /// Moves the entry `ref` to its place in its kind's list, whose other entries are in the order
    /// of `precedes` (`Game.reorderEntry`), as after a change of its name; false when the site has none.
    mutating func reorderEntry(_ ref: EntryRef, by precedes: (EntryRef, EntryRef) -> Bool) -> Bool {
        guard let position = index[ref] else { return false }
        let gamePosition = Int(position.game)
        guard let (kind, moved) = storage[gamePosition].reorderEntry(ref, at: Int(position.entry), by: precedes) else { return false }
        let list = storage[gamePosition].entries[kind] ?? []
        for place in moved {
            index[list[place].ref] = EntryPosition(game: position.game, entry: Int32(place))
        }
        return true
    }

    /// Gives the `position`th game other notes, in place.
    mutating func replaceNotes(ofGame position: Int, with notes: Notes) {
        storage[position].notes = notes
    }

    /// Gives the entry `ref` other notes, in place: nothing else of the site changes, so its index
    /// is kept. False when the site has no such entry.
    mutating func replaceNotes(of ref: EntryRef, with notes: Notes) -> Bool {
        guard let position = index[ref] else { return false }
        return storage[Int(position.game)].replaceNotes(of: ref, at: Int(position.entry), with: notes)
    }
}
