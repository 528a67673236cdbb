/// A run of consecutive documents of one game and one kind. Documents are numbered game by game and
/// kind by kind, so filtering by game or kind only needs these ranges, not a list of documents.
public struct SearchGroup: Sendable, Hashable {
    /// Index into `SearchIndex.games`.
    public var game: Int
    /// Index into `SearchIndex.kinds`.
    public var kind: Int
    public var documents: Range<Int>

    public init(game: Int, kind: Int, documents: Range<Int>) {
        self.game = game
        self.kind = kind
        self.documents = documents
    }
}
