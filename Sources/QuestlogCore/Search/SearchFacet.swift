/// A game or a kind as the search page offers it in its filters.
public struct SearchFacet: Sendable, Hashable {
    public var id: String
    /// The game's title or the kind's name, in the site's language.
    public var label: String
    /// For a kind: the state fields (`SearchIndex.stateFields`) its entries have, so "not complete"
    /// can be told from "has no such field".
    public var stateFields: [String]

    public init(id: String, label: String, stateFields: [String] = []) {
        self.id = id
        self.label = label
        self.stateFields = stateFields
    }
}
