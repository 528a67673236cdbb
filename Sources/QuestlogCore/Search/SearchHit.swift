/// A document found by a query.
public struct SearchHit: Sendable, Hashable {
    public var document: Int
    /// The sum over the query's words of the best-matching term's impact, scaled by how the term
    /// matched (whole word, prefix, or with one typo).
    public var score: Double
    /// The query is the document's whole name: such hits come first.
    public var isExactName: Bool

    public init(document: Int, score: Double, isExactName: Bool) {
        self.document = document
        self.score = score
        self.isExactName = isExactName
    }
}
