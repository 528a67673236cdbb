/// The answer to a query, and what the browser had to load to compute and show it.
public struct SearchResults: Sendable, Hashable {
    /// The best hits, at most the query's limit, best first.
    public var hits: [SearchHit]
    /// How many documents matched.
    public var total: Int
    /// Whether the hits contain every word of the query; when no document does, results fall back to
    /// those containing some of them, more words first, and the search box says so.
    public var matchesAllWords: Bool
    /// The term shards the query's words needed, sorted.
    public var shards: [Int]
    /// The documents files the hits are in, sorted.
    public var chunks: [Int]

    public init(hits: [SearchHit], total: Int, matchesAllWords: Bool, shards: [Int], chunks: [Int]) {
        self.hits = hits
        self.total = total
        self.matchesAllWords = matchesAllWords
        self.shards = shards
        self.chunks = chunks
    }
}
