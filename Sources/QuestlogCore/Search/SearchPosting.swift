/// One document that contains a term, with what the term is worth there.
///
/// Stored as three 32-bit numbers (12 bytes rather than 24): an index holds one posting per term
/// and document, millions for a large site. Values outside 32 bits are clamped (a document number
/// or score that large is out of reach of any site the index can serve).
public struct SearchPosting: Sendable, Hashable {
    private var storedDocument: Int32
    private var storedImpact: Int32
    private var storedNameLength: Int32

    public var document: Int {
        get { Int(storedDocument) }
        set { storedDocument = Int32(clamping: newValue) }
    }
    /// The term's BM25 score in the document, field weights included, in tenths.
    public var impact: Int {
        get { Int(storedImpact) }
        set { storedImpact = Int32(clamping: newValue) }
    }
    /// When the term is in the document's name: the number of distinct terms of the name, so a query
    /// can tell that it is the whole name. Zero otherwise.
    public var nameLength: Int {
        get { Int(storedNameLength) }
        set { storedNameLength = Int32(clamping: newValue) }
    }

    public init(document: Int, impact: Int, nameLength: Int = 0) {
        storedDocument = Int32(clamping: document)
        storedImpact = Int32(clamping: impact)
        storedNameLength = Int32(clamping: nameLength)
    }
}
