/// The checked, fully resolved site: the immutable graph that rendering and exports read.
public struct Site: Sendable {
    public var config: SiteConfig
    public var schema: Schema
    /// Games sorted by id.
    public var games: [Game] {
        get { storage }
        set {
            storage = newValue
            (index, entries) = Self.positions(storage)
        }
        _modify {
            yield &storage
            (index, entries) = Self.positions(storage)
        }
    }
    private var storage: [Game]
    /// Sizes of the site's own pictures, by their path in the output (`elden-ring/maps/limgrave.png`).
    public var imageSizes: [String: ImageDimensions]
    /// Where each entry is in `games`: the game's index and the entry's index in its kind's list.
    private var index: EntryIndex
    /// Every entry of the games, at its ref's place in `index`: the same entries as the games
    /// hold (one box each, shared), for lookups. Found through its game's table of kinds, an
    /// entry cost a hash of the kind's name and, worse, took and gave back the counts of that
    /// table and of the kind's whole list, which both rendering threads did for every name of
    /// every entry they showed.
    private var entries: [Entry]

    private typealias EntryPosition = EntryIndex.Position

    public init(config: SiteConfig, schema: Schema, games: [Game], imageSizes: [String: ImageDimensions] = [:]) {
        self.imageSizes = imageSizes
        self.config = config
        self.schema = schema
        storage = games
        (index, entries) = Self.positions(games)
    }

    private static func positions(_ games: [Game]) -> (EntryIndex, [Entry]) {
        let count = games.reduce(0) { $0 + $1.entries.values.reduce(0) { $0 + $1.count } }
        var index = EntryIndex(capacity: count)
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for (gameIndex, game) in games.enumerated() {
            for list in game.entries.values {
                for (entryIndex, entry) in list.enumerated() {
                    let place = index.set(entry.ref, to: EntryPosition(game: Int32(gameIndex), entry: Int32(entryIndex)))
                    if place == entries.count { entries.append(entry) } else { entries[place] = entry }
                }
            }
        }
        return (index, entries)
    }

    public func entry(_ ref: EntryRef) -> Entry? {
        withEntry(ref) { $0 }
    }

    /// What `body` makes of the entry `ref`, read where the site holds it; nil when there is none.
    /// The pages and exports look up the names of every entry an entry refers to.
    public func withEntry<Result>(_ ref: EntryRef, _ body: (Entry) -> Result) -> Result? {
        guard let place = index.place(of: ref) else { return nil }
        return entries.withUnsafeBufferPointer { body($0[place]) }
    }

    /// Sets `entries` at the place of `ref` to the entry the games hold for it, after a change of it.
    private mutating func refreshEntry(_ ref: EntryRef) {
        guard let place = index.place(of: ref), let position = index[ref] else { return }
        let lists = storage[Int(position.game)].entries
        if let list = lists[ref.kind], Int(position.entry) < list.count, list[Int(position.entry)].ref == ref {
            entries[place] = list[Int(position.entry)]
            return
        }
        // A game made by hand may file an entry under another kind's list.
        for list in lists.values {
            if let found = list.last(where: { $0.ref == ref }) {
                entries[place] = found
                return
            }
        }
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
        guard storage[Int(position.game)].replaceEntry(entry, at: Int(position.entry)) else { return false }
        refreshEntry(entry.ref)
        return true
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
        guard storage[Int(position.game)].replaceNotes(of: ref, at: Int(position.entry), with: notes) else { return false }
        refreshEntry(ref)
        return true
    }
}
