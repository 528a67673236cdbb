/// The checked, fully resolved site: the immutable graph that rendering and exports read.
public struct Site: Sendable {
    public var config: SiteConfig
    public var schema: Schema
    /// Games sorted by id.
    public var games: [Game]
    /// Sizes of the site's own pictures, by their path in the output (`elden-ring/maps/limgrave.png`).
    public var imageSizes: [String: ImageDimensions]
    private var index: [EntryRef: Entry]

    public init(config: SiteConfig, schema: Schema, games: [Game], imageSizes: [String: ImageDimensions] = [:]) {
        self.imageSizes = imageSizes
        self.config = config
        self.schema = schema
        self.games = games
        var index: [EntryRef: Entry] = [:]
        for game in games {
            for entries in game.entries.values {
                for entry in entries { index[entry.ref] = entry }
            }
        }
        self.index = index
    }

    public func entry(_ ref: EntryRef) -> Entry? {
        index[ref]
    }

    public func game(id: String) -> Game? {
        games.first { $0.id == id }
    }

    public var entryCount: Int { index.count }
}
