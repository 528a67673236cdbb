import Foundation

extension SearchIndexBuilder {
    /// What updating the last index gave: the files made again, the files of the last index that
    /// stand as they are (by path, with the hash of their bytes), the memo of the new index, and
    /// the analyses of the documents read afresh, for the analyses memo.
    struct Update {
        var files: [OutputFile]
        var kept: [(path: String, hash: UInt64)]
        var memo: [UInt8]
        var analyses: [SearchMemo.Analysis]
    }

    /// The index of `site` made from the last one (`last`, of the site whose digest is `previous`)
    /// rather than from every document, when the site differs from that one in nothing but the
    /// entries of the files `changed` (`SiteDigest.changedEntries`): only those entries'
    /// documents are read, only the postings of their terms scored again, and only the shard files
    /// and documents files that hold them made again. The entries of `reshaped` (among `changed`)
    /// may differ in more than their notes (their names as shown, their states): their documents
    /// files are made again even when their texts are as they were, and so is the flags file when
    /// the states it holds changed. Nil, for the index to be made whole, when
    /// the last index is not of that site or of these settings, when the analyses memo lacks the
    /// last analysis of a changed document, or when the change reaches past those files: a
    /// different number of documents, an average field length that rounds otherwise
    /// (`stableAverage`), another number of documents per documents file. The files are the bytes
    /// `build().files()` gives, the memo the one it leaves.
    func update(_ last: SearchIndexMemo, changed: Set<String>, reshaped: Set<String> = [], previous: UInt64,
                identity: String = BuildCache.binaryIdentity) -> Update? {
        guard let memo, let site = keptSite, last.parameters == parameters, last.site == previous else { return nil }
        let plan = DocumentPlan(site: self.site, strings: strings)
        guard plan.count == last.documents.count, last.chunks.count == (plan.count + last.documentsPerChunk - 1) / last.documentsPerChunk else { return nil }

        // The documents of the changed files whose texts changed, read afresh, with their last analyses.
        struct Changed {
            var number: Int
            var document: SearchDocument
            var old: SearchMemo.Analysis
            var new: SearchMemo.Analysis
        }
        var changedDocuments: [Changed] = []
        for part in plan.parts {
            guard let context = part.context else {
                if changed.contains(part.game.source.path) { return nil }
                continue
            }
            for (offset, entry) in part.entries.enumerated() where changed.contains(entry.source.path) {
                let number = part.start + offset
                let made = entryDocument(entry, game: part.game, number: part.gameNumber, context: context)
                let key = SearchMemo.key(of: made.texts)
                if key == last.documents[number].key {
                    guard reshaped.contains(entry.source.path) else { continue }
                    // The same texts and terms, but what its documents file shows of it (the name
                    // it is shown by, its states) may have changed: that file is made again.
                    guard let old = memo.analysis(of: key) else { return nil }
                    changedDocuments.append(Changed(number: number, document: made.document, old: old, new: old))
                    continue
                }
                guard let old = memo.analysis(of: last.documents[number].key) else { return nil }
                changedDocuments.append(Changed(number: number, document: made.document, old: old, new: Self.analysis(of: made.texts, key: key)))
            }
        }

        // The documents' lengths and sizes; the averages and the documents per file must stay.
        var documents = last.documents
        var totals = last.totals, counts = last.counts
        var documentBytes = last.documentBytes
        for change in changedDocuments {
            for field in totals.indices {
                totals[field] += change.new.lengths[field] - change.old.lengths[field]
                counts[field] += (change.new.lengths[field] > 0 ? 1 : 0) - (change.old.lengths[field] > 0 ? 1 : 0)
            }
            let bytes = Self.byteCount(of: change.document)
            documentBytes += bytes - documents[change.number].bytes
            documents[change.number] = SearchIndexMemo.Document(lengths: change.new.lengths, nameLength: change.new.nameLength,
                                                                bytes: bytes, key: change.new.key)
        }
        let averages = zip(totals, counts).map { Self.stableAverage(total: $0, count: $1) }
        guard averages == zip(last.totals, last.counts).map({ Self.stableAverage(total: $0, count: $1) }),
              Self.documentsPerChunk(documents: documents.count, bytes: documentBytes, chunkBytes: chunkBytes) == last.documentsPerChunk else { return nil }
        let perChunk = last.documentsPerChunk

        // Each term of a changed document, old or new, with the documents whose posting of it may
        // change: the term's frequencies there before and after, 0 where the document lacks it.
        var changes: [String: [Int: (old: Int, new: Int)]] = [:]
        for change in changedDocuments {
            for (term, packed) in change.old.terms {
                changes[String(decoding: term, as: UTF8.self), default: [:]][change.number] = (packed, 0)
            }
            for (term, packed) in change.new.terms {
                changes[String(decoding: term, as: UTF8.self), default: [:]][change.number, default: (0, 0)].new = packed
            }
        }

        // Each document's field lengths, one after the other, as the scores read them; and the
        // changed documents' lengths before.
        let fields = SearchField.allCases.count
        var lengths = [Double](repeating: 0, count: documents.count * fields)
        for (number, document) in documents.enumerated() {
            for field in 0..<fields { lengths[number * fields + field] = Double(document.lengths[field]) }
        }
        var oldLengths: [Int: [Double]] = [:]
        for change in changedDocuments { oldLengths[change.number] = last.documents[change.number].lengths.map(Double.init) }
        let count = Double(documents.count)
        // The postings of a term, each with its score.
        func scored(_ postings: [(document: Int, packed: Int)]) -> [SearchPosting] {
            Self.scored(postings, documents: count, lengths: lengths, averages: averages) { documents[$0].nameLength }
        }
        /// Whether the changes leave a term's postings in its shard file as they were: the same
        /// documents, each with the same score and name length, before and after.
        func sameInShard(_ documentChanges: [Int: (old: Int, new: Int)], frequency: Int) -> Bool {
            let idf = Self.idf(documentFrequency: frequency, documents: count)
            return averages.withUnsafeBufferPointer { averages in
                documentChanges.allSatisfy { document, change in
                    guard change.old != 0, change.new != 0 else { return false }
                    let before = oldLengths[document]!.withUnsafeBufferPointer { old in
                        Self.scored((document, change.old), idf: idf, lengths: old.baseAddress!, averages: averages.baseAddress!,
                                    nameLength: last.documents[document].nameLength)
                    }
                    let after = lengths.withUnsafeBufferPointer { lengths in
                        Self.scored((document, change.new), idf: idf, lengths: lengths.baseAddress! + document * fields,
                                    averages: averages.baseAddress!, nameLength: documents[document].nameLength)
                    }
                    return before == after
                }
            }
        }
        // The postings of a term in document order, less the documents that lost it, with those
        // whose frequencies changed or that gained it.
        func applying(_ documentChanges: [Int: (old: Int, new: Int)], to postings: [(document: Int, packed: Int)]) -> [(document: Int, packed: Int)] {
            let updates = documentChanges.map { ($0.key, $0.value.new) }.sorted { $0.0 < $1.0 }
            var result: [(document: Int, packed: Int)] = []
            result.reserveCapacity(postings.count + updates.count)
            var next = 0
            for posting in postings {
                while next < updates.count && updates[next].0 < posting.document {
                    if updates[next].1 != 0 { result.append(updates[next]) }
                    next += 1
                }
                if next < updates.count && updates[next].0 == posting.document {
                    if updates[next].1 != 0 { result.append(updates[next]) }
                    next += 1
                } else {
                    result.append(posting)
                }
            }
            for update in updates[next...] where update.1 != 0 { result.append(update) }
            return result
        }

        // Where each term is among the last index's terms; those it lacks in their order.
        var touched: [Int: [Int: (old: Int, new: Int)]] = [:]
        var added: [(term: String, position: Int, changes: [Int: (old: Int, new: Int)])] = []
        for (term, documentChanges) in changes {
            let (position, found) = Self.position(of: term, in: last)
            if found {
                touched[position] = documentChanges
            } else if documentChanges.values.contains(where: { $0.new != 0 }) {
                added.append((term, position, documentChanges))
            }
        }
        added.sort { $0.position != $1.position ? $0.position < $1.position : SearchIndex.precedes($0.term, $1.term) }

        // The terms of the new index in order: the last index's (less those no document has any
        // more) and the new ones. A term whose postings changed has them (its record is made
        // again); one whose postings in its shard file changed has them scored too.
        struct Term {
            var old: Int?
            var text: String?
            var postings: [(document: Int, packed: Int)]?
            var scored: [SearchPosting]?
            var bytes: Int
        }
        var terms: [Term] = []
        terms.reserveCapacity(last.termCount + added.count)
        var next = 0
        for index in 0...last.termCount {
            while next < added.count && added[next].position == index {
                let postings = applying(added[next].changes, to: [])
                let made = scored(postings)
                terms.append(Term(old: nil, text: added[next].term, postings: postings, scored: made,
                                  bytes: Self.estimatedBytes(postings: made) + added[next].term.utf8.count))
                next += 1
            }
            guard index < last.termCount else { break }
            let length = Int(last.stringEnds[index] - last.stringStarts[index])
            let estimated = Int(last.estimated[index]) + length
            guard let documentChanges = touched[index] else {
                terms.append(Term(old: index, text: nil, postings: nil, scored: nil, bytes: estimated))
                continue
            }
            if sameInShard(documentChanges, frequency: Int(last.frequencies[index])) {
                // The same scores: the shard file stands; the record too, when no frequency changed.
                let frequenciesChanged = documentChanges.values.contains { $0.old != $0.new }
                guard frequenciesChanged else {
                    terms.append(Term(old: index, text: nil, postings: nil, scored: nil, bytes: estimated))
                    continue
                }
                guard let kept = last.postings(index) else { return nil }
                terms.append(Term(old: index, text: nil, postings: applying(documentChanges, to: kept), scored: nil, bytes: estimated))
                continue
            }
            guard let kept = last.postings(index) else { return nil }
            let postings = applying(documentChanges, to: kept)
            if postings.isEmpty { continue }
            let made = scored(postings)
            terms.append(Term(old: index, text: nil, postings: postings, scored: made, bytes: Self.estimatedBytes(postings: made) + length))
        }
        func text(_ term: Term) -> String { term.text ?? last.term(term.old!) }

        // The shards cut as a whole index cuts them; one holding the same terms of the last index,
        // none of them changed, under the same number, is its file as it was.
        let starts = Self.cuts(count: terms.count, shardBytes: shardBytes) { terms[$0].bytes }
        var files: [OutputFile] = []
        var keptFiles: [(path: String, hash: UInt64)] = []
        var shards: [SearchIndexMemo.Shard] = []
        var records: [UInt8] = []
        records.reserveCapacity(last.recordStarts[last.termCount] - last.recordStarts[0] + 4096)
        // A term's record: as it was, or made of its postings.
        func record(_ term: Term) {
            guard let postings = term.postings else {
                records += last.record(term.old!)
                return
            }
            var block: [UInt8] = []
            var previous: Int?
            for posting in postings {
                SearchIndexMemo.appendPosting(document: posting.document, after: previous, packed: posting.packed, to: &block)
                previous = posting.document
            }
            var string = text(term)
            string.withUTF8 { bytes in
                SearchIndexMemo.appendRecord(term: bytes, estimated: term.bytes - bytes.count, frequency: postings.count, block: block, to: &records)
            }
        }
        for (number, start) in starts.enumerated() {
            let end = number + 1 < starts.count ? starts[number + 1] : terms.count
            let key = start == 0 ? "" : Self.separator(after: text(terms[start - 1]), upTo: text(terms[start]))
            if number < last.shards.count, let first = terms[start].old, first == last.shards[number].start,
               let final = terms[end - 1].old,
               final + 1 == (number + 1 < last.shards.count ? last.shards[number + 1].start : last.termCount),
               final - first == end - 1 - start, terms[start..<end].allSatisfy({ $0.scored == nil }) {
                let file = last.shards[number].file
                keptFiles.append((SearchIndex.folder + SearchIndex.fileName("terms", number, hash: file.name), file.hash))
                shards.append(SearchIndexMemo.Shard(start: start, key: key, file: file))
                if terms[start..<end].allSatisfy({ $0.postings == nil }) {
                    records += last.bytes[last.recordStarts[first]..<last.recordStarts[final + 1]]
                } else {
                    for term in terms[start..<end] { record(term) }
                }
                continue
            }
            var shardTerms: [String] = []
            var shardPostings: [[SearchPosting]] = []
            for term in terms[start..<end] {
                record(term)
                if let made = term.scored {
                    shardPostings.append(made)
                } else if let postings = term.postings {
                    shardPostings.append(scored(postings))
                } else {
                    guard let old = term.old, let kept = last.postings(old) else { return nil }
                    shardPostings.append(scored(kept))
                }
                shardTerms.append(text(term))
            }
            let index = SearchIndex(documents: [], games: [], kinds: [], groups: [], terms: shardTerms, postings: shardPostings,
                                    shardStarts: [0], shardKeys: [""], documentsPerChunk: 1)
            let body = SearchIndex.body(of: "terms", number, hashing: true) { index.writeShard(0, to: &$0) }
            files.append(OutputFile(path: SearchIndex.folder + SearchIndex.fileName("terms", number, hash: body.hash), bytes: body.bytes))
            shards.append(SearchIndexMemo.Shard(start: start, key: key, file: SearchIndexMemo.File(name: body.hash, hash: body.fileHash)))
        }

        // The documents files that hold a changed document, made again; the others as they were.
        var chunks = last.chunks
        let changedChunks = Set(changedDocuments.map { $0.number / perChunk })
        let madeDocuments = Dictionary(changedDocuments.map { ($0.number, $0.document) }, uniquingKeysWith: { first, _ in first })
        for chunk in changedChunks.sorted() {
            let range = chunk * perChunk..<min(documents.count, (chunk + 1) * perChunk)
            let chunkDocuments = range.map { number in madeDocuments[number] ?? document(number, in: plan) }
            let index = SearchIndex(documents: chunkDocuments, games: [], kinds: [], groups: [], terms: [], postings: [],
                                    shardStarts: [0], shardKeys: [""], documentsPerChunk: perChunk)
            let body = SearchIndex.body(of: "docs", chunk, hashing: true) { index.writeDocuments(0, to: &$0) }
            files.append(OutputFile(path: SearchIndex.folder + SearchIndex.fileName("docs", chunk, hash: body.hash), bytes: body.bytes))
            chunks[chunk] = SearchIndexMemo.File(name: body.hash, hash: body.fileHash)
        }
        for (chunk, file) in last.chunks.enumerated() where !changedChunks.contains(chunk) {
            keptFiles.append((SearchIndex.folder + SearchIndex.fileName("docs", chunk, hash: file.name), file.hash))
        }
        // The flags are the entries' states: as they were when only notes changed, else made
        // again from every document, and kept when they come out the same.
        var flags = last.flags
        if !reshaped.isEmpty {
            let all = (0..<documents.count).map { number in madeDocuments[number] ?? document(number, in: plan) }
            let index = SearchIndex(documents: all, games: [], kinds: plan.kinds, groups: [], terms: [], postings: [],
                                    shardStarts: [0], shardKeys: [""], documentsPerChunk: perChunk)
            let body = SearchIndex.body(of: "flags", 0, hashing: true) { $0.append(contentsOf: index.flagsJSON().bytes(pretty: false)) }
            if body.hash != last.flags.name {
                files.append(OutputFile(path: SearchIndex.folder + SearchIndex.fileName("flags", 0, hash: body.hash), bytes: body.bytes))
                flags = SearchIndexMemo.File(name: body.hash, hash: body.fileHash)
            }
        }
        if flags.name == last.flags.name {
            keptFiles.append((SearchIndex.folder + SearchIndex.fileName("flags", 0, hash: last.flags.name), last.flags.hash))
        }

        let hashes = shards.map(\.file.name) + chunks.map(\.name) + [flags.name]
        files.insert(SearchIndex.indexFile(SearchIndex.manifest(hashes: hashes, shards: shards.map(\.key), documents: documents.count,
                                                               documentsPerChunk: perChunk, games: plan.games, kinds: plan.kinds,
                                                               groups: plan.groups)), at: 0)
        let termRecords = records
        let bytes = SearchIndexMemo.encode(parameters: parameters, site: site, documentsPerChunk: perChunk, documentBytes: documentBytes,
                                           totals: totals, counts: counts, documents: documents, termCount: terms.count,
                                           recordBytes: termRecords.count, records: { $0 += termRecords }, shards: shards, chunks: chunks,
                                           flags: flags, identity: identity)
        return Update(files: files, kept: keptFiles, memo: bytes, analyses: changedDocuments.map(\.new))
    }

    /// The analysis of a document whose fields' texts are `texts` (and whose key is `key`), its
    /// terms by their bytes: what the index reads of it, read on this thread.
    static func analysis(of texts: [[String]], key: SearchMemo.Key) -> SearchMemo.Analysis {
        var worker = AnalysisWorker()
        worker.analyze(texts, spans: nil, number: 0)
        let document = worker.documents[0]
        let terms = zip(document.terms, document.packed).map { id, packed in
            (worker.table.withTerm(Int(id)) { Array($0) }, packed)
        }
        return SearchMemo.Analysis(key: key, terms: terms, lengths: document.lengths, nameLength: document.nameLength)
    }

    /// Where `term` is among the terms of `memo` (the index's order, `SearchIndex.precedes`), or
    /// where it would go.
    static func position(of term: String, in memo: SearchIndexMemo) -> (position: Int, found: Bool) {
        var low = 0
        var high = memo.termCount
        while low < high {
            let middle = (low + high) / 2
            if SearchIndex.precedes(memo.term(middle), term) { low = middle + 1 } else { high = middle }
        }
        return (low, low < memo.termCount && memo.term(low) == term)
    }

    /// The record of document `number` of `plan` in its documents file.
    private func document(_ number: Int, in plan: DocumentPlan) -> SearchDocument {
        var low = 0
        var high = plan.parts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if plan.parts[middle].start <= number { low = middle } else { high = middle }
        }
        let part = plan.parts[low]
        guard let context = part.context else { return gameDocument(part.game, number: part.gameNumber, labels: plan.labels).document }
        return entryDocumentOnly(part.entries[number - part.start], game: part.game, number: part.gameNumber, context: context)
    }
}

extension SearchIndexBuilder {
    /// The index of `site` made from the last one (`last`) when that one is of this very site and
    /// these settings (`keptSite` and `parameters`): every term and its postings read from it and
    /// scored, every documents file made from the site, no document's texts read or analysed. The
    /// files are the bytes `build().files()` gives, and the memo `last` stays this index's. Nil,
    /// for the index to be made whole, when the last index is of another site or other settings,
    /// or does not read as it says it should.
    func remade(from last: SearchIndexMemo) -> [OutputFile]? {
        guard let site = keptSite, last.site == site, last.parameters == parameters else { return nil }
        let plan = DocumentPlan(site: self.site, strings: strings)
        guard plan.count == last.documents.count else { return nil }

        // Each document as the documents files show it, made from the site.
        var documents: [SearchDocument] = []
        documents.reserveCapacity(plan.count)
        for part in plan.parts {
            guard let context = part.context else {
                documents.append(gameDocument(part.game, number: part.gameNumber, labels: plan.labels).document)
                continue
            }
            documents += Parallel.map(part.entries, jobs: jobs) { entry in
                entryDocumentOnly(entry, game: part.game, number: part.gameNumber, context: context)
            }
        }
        let documentBytes = documents.reduce(0) { $0 + Self.byteCount(of: $1) }
        let perChunk = Self.documentsPerChunk(documents: documents.count, bytes: documentBytes, chunkBytes: chunkBytes)
        guard documentBytes == last.documentBytes, perChunk == last.documentsPerChunk,
              last.chunks.count == (documents.count + perChunk - 1) / perChunk else { return nil }

        // Each term's postings, scored as a whole index scores them: from the documents' field
        // lengths and name lengths the memo keeps, and the averages of its totals.
        let fields = SearchField.allCases.count
        let lengths = last.documents.flatMap { $0.lengths.map(Double.init) }
        let averages = zip(last.totals, last.counts).map { Self.stableAverage(total: $0, count: $1) }
        guard lengths.count == last.documents.count * fields, averages.count == fields else { return nil }
        let count = Double(documents.count)
        let nameLengths = last.documents.map(\.nameLength)
        let scored: [[SearchPosting]?] = Parallel.map(Array(0..<last.termCount), jobs: jobs) { term in
            last.postings(term).map { Self.scored($0, documents: count, lengths: lengths, averages: averages) { nameLengths[$0] } }
        }
        var postings: [[SearchPosting]] = []
        postings.reserveCapacity(scored.count)
        for term in scored {
            guard let term else { return nil }
            postings.append(term)
        }
        let terms = Parallel.map(Array(0..<last.termCount), jobs: jobs) { last.term($0) }
        var index = SearchIndex(documents: documents, games: plan.games, kinds: plan.kinds, groups: plan.groups, terms: terms,
                                postings: postings, shardStarts: last.shards.map(\.start), shardKeys: last.shards.map(\.key),
                                documentsPerChunk: perChunk)
        index.jobs = jobs
        return index.files()
    }

    /// A posting with its score: from the term's `idf`, the document's field lengths and its
    /// name's length (`impact`).
    @inline(__always)
    static func scored(_ posting: (document: Int, packed: Int), idf: Double, lengths: UnsafePointer<Double>, averages: UnsafePointer<Double>,
                       nameLength: Int) -> SearchPosting {
        SearchPosting(document: posting.document, impact: impact(packed: posting.packed, idf: idf, lengths: lengths, averages: averages),
                      nameLength: unpack(posting.packed, .name) > 0 ? nameLength : 0)
    }

    /// The postings of a term among `documents` documents, each with its score: from each
    /// document's field lengths (`lengths`, `SearchField.allCases.count` of them a document, one
    /// document after another), the average lengths, and the length of its name (`nameLength`).
    static func scored(_ postings: [(document: Int, packed: Int)], documents: Double, lengths: [Double], averages: [Double],
                       nameLength: (Int) -> Int) -> [SearchPosting] {
        let fields = SearchField.allCases.count
        let idf = idf(documentFrequency: postings.count, documents: documents)
        return lengths.withUnsafeBufferPointer { lengths in
            averages.withUnsafeBufferPointer { averages in
                postings.map { posting in
                    scored(posting, idf: idf, lengths: lengths.baseAddress! + posting.document * fields, averages: averages.baseAddress!,
                           nameLength: nameLength(posting.document))
                }
            }
        }
    }
}
