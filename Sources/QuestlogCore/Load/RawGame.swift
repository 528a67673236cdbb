/// A game folder as read from disk: its `game.md` (as an entry of the game kind) and its entries.
public struct RawGame: Sendable {
    public var id: String
    /// The folder, relative to the site root (`Content/elden-ring`).
    public var folder: String
    /// `game.md`, or an empty stand-in titled after the folder when the game has none.
    public var game: RawEntry
    /// Entries in a stable order: by kind folder, then by path.
    public var entries: [RawEntry]
    /// The game folder's name starts with `_`: the game and all its entries are drafts.
    public var isDraft: Bool

    public init(id: String, folder: String, game: RawEntry, entries: [RawEntry], isDraft: Bool = false) {
        self.id = id
        self.folder = folder
        self.game = game
        self.entries = entries
        self.isDraft = isDraft
    }
}
