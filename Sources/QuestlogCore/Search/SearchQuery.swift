/// What someone typed in a search box, with the search page's filters.
public struct SearchQuery: Sendable, Hashable {
    public var text: String
    /// Only documents of this game (an index into `SearchIndex.games`).
    public var game: Int?
    /// Only documents of this kind (an index into `SearchIndex.kinds`).
    public var kind: Int?
    public var state: SearchStateFilter?
    /// How many hits to return; `SearchResults.total` still counts them all.
    public var limit: Int

    public init(_ text: String, game: Int? = nil, kind: Int? = nil, state: SearchStateFilter? = nil, limit: Int = 10) {
        self.text = text
        self.game = game
        self.kind = kind
        self.state = state
        self.limit = limit
    }
}
