extension SearchIndex {
    /// A term that starts with the last word counts this much, more the more of it was typed.
    static func prefixFactor(wordLength: Int, termLength: Int) -> Double {
        0.7 + 0.2 * Double(wordLength) / Double(termLength)
    }

    /// A term one typo away from the word.
    static let typoFactor = 0.5
    /// A term whose start is one typo away from the last word.
    static let typoPrefixFactor = 0.4
    /// Words shorter than this must be spelled right: short words have too many neighbours.
    static let typoMinimumLength = 5
    /// A short prefix can span many shards; only this many are loaded for it.
    static let prefixShardLimit = 3
    /// How many more shards a misspelt word may load to find its correction.
    static let typoShardLimit = 3

    /// The distinct terms of a query, in order. The last one also matches longer terms (search as you
    /// type) unless the text ends with a space or punctuation, or it is a single letter. A single Han,
    /// kana or Hangul character always does: the index has it only where it ends a run, and as the
    /// start of a pair everywhere else.
    public static func words(of text: String) -> [(term: String, isPrefix: Bool)] {
        let terms = SearchTokenizer.terms(in: text)
        guard let last = terms.last else { return [] }
        let endsInWord = text.unicodeScalars.last(where: { !SearchTokenizer.isIgnorable($0) })
            .map(SearchTokenizer.isWordCharacter) ?? false
        let lastIsPrefix = endsInWord && last.unicodeScalars.count >= 2
        var words: [(term: String, isPrefix: Bool)] = []
        for term in terms where !words.contains(where: { $0.term == term }) {
            words.append((term, SearchTokenizer.isSingleIdeograph(term) || (lastIsPrefix && term == last)))
        }
        return words
    }

    /// The shards a word is looked up in: its own, and for a prefix the following ones its
    /// completions reach into, up to `prefixShardLimit`.
    public func shards(for word: String, isPrefix: Bool) -> [Int] {
        let first = shard(for: word)
        var shards = [first]
        guard isPrefix else { return shards }
        var next = first + 1
        while next < shardKeys.count, shards.count < Self.prefixShardLimit, shardKeys[next].utf16.starts(with: word.utf16) {
            shards.append(next)
            next += 1
        }
        return shards
    }

    /// For a word long enough for a typo that is not a term of its shard: the shards its correction
    /// may be in when the typo is in its first characters, which choose the shard. Those are the
    /// shards of the word with two neighbouring characters swapped or one left out (an extra or a
    /// wrong letter there is not looked for), at most `typoShardLimit` besides `shards`.
    public func typoShards(for word: String, besides shards: [Int]) -> [Int] {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count >= Self.typoMinimumLength else { return [] }
        var variants: [[Unicode.Scalar]] = []
        for index in 0..<(scalars.count - 1) {
            var swapped = scalars
            swapped.swapAt(index, index + 1)
            variants.append(swapped)
        }
        for index in scalars.indices {
            var shorter = scalars
            shorter.remove(at: index)
            variants.append(shorter)
        }
        var found: [Int] = []
        for variant in variants {
            let shard = shard(for: String(String.UnicodeScalarView(variant)))
            if !shards.contains(shard), !found.contains(shard) { found.append(shard) }
            if found.count == Self.typoShardLimit { break }
        }
        return found
    }

    /// Whether `word` is a term of the index.
    func contains(_ word: String) -> Bool {
        let position = termPosition(word)
        return position < terms.count && terms[position] == word
    }

    /// The terms a word matches, each with its factor: itself and its completions among the terms of
    /// `shards`, and terms one typo away among those of `shards` and `typoShards`. Exact matches are
    /// flagged, as only they can make a whole-name match.
    func candidates(for word: String, isPrefix: Bool, in shards: [Int], typoShards: [Int]) -> [(term: Int, factor: Double, isExact: Bool)] {
        let wordScalars = Array(word.unicodeScalars)
        let ranges = shards.map(termRange(ofShard:))
        var found: [(term: Int, factor: Double, isExact: Bool)] = []
        let position = termPosition(word)
        if position < terms.count, terms[position] == word {
            found.append((position, 1, true))
        }
        if isPrefix {
            var index = found.isEmpty ? position : position + 1
            while index < terms.count, terms[index].utf16.starts(with: word.utf16), ranges.contains(where: { $0.contains(index) }) {
                let length = terms[index].unicodeScalars.count
                found.append((index, Self.prefixFactor(wordLength: wordScalars.count, termLength: length), false))
                index += 1
            }
        }
        guard wordScalars.count >= Self.typoMinimumLength else { return found }
        let matched = Set(found.map(\.term))
        for range in ranges + typoShards.map(termRange(ofShard:)) {
            for index in range where !matched.contains(index) {
                let termScalars = Array(terms[index].unicodeScalars)
                if SearchEditDistance.withinOne(wordScalars[...], termScalars[...]) {
                    found.append((index, Self.typoFactor, false))
                } else if isPrefix, SearchEditDistance.prefixWithinOne(wordScalars, termScalars) {
                    found.append((index, Self.typoPrefixFactor, false))
                }
            }
        }
        return found
    }

    /// Runs a query the way `search.js` does, with the same shards, scores and order, so tests and
    /// benchmarks can check ranking and what a query loads without a browser.
    ///
    /// Each word scores a document with its best-matching term. Documents that match every word are
    /// the results; when none does, those that match some, more words first. Then come documents whose
    /// name the query's words (those the document has) meet best (`SearchNameMatch`), then higher
    /// scores, then document order.
    ///
    /// A query without words but with a filter lists every document that passes it, in document order.
    public func search(_ query: SearchQuery) -> SearchResults {
        let words = Self.words(of: query.text)
        guard !words.isEmpty else { return browse(query) }
        var scores = [[Double]](repeating: [Double](repeating: 0, count: documents.count), count: words.count)
        var nameQuality = [[UInt8]](repeating: [UInt8](repeating: 0, count: documents.count), count: words.count)
        var nameLengths = [Int](repeating: 0, count: documents.count)
        var touched = Set<Int>()
        var usedShards = Set<Int>()
        for (number, word) in words.enumerated() {
            let shards = shards(for: word.term, isPrefix: word.isPrefix)
            let typoShards = contains(word.term) ? [] : typoShards(for: word.term, besides: shards)
            usedShards.formUnion(shards + typoShards)
            for candidate in candidates(for: word.term, isPrefix: word.isPrefix, in: shards, typoShards: typoShards) {
                let quality: UInt8 = candidate.isExact ? 2 : 1
                for posting in postings[candidate.term] {
                    let value = Double(posting.impact) * candidate.factor
                    if value > scores[number][posting.document] { scores[number][posting.document] = value }
                    if posting.nameLength > 0 {
                        nameLengths[posting.document] = posting.nameLength
                        if quality > nameQuality[number][posting.document] { nameQuality[number][posting.document] = quality }
                    }
                    touched.insert(posting.document)
                }
            }
        }

        var ranked: [SearchHit] = []
        for document in touched where passes(document, query) {
            var matched = 0
            var score = 0.0
            for number in words.indices where scores[number][document] > 0 {
                matched += 1
                score += scores[number][document]
            }
            // Over the words the document has: with some words only, a page named by one still comes first.
            let nameMatch = SearchNameMatch.of(quality: words.indices.lazy.filter { scores[$0][document] > 0 }.map { nameQuality[$0][document] },
                                               words: matched, nameLength: nameLengths[document])
            ranked.append(SearchHit(document: document, score: score, nameMatch: nameMatch, matchedWords: matched))
        }
        let matchesAllWords = ranked.contains { $0.matchedWords == words.count }
        let hits = ranked.filter { !matchesAllWords || $0.matchedWords == words.count }.sorted(by: Self.ranksBefore)
        let shown = Array(hits.prefix(query.limit))
        return SearchResults(hits: shown, total: hits.count, matchesAllWords: matchesAllWords, shards: usedShards.sorted(),
                             chunks: Set(shown.map { chunk(of: $0.document) }).sorted())
    }

    /// The order of hits: more of the query's words, a better name match, a higher score, document order.
    static func ranksBefore(_ lhs: SearchHit, _ rhs: SearchHit) -> Bool {
        if lhs.matchedWords != rhs.matchedWords { return lhs.matchedWords > rhs.matchedWords }
        if lhs.nameMatch != rhs.nameMatch { return lhs.nameMatch > rhs.nameMatch }
        if lhs.score != rhs.score { return lhs.score > rhs.score }
        return lhs.document < rhs.document
    }

    /// A query without words: with a game, kind or state filter, every document that passes it, in
    /// document order (games in site order, kinds in schema order, entries by name); without, nothing.
    func browse(_ query: SearchQuery) -> SearchResults {
        guard query.game != nil || query.kind != nil || query.state != nil else {
            return SearchResults(hits: [], total: 0, matchesAllWords: false, shards: [], chunks: [])
        }
        let passing = documents.indices.filter { passes($0, query) }
        let shown = passing.prefix(query.limit).map { SearchHit(document: $0, score: 0, nameMatch: .none) }
        return SearchResults(hits: shown, total: passing.count, matchesAllWords: true, shards: [],
                             chunks: Set(shown.map { chunk(of: $0.document) }).sorted())
    }

    /// Whether a document passes the query's game, kind and state filters.
    func passes(_ document: Int, _ query: SearchQuery) -> Bool {
        let subject = documents[document]
        if let game = query.game, subject.game != game { return false }
        if let kind = query.kind, subject.kind != kind { return false }
        if let state = query.state {
            guard kinds[subject.kind].stateFields.contains(state.field) else { return false }
            // A playthrough's state (`playthrough:<game>/<id>`) concerns its own game only.
            if state.field.hasPrefix("playthrough:"), !state.field.hasPrefix("playthrough:\(games[subject.game].id)/") { return false }
            return subject.flags.contains(state.field) == state.value
        }
        return true
    }
}
