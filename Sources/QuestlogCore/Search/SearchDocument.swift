/// A game or an entry as search results show it.
public struct SearchDocument: Sendable, Hashable {
    public var name: String
    /// The page, relative to the output root.
    public var path: String
    public var aliases: [String]
    /// The start of the notes as plain text, from which results cut an excerpt around the match.
    public var text: String
    /// Index into `SearchIndex.games`.
    public var game: Int
    /// Index into `SearchIndex.kinds`.
    public var kind: Int
    /// The state fields (`complete`, `cleared`, `merchant`, `smith_anvil`) that are true.
    public var flags: Set<String>

    public init(name: String, path: String, aliases: [String], text: String, game: Int, kind: Int, flags: Set<String>) {
        self.name = name
        self.path = path
        self.aliases = aliases
        self.text = text
        self.game = game
        self.kind = kind
        self.flags = flags
    }
}
