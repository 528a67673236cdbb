import Foundation

/// The analysis of each document of the last search index, for the next index to reuse instead of
/// reading the document's texts again. A document's analysis (its distinct terms, each one's
/// frequency in every field, each field's length in terms, the number of terms of its name) is a
/// function of the texts of its fields alone, so it is kept by a 128-bit hash of exactly those: a
/// document whose texts are unchanged gets the terms it had, and any change reads it afresh. The
/// index is made of the analyses as before, so its bytes do not depend on what the memo held.
///
/// Kept compact, as the file holds it: the terms once, then each document's record, numbers in
/// seven-bit groups. Kept beside the notes memo (`BuildMemo`): in memory by `serve`, in
/// `.questlog/search` by `build`. When an index read few documents afresh, only a journal of their
/// records is written beside the file (`.questlog/search-journal`, `files()`): it names the file by
/// its hash, numbers the file's terms as the file does, and lists the terms the file lacks.
public final class SearchMemo: @unchecked Sendable {
    // Unchecked: every property is read and written only under `lock`.
    private let lock = NSLock()
    private let identity: String
    /// The memo as its file, its journal's bytes after it when it has one: the last index's
    /// analyses, or those of the files read.
    private var file: [UInt8] = []
    /// Where each term's bytes are in `file`, and where each record starts; made from `file` when
    /// first asked for.
    private var parsed: Parsed?
    /// The whole file `file` begins with, when it is one a journal can name: its length, its hash,
    /// and how many terms and records it holds.
    private var base: Base?
    /// The journal the last index made, written instead of the whole file (`files()`).
    private var journal: [UInt8]?
    /// The place in the index's term table of each term of `file` the last index met (-1 for the
    /// others), by the term's number in `file`: what a journal numbers the file's terms by.
    private var termIDs: [Int32] = []
    /// The files of an earlier build, read when first needed (so a build holds them only from its
    /// search index on).
    private var unread: (file: String, journal: String?)?
    /// Whether the last index read some document afresh, so the file is worth writing.
    private(set) var changed = false
    /// How many documents the last index took from the memo, and how many it read.
    private(set) var reusedCount = 0
    private(set) var madeCount = 0

    /// What a document's analysis is a function of: its texts, by two independent hashes.
    struct Key: Hashable, Sendable {
        var first: UInt64
        var second: UInt64
    }

    struct Parsed {
        var termStarts: [UInt32]
        var termEnds: [UInt32]
        /// Where each record's body is in the file, by its key: read, and checked, when asked for.
        var records: [Key: Range<Int>]

        static let empty = Parsed(termStarts: [], termEnds: [], records: [:])
    }

    struct Base {
        var count: Int
        var hash: UInt64
        var terms: Int
        var records: Int
    }

    public convenience init() {
        self.init(identity: BuildCache.binaryIdentity)
    }

    /// The memo of the file at `path` and the journal at `journal`, read when an index first needs
    /// them; empty when the file is missing, damaged or foreign, and the file alone when the
    /// journal is (or names another file).
    convenience init(reading path: String, journal: String? = nil, identity: String) {
        self.init(identity: identity)
        unread = (path, journal)
    }

    /// An empty memo whose file names `identity` as the binary that wrote it.
    init(identity: String) {
        self.identity = identity
        file = Self.encode(keys: [], documents: [], table: TermTable(), identity: identity)
        parsed = .empty
    }

    private static let otherSeed: UInt64 = 0x1319_8A2E_0370_7344

    /// The key of a document whose fields' texts are `texts` (in `SearchField` order).
    static func key(of texts: [[String]]) -> Key {
        var words: [UInt64] = []
        words.reserveCapacity(texts.count + 3 * texts.reduce(0) { $0 + $1.count })
        for field in texts {
            words.append(UInt64(field.count))
            for var text in field {
                text.withUTF8 { bytes in
                    let raw = UnsafeRawBufferPointer(bytes)
                    words.append(ContentHash.hash(raw))
                    words.append(ContentHash.hash(raw, seed: otherSeed))
                    words.append(UInt64(bytes.count))
                }
            }
        }
        return words.withUnsafeBytes { Key(first: ContentHash.hash($0), second: ContentHash.hash($0, seed: otherSeed)) }
    }

    /// The analyses of the documents whose keys are `keys` that the memo holds (nil for the
    /// others), their terms numbered in `table`: each term the memo's documents use is added to
    /// it once, in the order of the documents, and no other.
    func analyses(of keys: [Key], into table: inout TermTable) -> [SearchIndexBuilder.AnalyzedDocument?] {
        lock.withLock {
            read()
            parseIfNeeded()
            let parsed = parsed!
            var ids = [Int32](repeating: -1, count: parsed.termStarts.count)
            defer { termIDs = ids }
            return file.withUnsafeBufferPointer { bytes in
                keys.map { key -> SearchIndexBuilder.AnalyzedDocument? in
                    // A record that does not read as one is no record: its document is read again.
                    guard let range = parsed.records[key],
                          let record = Self.decode(bytes, range, termCount: parsed.termStarts.count) else { return nil }
                    var terms = record.terms
                    for index in terms.indices {
                        let term = Int(terms[index])
                        if ids[term] < 0 {
                            let range = Int(parsed.termStarts[term])..<Int(parsed.termEnds[term])
                            ids[term] = Int32(table.id(of: UnsafeBufferPointer(rebasing: bytes[range])))
                        }
                        terms[index] = ids[term]
                    }
                    return SearchIndexBuilder.AnalyzedDocument(terms: terms, packed: record.packed, lengths: record.lengths,
                                                               nameLength: record.nameLength)
                }
            }
        }
    }

    /// A record's body (`writeBody`) read and checked: its fields' lengths, its name's length, and
    /// its terms (by their numbers in the file, each below `termCount`) with their frequencies;
    /// nil unless it reads whole to its end.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, termCount: Int)
        -> (lengths: [Int], nameLength: Int, terms: [Int32], packed: [Int])? {
        var cursor = Cursor(bytes: bytes, offset: range.lowerBound, end: range.upperBound)
        let fields = SearchField.allCases.count
        let lengths = (0..<fields).map { _ in cursor.varint() }
        let nameLength = cursor.varint()
        let count = cursor.varint()
        guard !cursor.failed, count <= range.count else { return nil }
        var terms = [Int32](repeating: 0, count: count)
        var packed = [Int](repeating: 0, count: count)
        for index in 0..<count {
            let term = cursor.varint()
            let mask = cursor.varint()
            guard !cursor.failed, term < termCount, mask > 0, mask < 1 << fields else { return nil }
            var value = 0
            for field in 0..<fields where mask & (1 << field) != 0 {
                let frequency = cursor.varint()
                guard frequency > 0, frequency <= SearchIndexBuilder.fieldMask else { return nil }
                value |= frequency << (field * SearchIndexBuilder.fieldBits)
            }
            terms[index] = Int32(term)
            packed[index] = value
        }
        guard !cursor.failed, cursor.offset == range.upperBound else { return nil }
        return (lengths, nameLength, terms, packed)
    }

    /// One document's analysis with its terms as their bytes: what `analysis(of:)` reads and
    /// `add(_:)` keeps.
    struct Analysis: Sendable {
        var key: Key
        var terms: [(term: [UInt8], packed: Int)]
        var lengths: [Int]
        var nameLength: Int
    }

    /// The analysis the memo holds of the document whose key is `key`, if it holds one.
    func analysis(of key: Key) -> Analysis? {
        lock.withLock {
            read()
            parseIfNeeded()
            guard let parsed, let range = parsed.records[key] else { return nil }
            return file.withUnsafeBufferPointer { bytes in
                guard let record = Self.decode(bytes, range, termCount: parsed.termStarts.count) else { return nil }
                let terms = zip(record.terms, record.packed).map { term, packed in
                    (Array(bytes[Int(parsed.termStarts[Int(term)])..<Int(parsed.termEnds[Int(term)])]), packed)
                }
                return Analysis(key: key, terms: terms, lengths: record.lengths, nameLength: record.nameLength)
            }
        }
    }

    /// Keeps the analyses of documents an index update read (`SearchIndexBuilder.update`), beside
    /// those the memo holds, as records of its journal (the file's own records stay as they are):
    /// the journal the memo had, with these records and their terms after its own. False, and
    /// nothing kept, when the memo is no whole file or the journal would outgrow an eighth of it
    /// (`MemoFile.journalWorthIt`); the next index made whole then writes the file afresh.
    @discardableResult
    func add(_ analyses: [Analysis]) -> Bool {
        lock.withLock {
            read()
            parseIfNeeded()
            guard let base, let parsed else { return false }
            var seen = Set<Key>()
            let fresh = analyses.filter { parsed.records[$0.key] == nil && seen.insert($0.key).inserted }
            reusedCount = 0
            madeCount = analyses.count
            guard !fresh.isEmpty else { return true }
            // The journal there is: its terms and records, as they are.
            var earlier: (terms: Int, termBytes: ArraySlice<UInt8>, records: Int, recordBytes: ArraySlice<UInt8>) = (0, [], 0, [])
            if base.count < file.count {
                let journal = Array(file[base.count...])
                guard var reader = MemoFile.open(journal, header: Self.journalHeader, identity: identity), reader.integer() == base.hash,
                      let terms = reader.varint() else { return false }
                let termsStart = reader.offset
                for _ in 0..<terms {
                    guard let length = reader.varint(), length >= 0, length <= reader.end - reader.offset else { return false }
                    reader.offset += length
                }
                let termsEnd = reader.offset
                guard let records = reader.varint() else { return false }
                earlier = (terms, journal[termsStart..<termsEnd], records, journal[reader.offset..<reader.end])
            }
            // The new records' terms after those, each once.
            var numbers: [[UInt8]: Int] = [:]
            var added: [[UInt8]] = []
            for analysis in fresh {
                for (term, _) in analysis.terms where numbers[term] == nil {
                    numbers[term] = base.terms + earlier.terms + added.count
                    added.append(term)
                }
            }
            let size = earlier.termBytes.count + earlier.recordBytes.count + added.reduce(0) { $0 + $1.count + 2 }
                + fresh.reduce(0) { $0 + 5 * $1.terms.count + 40 }
            guard MemoFile.journalWorthIt(size: size, fileSize: base.count, kept: base.records, fileRecords: base.records) else { return false }
            let bytes = MemoFile.seal(header: Self.journalHeader, identity: identity, capacity: size + 64) { writer in
                writer.integer(base.hash)
                writer.varint(earlier.terms + added.count)
                writer.bytes += earlier.termBytes
                for term in added {
                    writer.varint(term.count)
                    writer.bytes += term
                }
                writer.varint(earlier.records + fresh.count)
                writer.bytes += earlier.recordBytes
                for analysis in fresh {
                    Self.writeRecord(key: analysis.key, lengths: analysis.lengths, nameLength: analysis.nameLength,
                                     terms: analysis.terms.map { (numbers[$0.term]!, $0.packed) }, to: &writer)
                }
            }
            file.removeSubrange(base.count...)
            file.append(contentsOf: bytes)
            self.parsed = nil
            journal = bytes
            termIDs = []
            changed = true
            return true
        }
    }

    /// Ends an index: the memo holds the analyses of its documents, `keys[n]` that of
    /// `documents[n]`, their terms numbered in `table` (the table `analyses(of:into:)` added the
    /// memo's terms to); `reused` of them were the memo's. When the memo is a whole file and a few
    /// records beside it, and the records of its file this index did not take are few
    /// (`MemoFile.journalWorthIt`), only a journal of the records the file lacks is made, and the
    /// file's other records stay beside them: they are keyed by the texts analysed, so a record
    /// no document takes is never wrong, only unused. Otherwise the whole file is made afresh.
    func keep(keys: [Key], documents: [SearchIndexBuilder.AnalyzedDocument], table: TermTable, reused: Int) {
        // Documents of the same texts (two entries of one name and nothing else) are kept once.
        var seen = Set<Key>()
        let unique = keys.indices.filter { seen.insert(keys[$0]).inserted }
        let (base, termIDs, parsed) = lock.withLock {
            read()
            parseIfNeeded()
            return (self.base, self.termIDs, self.parsed ?? .empty)
        }
        if let base, let journal = Self.journal(keys: unique.map { keys[$0] }, documents: unique.map { documents[$0] }, table: table,
                                                 parsed: parsed, base: base, termIDs: termIDs, identity: identity) {
            lock.withLock {
                changed = reused != documents.count || parsed.records.count != base.records + journal.records
                reusedCount = reused
                madeCount = documents.count - reused
                // The file's bytes stay where they are, the journal's after them; parsed again only
                // when asked for (by `serve`'s next index; a build writes the journal and is done).
                file.removeSubrange(base.count...)
                file.append(contentsOf: journal.bytes)
                self.parsed = nil
                self.journal = journal.bytes
                self.termIDs = []
            }
            return
        }
        let bytes = Self.encode(keys: unique.map { keys[$0] }, documents: unique.map { documents[$0] }, table: table, identity: identity)
        lock.withLock {
            read()
            changed = reused != documents.count || parsed.records.count != unique.count
            reusedCount = reused
            madeCount = documents.count - reused
            // Parsed when next asked (by `serve`'s next index); a build writes it and lets it go.
            file = bytes
            self.parsed = nil
            self.base = nil
            journal = nil
            self.termIDs = []
        }
    }

    /// Reads and parses the files of an earlier build now, on another thread, rather than when the
    /// index first asks for them: a build calls this as it starts work that leaves a processor
    /// free. The index then waits for it (or finds it done); the memo's answers are the same.
    func readAhead() {
        DispatchQueue.global().async { [self] in
            lock.withLock {
                read()
                parseIfNeeded()
            }
        }
    }

    /// Lets the memo's records go, once the file is written or no longer needed.
    func release() {
        lock.withLock {
            unread = nil
            file = []
            parsed = .empty
            base = nil
            journal = nil
            termIDs = []
        }
    }

    /// Where each record's body lies in the memo's bytes (`bytes()` and the journal after them).
    var recordRanges: [Key: Range<Int>] {
        lock.withLock {
            read()
            parseIfNeeded()
            return parsed?.records ?? [:]
        }
    }

    /// How many documents the memo holds.
    var count: Int {
        lock.withLock {
            read()
            parseIfNeeded()
            return parsed?.records.count ?? 0
        }
    }

    /// Reads the files of an earlier build, if they are not read yet; called under `lock`.
    private func read() {
        guard let (path, journalPath) = unread else { return }
        unread = nil
        guard let bytes = FileContents.read(path) else { return }
        load(bytes, journal: journalPath.flatMap { FileContents.read($0) })
    }

    /// Parses `file` (and the journal after it) when it was made and not parsed since; called
    /// under `lock`.
    private func parseIfNeeded() {
        guard parsed == nil else { return }
        if let base, base.count < file.count {
            // The file and the journal the last index made.
            guard var found = Self.parse(Array(file[..<base.count]), identity: identity),
                  let journaled = Self.parseJournal(Array(file[base.count...]), identity: identity, base: base) else {
                parsed = .empty
                return
            }
            Self.append(journaled, to: &found)
            parsed = found
            return
        }
        guard let found = Self.parse(file, identity: identity) else {
            parsed = .empty
            return
        }
        parsed = found
        base = Base(count: file.count, hash: MemoFile.hash(of: file), terms: found.termStarts.count, records: found.records.count)
    }

    /// Takes a memo file and the journal after it as the memo, the journal only when it is a whole
    /// one of this binary that names this file; nothing when the file is not a whole one.
    private func load(_ bytes: [UInt8], journal: [UInt8]?) {
        guard var found = Self.parse(bytes, identity: identity) else { return }
        let base = Base(count: bytes.count, hash: MemoFile.hash(of: bytes), terms: found.termStarts.count, records: found.records.count)
        self.base = base
        file = bytes
        self.journal = nil
        if let journal, let journaled = Self.parseJournal(journal, identity: identity, base: base) {
            file += journal
            Self.append(journaled, to: &found)
        }
        parsed = found
    }

    // MARK: The file

    static let header = "questlog-search 2"
    static let journalHeader = "questlog-search-journal 2"

    /// What to write after an index: the whole file, or only the journal that goes with the file
    /// written before (`keep`).
    func files() -> (file: [UInt8]?, journal: [UInt8]?) {
        lock.withLock {
            if let journal { return (nil, journal) }
            return (base.map { Array(file.prefix($0.count)) } ?? file, nil)
        }
    }

    /// The memo's file, without the journal after it.
    func bytes() -> [UInt8] {
        lock.withLock { base.map { Array(file.prefix($0.count)) } ?? file }
    }

    /// Reads a search memo file, and its journal when there is one; nil when the file is not a
    /// whole one of this format and binary. A journal that is not whole, or names another file, is
    /// ignored.
    convenience init?(parsing bytes: [UInt8], journal: [UInt8]? = nil, identity: String) {
        guard Self.parse(bytes, identity: identity) != nil else { return nil }
        self.init(identity: identity)
        load(bytes, journal: journal)
    }

    /// The terms (each its length and UTF-8), then each document's record (`writeRecord`).
    private static func encode(keys: [Key], documents: [SearchIndexBuilder.AnalyzedDocument], table: TermTable, identity: String) -> [UInt8] {
        let pairs = documents.reduce(0) { $0 + $1.terms.count }
        return MemoFile.seal(header: header, identity: identity, capacity: 8 * table.count + 5 * pairs + 40 * documents.count) { writer in
            writer.varint(table.count)
            for id in 0..<table.count {
                table.withTerm(id) { term in
                    writer.varint(term.count)
                    writer.bytes += term
                }
            }
            writeRecords(keys: keys, documents: documents, to: &writer) { Int($0) }
        }
    }

    /// The journal of the records of `documents` that the file `base` lacks (of the memo
    /// `parsed`, the file's records are those that start within it): the file's hash, the terms of
    /// those records that are not the file's (numbered after the file's), and the records, as in a
    /// file, with how many there are. Nil when a whole file is the better choice
    /// (`MemoFile.journalWorthIt`), or when `termIDs` is not of the file.
    private static func journal(keys: [Key], documents: [SearchIndexBuilder.AnalyzedDocument], table: TermTable, parsed: Parsed,
                                base: Base, termIDs: [Int32], identity: String) -> (bytes: [UInt8], records: Int)? {
        let fileTerms = base.terms
        guard termIDs.count >= fileTerms else { return nil }
        let outside = keys.indices.filter { parsed.records[keys[$0]].map { $0.lowerBound >= base.count } ?? true }
        let size = outside.reduce(0) { $0 + 5 * documents[$1].terms.count + 40 }
        guard MemoFile.journalWorthIt(size: size, fileSize: base.count, kept: keys.count - outside.count,
                                      fileRecords: base.records) else { return nil }
        // Each term the index table numbers, by its number in the file, or after the file's.
        var numbers = [Int32](repeating: -1, count: table.count)
        for (number, id) in termIDs.prefix(fileTerms).enumerated() where id >= 0 && Int(id) < numbers.count { numbers[Int(id)] = Int32(number) }
        var added: [Int] = []
        for index in outside {
            for id in documents[index].terms where numbers[Int(id)] < 0 {
                numbers[Int(id)] = Int32(fileTerms + added.count)
                added.append(Int(id))
            }
        }
        let bytes = MemoFile.seal(header: journalHeader, identity: identity, capacity: size + 16 * added.count) { writer in
            writer.integer(base.hash)
            writer.varint(added.count)
            for id in added {
                table.withTerm(id) { term in
                    writer.varint(term.count)
                    writer.bytes += term
                }
            }
            writeRecords(keys: outside.map { keys[$0] }, documents: outside.map { documents[$0] }, to: &writer) { Int(numbers[Int($0)]) }
        }
        return (bytes, outside.count)
    }

    /// The records of `documents` (`encode`), each term written as the number `number` gives it.
    private static func writeRecords(keys: [Key], documents: [SearchIndexBuilder.AnalyzedDocument], to writer: inout MemoWriter,
                                     number: (Int32) -> Int) {
        writer.varint(documents.count)
        for (key, document) in zip(keys, documents) {
            writeRecord(key: key, lengths: document.lengths, nameLength: document.nameLength,
                        terms: zip(document.terms, document.packed).map { (number($0), $1) }, to: &writer)
        }
    }

    /// A record: its key, the length of its body, and the body: the document's fields' lengths,
    /// its name's length, its number of terms, and for each term its number, a mask of the fields
    /// it is in and its frequency in each of those. The length lets a file be read without reading
    /// every body (`decode` reads one when asked for).
    private static func writeRecord(key: Key, lengths: [Int], nameLength: Int, terms: [(number: Int, packed: Int)],
                                    to writer: inout MemoWriter) {
        writer.integer(key.first)
        writer.integer(key.second)
        var body = MemoWriter()
        body.bytes.reserveCapacity(8 + 4 * terms.count)
        for length in lengths { body.varint(length) }
        body.varint(nameLength)
        body.varint(terms.count)
        for (number, packed) in terms {
            body.varint(number)
            // The fields by number (their raw values) as a mask, then each one's frequency.
            SearchIndexMemo.appendPacked(packed, to: &body.bytes)
        }
        writer.varint(body.bytes.count)
        writer.bytes += body.bytes
    }

    /// Where the terms and records of a memo file are: nil unless the file is whole, of this format
    /// and binary, and every term and record lies within it. A record's body is checked when read
    /// (`decode`), so a file is read without reading every body.
    private static func parse(_ bytes: [UInt8], identity: String) -> Parsed? {
        guard var reader = MemoFile.open(bytes, header: header, identity: identity), bytes.count < Int(UInt32.max) else { return nil }
        return parseBody(&reader)
    }

    /// Where the terms and records of a journal are, as places in its file's bytes followed by the
    /// journal's (and its terms numbered after the file's): nil unless it is whole, of this format
    /// and binary, names the file `base` by its hash, and every record reads within it.
    private static func parseJournal(_ bytes: [UInt8], identity: String, base: Base) -> Parsed? {
        guard var reader = MemoFile.open(bytes, header: journalHeader, identity: identity), base.count + bytes.count < Int(UInt32.max),
              reader.integer() == base.hash, let found = parseBody(&reader) else { return nil }
        let shift = UInt32(base.count)
        return Parsed(termStarts: found.termStarts.map { $0 + shift }, termEnds: found.termEnds.map { $0 + shift },
                      records: found.records.mapValues { $0.lowerBound + base.count..<$0.upperBound + base.count })
    }

    /// A journal's terms and records put after its file's.
    private static func append(_ journal: Parsed, to file: inout Parsed) {
        file.termStarts += journal.termStarts
        file.termEnds += journal.termEnds
        file.records.merge(journal.records) { _, new in new }
    }

    /// The terms and records from `reader` on to its end (a journal's records may name the terms
    /// of the file before it too: their numbers are checked when a record is read, `decode`).
    @inline(__always)
    private static func parseBody(_ reader: inout MemoReader) -> Parsed? {
        guard let ownTerms = reader.varint(), ownTerms >= 0, ownTerms <= reader.end - reader.offset else { return nil }
        var starts: [UInt32] = []
        var ends: [UInt32] = []
        starts.reserveCapacity(ownTerms)
        ends.reserveCapacity(ownTerms)
        for _ in 0..<ownTerms {
            guard let length = reader.varint(), length >= 0, length <= reader.end - reader.offset else { return nil }
            starts.append(UInt32(reader.offset))
            reader.offset += length
            ends.append(UInt32(reader.offset))
        }
        guard let recordCount = reader.varint(), recordCount >= 0, recordCount <= (reader.end - reader.offset) / 16 else { return nil }
        var records: [Key: Range<Int>] = [:]
        records.reserveCapacity(recordCount)
        for _ in 0..<recordCount {
            guard let first = reader.integer(), let second = reader.integer(),
                  let length = reader.varint(), length >= 0, length <= reader.end - reader.offset else { return nil }
            let start = reader.offset
            reader.offset += length
            guard records.updateValue(start..<reader.offset, forKey: Key(first: first, second: second)) == nil else { return nil }
        }
        guard reader.offset == reader.end else { return nil }
        return Parsed(termStarts: starts, termEnds: ends, records: records)
    }

    /// Reads the numbers of a record's body, up to `end`: past it, or a number of more than nine
    /// groups, reads 0 and sets `failed`.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset: Int
        let end: Int
        var failed = false

        mutating func varint() -> Int {
            var value = 0
            var shift = 0
            while offset < end, shift < 63 {
                let byte = bytes[offset]
                offset += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            failed = true
            return 0
        }
    }
}
