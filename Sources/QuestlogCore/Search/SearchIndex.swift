/// The search index of a site: the documents results show, and for each term the documents that
/// contain it with a precomputed score. Terms are cut into shards of neighbouring terms, so the
/// browser loads only the shards a query's words fall in.
public struct SearchIndex: Sendable {
    /// Games first in site order, each game's kinds in schema order, entries by name.
    public var documents: [SearchDocument]
    public var games: [SearchFacet]
    /// The game kind, then every kind that has entries, in schema order.
    public var kinds: [SearchFacet]

    /// The boolean fields the search page filters on: every kind's progress and highlight fields, sorted.
    public var stateFields: [String] {
        Set(kinds.flatMap(\.stateFields)).sorted()
    }
    public var groups: [SearchGroup]
    /// Every term, sorted by UTF-16 code units, which is how JavaScript compares strings.
    public var terms: [String]
    /// The documents of each term, by document number.
    public var postings: [[SearchPosting]]
    /// For each shard, the index in `terms` of its first term.
    public var shardStarts: [Int]
    /// For each shard, the shortest prefix of its first term that sorts after the previous shard's
    /// last term: enough to tell which shard a word belongs to.
    public var shardKeys: [String]
    /// How many consecutive documents share a documents file.
    public var documentsPerChunk: Int
    /// How many threads `files()` writes the files on: the builder's.
    var jobs = 1
    /// What the memo of the index is made of, for an index made to be kept (`SearchIndexMemo`).
    var kept: SearchIndexMemo.Draft?

    public init(documents: [SearchDocument], games: [SearchFacet], kinds: [SearchFacet], groups: [SearchGroup],
                terms: [String], postings: [[SearchPosting]], shardStarts: [Int], shardKeys: [String], documentsPerChunk: Int) {
        self.documents = documents
        self.games = games
        self.kinds = kinds
        self.groups = groups
        self.terms = terms
        self.postings = postings
        self.shardStarts = shardStarts
        self.shardKeys = shardKeys
        self.documentsPerChunk = documentsPerChunk
    }

    public var shardCount: Int { shardStarts.count }

    /// The range of `terms` that shard `shard` holds.
    public func termRange(ofShard shard: Int) -> Range<Int> {
        shardStarts[shard]..<(shard + 1 < shardStarts.count ? shardStarts[shard + 1] : terms.count)
    }

    /// The shard whose range of terms `term` falls in.
    public func shard(for term: String) -> Int {
        var low = 0
        var high = shardKeys.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if SearchIndex.precedes(term, shardKeys[middle]) { high = middle } else { low = middle }
        }
        return low
    }

    /// The index of `term` in `terms`, or where it would be inserted.
    func termPosition(_ term: String) -> Int {
        var low = 0
        var high = terms.count
        while low < high {
            let middle = (low + high) / 2
            if SearchIndex.precedes(terms[middle], term) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The order of terms: UTF-16 code units, as JavaScript's `<` on strings.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf16.lexicographicallyPrecedes(rhs.utf16)
    }

    /// The documents file that holds document `document`.
    public func chunk(of document: Int) -> Int {
        document / documentsPerChunk
    }

    public var chunkCount: Int {
        (documents.count + documentsPerChunk - 1) / documentsPerChunk
    }
}
