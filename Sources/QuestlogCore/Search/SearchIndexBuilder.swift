import Foundation

/// Builds the search index of a site: every game and every entry, their terms field by field, and a
/// BM25 score per term and document with field weights, computed once here so the browser only adds.
public struct SearchIndexBuilder: Sendable {
    public var site: Site
    public var strings: UIStrings
    public var jobs: Int
    /// About how many bytes of terms and postings one shard file holds.
    public var shardBytes: Int
    /// About how many bytes of documents one documents file holds.
    public var chunkBytes: Int
    /// How many characters of each document's notes results can cut excerpts from.
    public var textLimit: Int
    /// Notes longer than this many bytes are read in parts of about this size, on several threads.
    var partBytes = 1 << 20
    /// The analyses of earlier indexes, reused for documents whose texts are unchanged
    /// (`SearchMemo`); it keeps this index's. The index does not depend on it.
    public var memo: SearchMemo?
    /// The digest of the site (`SiteDigest.value`), when the index is to be kept for the next build
    /// to update (`SearchIndex.kept`, `SearchIndexMemo`); that needs a `memo` too.
    var keptSite: UInt64?

    /// BM25's term-frequency saturation.
    static let saturation = 1.2

    public init(site: Site, strings: UIStrings, jobs: Int = 1, shardBytes: Int = 20_000, chunkBytes: Int = 6_000,
                textLimit: Int = 800, memo: SearchMemo? = nil) {
        self.memo = memo
        self.site = site
        self.strings = strings
        self.jobs = max(1, jobs)
        self.shardBytes = shardBytes
        self.chunkBytes = chunkBytes
        self.textLimit = textLimit
    }

    /// How many documents are scored at a time: their postings go to their terms' lists, and their
    /// analysis is let go, before the next ones are scored, so the postings of the whole index are
    /// never held twice. Zero for a sixteenth of the documents, at least 4,096.
    var scoringBatch = 0

    public func build() -> SearchIndex {
        var analyzed: [AnalyzedDocument] = []
        let (documents, keys, games, kinds, groups, table) = analyzedDocuments(into: &analyzed)
        let count = Double(documents.count)
        let termCount = table.count
        var documentFrequency = [Int](repeating: 0, count: termCount)
        var lengthTotals = [Int](repeating: 0, count: SearchField.allCases.count)
        var lengthCounts = lengthTotals
        for document in analyzed {
            for id in document.terms { documentFrequency[Int(id)] += 1 }
            for (field, length) in document.lengths.enumerated() where length > 0 {
                lengthTotals[field] += length
                lengthCounts[field] += 1
            }
        }
        let averageLengths = zip(lengthTotals, lengthCounts).map { Self.stableAverage(total: $0, count: $1) }

        let order = table.sortedIDs(jobs: jobs)
        let rank = {
            var rank = [Int32](repeating: 0, count: termCount)
            for (position, id) in order.enumerated() { rank[id] = Int32(position) }
            return rank
        }()
        let idf = documentFrequency.map { Self.idf(documentFrequency: $0, documents: count) }
        // What the next build may update the index from (`SearchIndexMemo`): only with the keys of
        // the documents' texts, by which the analyses memo finds a changed document's last analysis.
        let keeping = keptSite != nil && keys.count == documents.count
        let kept = keeping ? SearchIndexMemo.Draft(documents: analyzed.indices.map { number in
            SearchIndexMemo.Document(lengths: analyzed[number].lengths, nameLength: analyzed[number].nameLength,
                                     bytes: Self.byteCount(of: documents[number]), key: keys[number])
        }, totals: lengthTotals, counts: lengthCounts) : nil
        // Each term's postings record for a kept index, written on a thread of its own while the
        // next batch is scored, made at about its final size: three bytes a posting.
        let blockWriter = keeping ? BlockWriter(frequencies: order.map { documentFrequency[$0] }) : nil

        // Each term's postings in document order, its list made at its final size. The documents are
        // scored a batch at a time on several threads, each posting with the rank of its term; a
        // batch's analysis is let go once its postings are in their lists. A kept index also has
        // each term's postings with their frequencies (`SearchIndexMemo.Draft.blocks`).
        var postings = [[SearchPosting]](repeating: [], count: termCount)
        for (position, id) in order.enumerated() { postings[position].reserveCapacity(documentFrequency[id]) }
        let batch = scoringBatch > 0 ? scoringBatch : max(4096, analyzed.count / 16)
        for start in stride(from: 0, to: analyzed.count, by: batch) {
            let range = start..<min(start + batch, analyzed.count)
            let current = Array(analyzed[range])
            for number in range { analyzed[number] = .empty }
            let scored = Parallel.map(Array(current.indices), jobs: jobs) { offset -> ScoredDocument in
                let document = current[offset]
                let documentLengths = document.lengths.map(Double.init)
                var postings: [SearchPosting] = []
                postings.reserveCapacity(document.terms.count)
                documentLengths.withUnsafeBufferPointer { lengths in
                    averageLengths.withUnsafeBufferPointer { averages in
                        for (id, packed) in zip(document.terms, document.packed) {
                            let impact = Self.impact(packed: packed, idf: idf[Int(id)], lengths: lengths.baseAddress!, averages: averages.baseAddress!)
                            let nameLength = Self.unpack(packed, .name) > 0 ? document.nameLength : 0
                            postings.append(SearchPosting(document: start + offset, impact: impact, nameLength: nameLength))
                        }
                    }
                }
                // For a kept index, each posting's frequencies as its postings record has them, one
                // after the other (each tells its own length: a mask, then a number per field in it).
                var frequencies: [UInt8] = []
                if keeping {
                    frequencies.reserveCapacity(3 * document.terms.count)
                    for packed in document.packed { SearchIndexMemo.appendPacked(packed, to: &frequencies) }
                }
                return ScoredDocument(ranks: document.terms.map { rank[Int($0)] }, postings: postings, frequencies: frequencies)
            }
            blockWriter?.add(scored)
            postings.withUnsafeMutableBufferPointer { postings in
                for document in scored {
                    for (rank, posting) in zip(document.ranks, document.postings) { postings[Int(rank)].append(posting) }
                }
            }
            // The batch's analysis is freed; its room goes back to the system rather than staying
            // beside the postings that replace it.
            BuildTimings.releaseFreedMemory()
        }

        let terms = Parallel.map(order, jobs: jobs) { table.term($0) }
        let (shardStarts, shardKeys, estimated) = shards(terms: terms, postings: postings)
        let documentBytes = documents.reduce(0) { $0 + Self.byteCount(of: $1) }
        let perChunk = Self.documentsPerChunk(documents: documents.count, bytes: documentBytes, chunkBytes: chunkBytes)
        var index = SearchIndex(documents: documents, games: games, kinds: kinds, groups: groups, terms: terms,
                                postings: postings, shardStarts: shardStarts, shardKeys: shardKeys, documentsPerChunk: perChunk)
        index.jobs = jobs
        if var draft = kept, let site = keptSite, let blockWriter {
            draft.blocks = blockWriter.finish()
            draft.parameters = parameters
            draft.site = site
            draft.documentBytes = documentBytes
            draft.estimated = estimated
            draft.frequencies = order.map { documentFrequency[$0] }
            index.kept = draft
        }
        return index
    }

    /// Writes the postings records of a kept index (`SearchIndexMemo.Draft.blocks`), a batch of
    /// scored documents at a time, in order, on a queue of its own; at most one batch waits for it
    /// beside the one it writes (`add` waits otherwise), so the batches are not held all at once.
    private final class BlockWriter: @unchecked Sendable {
        // Unchecked: `blocks` and `last` are used on `queue` alone.
        private let queue = DispatchQueue(label: "questlog.search-blocks")
        private let room = DispatchSemaphore(value: 2)
        private var blocks: [[UInt8]]
        /// By term, the last document written to its record.
        private var last: [Int]

        init(frequencies: [Int]) {
            blocks = frequencies.map { frequency in
                var block: [UInt8] = []
                block.reserveCapacity(3 * frequency)
                return block
            }
            last = [Int](repeating: 0, count: frequencies.count)
        }

        func add(_ scored: [ScoredDocument]) {
            room.wait()
            queue.async { [self] in
                defer { room.signal() }
                // Taken out of the object while they are written: each access to a class's
                // property in the loop was checked for exclusive access at run time.
                var blocks: [[UInt8]] = []
                var last: [Int] = []
                swap(&blocks, &self.blocks)
                swap(&last, &self.last)
                defer {
                    swap(&blocks, &self.blocks)
                    swap(&last, &self.last)
                }
                for document in scored {
                    document.frequencies.withUnsafeBufferPointer { frequencies in
                        var from = 0
                        for (index, rank) in document.ranks.enumerated() {
                            let rank = Int(rank)
                            let number = document.postings[index].document
                            let to = SearchIndexMemo.endOfPacked(in: frequencies, at: from)
                            MemoWriter.varint(number - last[rank], to: &blocks[rank])
                            blocks[rank].append(contentsOf: UnsafeBufferPointer(rebasing: frequencies[from..<to]))
                            last[rank] = number
                            from = to
                        }
                    }
                }
            }
        }

        /// The records, once every batch is written.
        func finish() -> [[UInt8]] {
            queue.sync {
                defer { blocks = [] }
                return blocks
            }
        }
    }

    /// A document's postings, with the rank of each one's term and, for a kept index, the bytes of
    /// each one's frequencies one after another (`SearchIndexMemo.appendPacked`).
    private struct ScoredDocument: Sendable {
        var ranks: [Int32]
        var postings: [SearchPosting]
        var frequencies: [UInt8]
    }

    /// How many consecutive documents share a documents file: about `chunkBytes` of their records,
    /// and no more than there are (so that the number of an index whose documents all fit in one
    /// file changes with nothing but their number).
    static func documentsPerChunk(documents: Int, bytes: Int, chunkBytes: Int) -> Int {
        documents == 0 ? 1 : min(documents, max(1, chunkBytes * documents / max(1, bytes)))
    }

    /// About how many bytes a document's record takes in its documents file.
    static func byteCount(of document: SearchDocument) -> Int {
        document.name.utf8.count + document.path.utf8.count + document.text.utf8.count
            + document.aliases.reduce(0) { $0 + $1.utf8.count + 3 } + 12
    }

    /// A term's inverse document frequency among `documents` documents.
    static func idf(documentFrequency: Int, documents: Double) -> Double {
        let frequency = Double(documentFrequency)
        return log(1 + (documents - frequency + 0.5) / (frequency + 0.5))
    }

    /// A term's BM25 score in a document, field weights included, in tenths (at least one): from its
    /// frequency in each field (`packed`), its `idf`, the document's field lengths and the index's
    /// average lengths (`stableAverage`).
    @inline(__always)
    static func impact(packed: Int, idf: Double, lengths: UnsafePointer<Double>, averages: UnsafePointer<Double>) -> Int {
        var weighted = 0.0
        for field in SearchField.allCases {
            let termFrequency = unpack(packed, field)
            guard termFrequency > 0 else { continue }
            let b = field.lengthNormalization
            let normalized = Double(termFrequency) / (1 - b + b * lengths[field.rawValue] / averages[field.rawValue])
            weighted += field.weight * normalized * (saturation + 1) / (normalized + saturation)
        }
        return max(1, (idf * weighted * 10).nearestInt)
    }

    /// How many leading bits of its significand an average field length keeps (`stableAverage`).
    static let averageBits = 6

    /// The average length of a field, `total` terms over the `count` documents that have it (1 when
    /// none does), rounded to its first `averageBits` significant bits: within 1.6% of the exact
    /// average, which BM25's length normalization cannot tell apart, and the same after most edits,
    /// so an edit changes the scores of the documents it touches and no others
    /// (`SearchIndexBuilder.update`). Lucene's BM25 likewise scores from lengths kept in one byte.
    static func stableAverage(total: Int, count: Int) -> Double {
        guard count > 0, total > 0 else { return 1 }
        let exact = Double(total) / Double(count)
        let dropped = UInt64(Double.significandBitCount - averageBits)
        let half: UInt64 = 1 << (dropped - 1)
        return Double(bitPattern: (exact.bitPattern + half) & ~((1 << dropped) - 1))
    }

    /// What the kept index depends on beside the site: its layout's settings, and the words of the
    /// interface and the schema its documents' texts read. A kept index of other parameters is
    /// neither updated nor made again from (`update`, `remade(from:)`).
    var parameters: UInt64 {
        var digest = StableDigest()
        for number in [SearchIndex.formatVersion, shardBytes, chunkBytes, textLimit, Self.averageBits, Self.fieldBits] { digest.add(number) }
        // The words the documents' texts take from the interface and the schema (each kind's name,
        // the names and labels of the fields searched): an index made in other words is another.
        let labels = Labels(strings: strings, schema: site.schema)
        for kind in [site.schema.game] + site.schema.kinds {
            let texts = TextFields(kind, labels: labels)
            digest.add(kind.id)
            digest.add(texts.name)
            digest.add(texts.fields.count)
            for (name, label) in texts.fields {
                digest.add(name)
                digest.add(label)
            }
        }
        return digest.value
    }

    /// Every document in index order, its analysis in `analyzed` with its terms numbered in `table`.
    /// The texts of the documents' fields are let go once read, and each thread's analysis of a
    /// document becomes the document's in place, its terms renumbered rather than copied. With a
    /// memo, the documents whose texts it holds the analysis of are not read, and it keeps this
    /// index's analyses.
    private func analyzedDocuments(into analyzed: inout [AnalyzedDocument])
        -> (documents: [SearchDocument], keys: [SearchMemo.Key], games: [SearchFacet], kinds: [SearchFacet], groups: [SearchGroup], table: TermTable) {
        let (documents, fieldTexts, games, kinds, groups) = collect()
        var table = TermTable()
        let keys = memo.map { _ in Parallel.map(fieldTexts, jobs: jobs) { SearchMemo.key(of: $0) } } ?? []
        var kept = memo?.analyses(of: keys, into: &table) ?? []
        // Only the documents the memo does not hold are read.
        let unread = kept.isEmpty ? Array(fieldTexts.indices) : kept.indices.filter { kept[$0] == nil }
        let texts = unread.count == fieldTexts.count ? fieldTexts : unread.map { fieldTexts[$0] }
        var (workers, owners) = Self.analyze(texts, jobs: jobs, partBytes: partBytes)
        // Each thread's terms once in one table, so every later step counts and sorts integers.
        let globalIDs = workers.indices.map { worker in
            (0..<workers[worker].table.count).map { local in workers[worker].table.withTerm(local) { Int32(table.id(of: $0)) } }
        }
        for worker in workers.indices { workers[worker].table = TermTable() }
        analyzed = []
        analyzed.reserveCapacity(documents.count)
        var next = 0
        for number in documents.indices {
            if !kept.isEmpty, let document = kept[number] {
                analyzed.append(document)
                kept[number] = nil
                continue
            }
            let parts = owners[next]
            next += 1
            if parts.count == 1, let (worker, position) = parts.first {
                var document = workers[worker].documents[position]
                workers[worker].documents[position] = .empty
                let ids = globalIDs[worker]
                document.terms.withUnsafeMutableBufferPointer { terms in
                    for index in terms.indices { terms[index] = ids[Int(terms[index])] }
                }
                analyzed.append(document)
            } else {
                analyzed.append(Self.combine(parts.map { (workers[$0.worker].documents[$0.position], globalIDs[$0.worker]) }))
                for part in parts { workers[part.worker].documents[part.position] = .empty }
            }
            owners[next - 1] = []
        }
        memo?.keep(keys: keys, documents: analyzed, table: table, reused: documents.count - unread.count)
        return (documents, keys, games, kinds, groups, table)
    }

    // MARK: Documents

    /// Every document in index order with the text of each of its fields.
    private func collect() -> (documents: [SearchDocument], fieldTexts: [[[String]]], games: [SearchFacet],
                               kinds: [SearchFacet], groups: [SearchGroup]) {
        let plan = DocumentPlan(site: site, strings: strings)
        var documents: [SearchDocument] = []
        var fieldTexts: [[[String]]] = []
        documents.reserveCapacity(plan.count)
        fieldTexts.reserveCapacity(plan.count)
        for part in plan.parts {
            guard let context = part.context else {
                let made = gameDocument(part.game, number: part.gameNumber, labels: plan.labels)
                documents.append(made.document)
                fieldTexts.append(made.texts)
                continue
            }
            // Each entry's document and texts on up to `jobs` threads, kept in the entries' order.
            let made = Parallel.map(part.entries, jobs: jobs) { entry in
                entryDocument(entry, game: part.game, number: part.gameNumber, context: context)
            }
            for item in made {
                documents.append(item.document)
                fieldTexts.append(item.texts)
            }
        }
        return (documents, fieldTexts, plan.games, plan.kinds, plan.groups)
    }

    /// Which documents an index has, in its order: each game's own document, then its entries kind
    /// by kind (kinds in schema order, each kind's entries as the game lists them); with the games
    /// and kinds results filter by, and the range of documents of each game and kind.
    struct DocumentPlan {
        /// The documents of one game and kind: the game's own (`context` nil) or its entries of a kind.
        struct Part {
            var gameNumber: Int
            var game: Game
            var context: KindContext?
            var entries: [Entry]
            /// The number of the part's first document.
            var start: Int
        }

        var labels: Labels
        var games: [SearchFacet]
        var kinds: [SearchFacet]
        var groups: [SearchGroup] = []
        var parts: [Part] = []
        /// How many documents there are.
        var count = 0

        init(site: Site, strings: UIStrings) {
            labels = Labels(strings: strings, schema: site.schema)
            let allKinds = SearchIndexBuilder.kinds(of: site)
            let runs = SearchIndexBuilder.playthroughStates(of: site)
            let labels = labels
            kinds = allKinds.map { kind in
                SearchFacet(id: kind.id, label: labels.kindName(kind),
                            stateFields: SearchIndexBuilder.stateFields(of: kind)
                                + (SearchIndexBuilder.progressField(of: kind) == nil ? [] : runs.map(\.state)))
            }
            games = site.games.map { SearchFacet(id: $0.id, label: $0.title) }
            let contexts = allKinds.dropFirst().enumerated().map { offset, kind in KindContext(kind, offset: offset + 1, labels: labels) }
            for (gameNumber, game) in site.games.enumerated() {
                parts.append(Part(gameNumber: gameNumber, game: game, context: nil, entries: [], start: count))
                groups.append(SearchGroup(game: gameNumber, kind: 0, documents: count..<count + 1))
                count += 1
                for context in contexts {
                    let entries = game.entries(of: context.kind.id)
                    guard !entries.isEmpty else { continue }
                    parts.append(Part(gameNumber: gameNumber, game: game, context: context, entries: entries, start: count))
                    groups.append(SearchGroup(game: gameNumber, kind: context.offset, documents: count..<count + entries.count))
                    count += entries.count
                }
            }
        }
    }

    /// What the documents of one kind share: the kind, its number among the index's kinds, the
    /// fields its documents are filtered by, and what their texts read of it.
    struct KindContext {
        var kind: Kind
        var offset: Int
        var stateFields: [String]
        var progressField: FieldDefinition?
        var textFields: TextFields

        init(_ kind: Kind, offset: Int, labels: Labels) {
            self.kind = kind
            self.offset = offset
            stateFields = SearchIndexBuilder.stateFields(of: kind)
            progressField = SearchIndexBuilder.progressField(of: kind)
            textFields = TextFields(kind, labels: labels)
        }
    }

    /// A game's own document and the texts of its fields.
    func gameDocument(_ game: Game, number: Int, labels: Labels) -> (document: SearchDocument, texts: [[String]]) {
        (SearchDocument(name: game.title, path: game.path, aliases: [], text: excerptText(game.notes.plainText), game: number, kind: 0, flags: []),
         texts(name: game.title, aliases: [], tags: Self.list(game.fields["tags"]), kind: TextFields(site.schema.game, labels: labels),
               fields: game.fields, notes: game.notes.plainText))
    }

    /// An entry's document and the texts of its fields.
    func entryDocument(_ entry: Entry, game: Game, number: Int, context: KindContext) -> (document: SearchDocument, texts: [[String]]) {
        // A spoiler's notes stay out of the index; its name is still found.
        let notes = entry.isSpoiler ? "" : entry.notes.plainText
        let aliases = entry.list("aliases")
        return (document(of: entry, number: number, context: context, game: game, aliases: aliases, excerpt: excerptText(notes)),
                texts(name: entry.name, aliases: aliases, tags: entry.list("tags"), kind: context.textFields,
                      fields: entry.fields, notes: notes))
    }

    /// The document of `entry` alone, as `entryDocument` makes it, for an index whose terms are
    /// not read again: its notes' excerpt is cut from their bytes when it can be, not from a
    /// string of the whole notes.
    func entryDocumentOnly(_ entry: Entry, game: Game, number: Int, context: KindContext) -> SearchDocument {
        let excerpt = entry.isSpoiler ? "" : entry.notes.withUTF8(.plainText) { excerptText(utf8: $0) } ?? excerptText(entry.notes.plainText)
        return document(of: entry, number: number, context: context, game: game, aliases: entry.list("aliases"), excerpt: excerpt)
    }

    private func document(of entry: Entry, number: Int, context: KindContext, game: Game, aliases: [String], excerpt: String) -> SearchDocument {
        // In a game with playthroughs a progress field is done when every playthrough has done it.
        var flags = Set(context.stateFields.filter { name in
            guard game.hasPlaythroughs, context.kind.field(named: name)?.progress == true else { return entry.bool(name) }
            return game.playthroughs.allSatisfy { $0.isDone(entry, field: name) }
        })
        if let field = context.progressField {
            for run in game.playthroughs where run.entry != nil && run.isDone(entry, field: field.name) {
                flags.insert(Self.playthroughState(game: game.id, playthrough: run.id ?? ""))
            }
        }
        return SearchDocument(name: entry.displayName, path: entry.path, aliases: aliases, text: excerpt, game: number,
                              kind: context.offset, flags: flags)
    }

    /// The kinds documents can have: the game kind, then every kind some game has entries of, in schema order.
    static func kinds(of site: Site) -> [Kind] {
        [site.schema.game] + site.schema.kinds.filter { kind in site.games.contains { !$0.entries(of: kind.id).isEmpty } }
    }

    /// The state of "done in this playthrough": `playthrough:<game>/<id>`, true for the entries of
    /// the game whose (first) progress field the playthrough has done; "open in" is its negation.
    static func playthroughState(game: String, playthrough: String) -> String {
        "playthrough:\(game)/\(playthrough)"
    }

    /// Every playthrough of the site with its state, games in site order, playthroughs by id.
    static func playthroughStates(of site: Site) -> [(game: Game, playthrough: Entry, state: String)] {
        site.games.flatMap { game in
            game.playthroughEntries.map { (game: game, playthrough: $0, state: playthroughState(game: game.id, playthrough: $0.id)) }
        }
    }

    /// The progress field a kind's entries count by in a playthrough: its first.
    static func progressField(of kind: Kind) -> FieldDefinition? {
        kind.fields.first { $0.progress && $0.type == .bool }
    }

    /// The state fields a kind's entries can be filtered on: its progress and highlight booleans.
    static func stateFields(of kind: Kind) -> [String] {
        kind.fields.filter { $0.type == .bool && ($0.progress || $0.highlight) }.map(\.name)
    }

    /// The texts of each field, in `SearchField` order. Keys are the kind's name, the values of
    /// single-line fields (region, status, motto…) and the labels of true booleans, so "smith anvil"
    /// finds the places that have one; longer `text` fields count as notes. A field's terms are those
    /// of its texts one after the other (as if joined with line breaks), so no text is copied.
    private func texts(name: String, aliases: [String], tags: [String], kind: TextFields,
                       fields: [String: FieldValue], notes: String) -> [[String]] {
        var keys = [kind.name]
        var longText = [notes]
        for (field, label) in kind.fields {
            switch fields[field] {
            case let .string(value)?: keys.append(value)
            case let .list(items)?: keys.append(contentsOf: items)
            case let .text(value)?: longText.append(value)
            case .bool(true)?: keys.append(label)
            default: continue
            }
        }
        return [[name], aliases, tags, keys, longText]
    }

    /// What `texts` reads of a kind, worked out once for all its entries: its name, and the name
    /// and label of each field whose values are searched, in the kind's order.
    struct TextFields {
        var name: String
        var fields: [(name: String, label: String)]

        init(_ kind: Kind, labels: Labels) {
            name = labels.kindName(kind)
            fields = kind.fields.filter { !["name", "title", "aliases", "tags"].contains($0.name) }.map { field in
                (field.name, labels.field(field, of: kind))
            }
        }
    }

    /// The notes cut to `textLimit` characters, at a space when there is one near the end.
    func excerptText(_ text: String) -> String {
        // Counting characters reads the whole text; only the first `textLimit` + 1 matter.
        guard text.utf8.count > textLimit else { return text }
        // Each byte a character: cut among the bytes (`excerptText(utf8:)`).
        var contiguous = text
        if let excerpt = contiguous.withUTF8({ excerptText(utf8: $0) }) { return excerpt }
        guard let end = text.index(text.startIndex, offsetBy: textLimit, limitedBy: text.endIndex), end < text.endIndex else { return text }
        let cut = text[..<end]
        if let space = cut.lastIndex(where: \.isWhitespace), cut.distance(from: cut.startIndex, to: space) > textLimit * 3 / 4 {
            return String(cut[..<space])
        }
        return String(cut)
    }

    /// `excerptText` of the text whose UTF-8 bytes are `utf8`, made from the bytes it keeps: nil
    /// unless those and the byte after them are ASCII with no carriage return (each byte a
    /// character, so the last white space is as far from the start in characters as in bytes),
    /// or the text is no longer than `textLimit` bytes (all of it kept).
    func excerptText(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count > textLimit else { return String(decoding: bytes, as: UTF8.self) }
        guard !bytes[...textLimit].contains(where: { $0 >= 0x80 || $0 == 0x0D }) else { return nil }
        var end = textLimit
        if let space = bytes[..<textLimit].lastIndex(where: { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }), space > textLimit * 3 / 4 {
            end = space
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
    }

    static func list(_ value: FieldValue?) -> [String] {
        if case let .list(items)? = value { return items }
        return []
    }

    // MARK: Terms

    static let fieldBits = 12
    static let fieldMask = (1 << fieldBits) - 1

    /// What one document (or one part of a long one) holds: the ids of its distinct terms, first in
    /// the table of the thread that read it and then in the whole index's, with each one's frequency
    /// in every field (packed `fieldBits` per field), the length of each field in
    /// terms, and the number of distinct terms of the name.
    struct AnalyzedDocument: Sendable {
        var terms: [Int32]
        var packed: [Int]
        var lengths: [Int]
        var nameLength: Int

        /// What stands in for a document whose analysis has been handed on.
        static let empty = AnalyzedDocument(terms: [], packed: [], lengths: [], nameLength: 0)
    }

    /// Which texts of a document a piece of work reads: all, or for a long document one part of its
    /// texts, each text whole or a range of its bytes.
    struct Work: Sendable {
        var document: Int
        var spans: [(field: Int, text: Int, bytes: Range<Int>?)]?
    }

    /// One thread's share of the analysis: the terms it met, each once, and the pieces of work it did.
    struct AnalysisWorker: Sendable {
        var table = TermTable()
        var documents: [AnalyzedDocument] = []
        var done: [Int] = []
        /// The packed frequencies of the current document by term id, and the ids it has met.
        var packed: [Int] = []
        var touched: [Int32] = []

        mutating func analyze(_ texts: [[String]], spans: [(field: Int, text: Int, bytes: Range<Int>?)]?, number: Int) {
            var lengths = [Int](repeating: 0, count: SearchField.allCases.count)
            var nameLength = 0
            func read(_ field: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
                let shift = field * SearchIndexBuilder.fieldBits
                let step = 1 << shift
                var length = 0
                SearchTokenizer.forEachTerm(inUTF8: bytes) { term in
                    length += 1
                    let id = table.id(of: term)
                    if id == packed.count { packed.append(0) }
                    let current = packed[id]
                    if current == 0 { touched.append(Int32(id)) }
                    // Frequencies stop counting at the field's capacity; BM25 has long saturated by then.
                    if (current >> shift) & SearchIndexBuilder.fieldMask < SearchIndexBuilder.fieldMask { packed[id] = current + step }
                }
                lengths[field] += length
            }
            if let spans {
                for span in spans {
                    var text = texts[span.field][span.text]
                    text.withUTF8 { bytes in read(span.field, span.bytes.map { UnsafeBufferPointer(rebasing: bytes[$0]) } ?? bytes) }
                    if span.field == SearchField.name.rawValue { nameLength = touched.count }
                }
            } else {
                for field in SearchField.allCases {
                    for var text in texts[field.rawValue] {
                        text.withUTF8 { read(field.rawValue, $0) }
                    }
                    if field == .name { nameLength = touched.count }
                }
            }
            // The terms copied at their own size: handing over `touched` itself would give every
            // document a buffer as large as the largest document's, and the next one a new one.
            // (`Array(touched[...])` would too: an array made of a slice of a whole array shares
            // its buffer, and `removeAll(keepingCapacity:)` then gives `touched` a new one.)
            let terms = touched.withUnsafeBufferPointer { Array($0) }
            documents.append(AnalyzedDocument(terms: terms, packed: touched.map { packed[Int($0)] }, lengths: lengths,
                                              nameLength: nameLength))
            done.append(number)
            for id in touched { packed[Int(id)] = 0 }
            touched.removeAll(keepingCapacity: true)
        }
    }

    /// Every document's terms, read on up to `jobs` threads; `owners[n]` are the threads that read
    /// document `n` and the places of its parts in those threads' documents, the part with the name first.
    static func analyze(_ fieldTexts: [[[String]]], jobs: Int, partBytes: Int)
        -> (workers: [AnalysisWorker], owners: [[(worker: Int, position: Int)]]) {
        var work: [Work] = []
        work.reserveCapacity(fieldTexts.count)
        for (number, texts) in fieldTexts.enumerated() {
            let notes = SearchField.notes.rawValue
            guard texts[notes].contains(where: { $0.utf8.count > partBytes }) else {
                work.append(Work(document: number, spans: nil))
                continue
            }
            // A long document: its other fields and the first part of each text, then the other parts.
            var first: [(field: Int, text: Int, bytes: Range<Int>?)] = []
            for field in 0..<notes {
                for text in texts[field].indices { first.append((field, text, nil)) }
            }
            var rest: [Work] = []
            for (index, text) in texts[notes].enumerated() {
                let parts = Self.parts(of: text, size: partBytes)
                first.append((notes, index, parts.count == 1 ? nil : parts[0]))
                for part in parts.dropFirst() { rest.append(Work(document: number, spans: [(notes, index, part)])) }
            }
            work.append(Work(document: number, spans: first))
            work += rest
        }
        let pieces = work
        let workers = Parallel.forEach(count: pieces.count, jobs: jobs, state: { AnalysisWorker() }) { worker, index in
            let piece = pieces[index]
            worker.analyze(fieldTexts[piece.document], spans: piece.spans, number: index)
        }
        var byWork = [(worker: Int, position: Int)](repeating: (0, 0), count: work.count)
        for (index, worker) in workers.enumerated() {
            for (position, number) in worker.done.enumerated() { byWork[number] = (index, position) }
        }
        var owners = [[(worker: Int, position: Int)]](repeating: [], count: fieldTexts.count)
        for (index, piece) in work.enumerated() { owners[piece.document].append(byWork[index]) }
        return (workers, owners)
    }

    /// The byte ranges of `text` cut at about every `size` bytes where its terms do not change.
    static func parts(of text: String, size: Int) -> [Range<Int>] {
        var text = text
        return text.withUTF8 { bytes in
            var parts: [Range<Int>] = []
            var start = 0
            while bytes.count - start > size {
                var cut = start + max(1, size)
                while cut < bytes.count && !SearchTokenizer.isCut(bytes, at: cut) { cut += 1 }
                guard cut < bytes.count else { break }
                parts.append(start..<cut)
                start = cut
            }
            parts.append(start..<bytes.count)
            return parts
        }
    }

    /// A document's parts as one, with the terms' numbers in the whole index.
    private static func combine(_ parts: [(document: AnalyzedDocument, ids: [Int32])]) -> AnalyzedDocument {
        if parts.count == 1, let (document, ids) = parts.first {
            return AnalyzedDocument(terms: document.terms.map { ids[Int($0)] }, packed: document.packed, lengths: document.lengths,
                                    nameLength: document.nameLength)
        }
        var packed: [Int32: Int] = [:]
        var lengths = [Int](repeating: 0, count: SearchField.allCases.count)
        for (document, ids) in parts {
            for (local, frequencies) in zip(document.terms, document.packed) {
                let id = ids[Int(local)]
                packed[id] = add(packed[id] ?? 0, frequencies)
            }
            for (field, length) in document.lengths.enumerated() { lengths[field] += length }
        }
        let terms = packed.keys.sorted()
        return AnalyzedDocument(terms: terms, packed: terms.map { packed[$0]! }, lengths: lengths,
                                nameLength: parts.first?.document.nameLength ?? 0)
    }

    /// The sum of two packed frequencies, field by field, each stopping at the field's capacity.
    static func add(_ lhs: Int, _ rhs: Int) -> Int {
        var sum = 0
        for field in SearchField.allCases {
            sum |= min(unpack(lhs, field) + unpack(rhs, field), fieldMask) << (field.rawValue * fieldBits)
        }
        return sum
    }

    static func unpack(_ packed: Int, _ field: SearchField) -> Int {
        (packed >> (field.rawValue * fieldBits)) & fieldMask
    }

    // MARK: Shards

    /// Cuts the sorted terms into shards of about `shardBytes` each; with each term's size in its
    /// shard (`estimatedBytes`).
    private func shards(terms: [String], postings: [[SearchPosting]]) -> (starts: [Int], keys: [String], estimated: [Int]) {
        let estimated = postings.map(Self.estimatedBytes(postings:))
        let starts = Self.cuts(count: terms.count, shardBytes: shardBytes) { estimated[$0] + terms[$0].utf8.count }
        let keys = starts.map { $0 == 0 ? "" : Self.separator(after: terms[$0 - 1], upTo: terms[$0]) }
        return (starts, keys, estimated)
    }

    /// Where each shard of `count` terms starts, the size of term `n` in its shard file being
    /// `bytes(n)`: a shard ends before the term that would take it past `shardBytes`.
    static func cuts(count: Int, shardBytes: Int, bytes: (Int) -> Int) -> [Int] {
        var starts = [0]
        var size = 0
        for index in 0..<count {
            let bytes = bytes(index)
            if size > 0, size + bytes > shardBytes {
                starts.append(index)
                size = 0
            }
            size += bytes
        }
        return starts
    }

    /// The shortest prefix of `next` (in whole characters) that sorts after `previous`.
    static func separator(after previous: String, upTo next: String) -> String {
        var prefix = String.UnicodeScalarView()
        for scalar in next.unicodeScalars {
            prefix.append(scalar)
            if SearchIndex.precedes(previous, String(prefix)) { break }
        }
        return String(prefix)
    }

    /// The size of a term's entry in its shard file, close enough to balance shards, less the
    /// length of the term itself.
    static func estimatedBytes(postings: [SearchPosting]) -> Int {
        var bytes = 6
        var previous = 0
        for posting in postings {
            bytes += digits(posting.document - previous) + digits(posting.impact) + 2
            if posting.nameLength > 0 { bytes += digits(posting.nameLength) + 2 }
            previous = posting.document
        }
        return bytes
    }

    private static func digits(_ number: Int) -> Int {
        number < 10 ? 1 : number < 100 ? 2 : number < 1000 ? 3 : number < 10000 ? 4 : String(number).count
    }
}
