/// A document found by a query.
public struct SearchHit: Sendable, Hashable {
    public var document: Int
    /// The sum over the query's words of the best-matching term's impact, scaled by how the term
    /// matched (whole word, prefix, or with one typo).
    public var score: Double
    /// How the query meets the document's name: hits are ordered by this, then by score.
    public var nameMatch: SearchNameMatch
    /// How many of the query's words the document matches.
    public var matchedWords: Int

    /// The query is the document's whole name: such hits come first.
    public var isExactName: Bool { nameMatch == .wholeName }

    public init(document: Int, score: Double, nameMatch: SearchNameMatch, matchedWords: Int = 0) {
        self.document = document
        self.score = score
        self.nameMatch = nameMatch
        self.matchedWords = matchedWords
    }
}
