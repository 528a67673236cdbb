/// One document that contains a term, with what the term is worth there.
public struct SearchPosting: Sendable, Hashable {
    public var document: Int
    /// The term's BM25 score in the document, field weights included, in tenths.
    public var impact: Int
    /// When the term is in the document's name: the number of distinct terms of the name, so a query
    /// can tell that it is the whole name. Zero otherwise.
    public var nameLength: Int

    public init(document: Int, impact: Int, nameLength: Int = 0) {
        self.document = document
        self.impact = impact
        self.nameLength = nameLength
    }
}
