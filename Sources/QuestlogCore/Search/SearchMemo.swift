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
/// `.questlog/search` by `build`.
public final class SearchMemo: @unchecked Sendable {
    // Unchecked: every property is read and written only under `lock`.
    private let lock = NSLock()
    private let identity: String
    /// The memo as its file: the last index's analyses, or those of the file read.
    private var file: [UInt8] = []
    /// Where each term's bytes are in `file`, and where each record starts; made from `file` when
    /// first asked for.
    private var parsed: Parsed?
    /// The file of an earlier build, read when first needed (so a build holds it only from its
    /// search index on).
    private var unread: String?
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
        var records: [Key: Int]
    }

    public convenience init() {
        self.init(identity: BuildCache.binaryIdentity)
    }

    /// The memo of the file at `path`, read when an index first needs it; empty when the file is
    /// missing, damaged or foreign.
    convenience init(reading path: String, identity: String) {
        self.init(identity: identity)
        unread = path
    }

    /// An empty memo whose file names `identity` as the binary that wrote it.
    init(identity: String) {
        self.identity = identity
        file = Self.encode(keys: [], documents: [], table: TermTable(), identity: identity)
        parsed = Parsed(termStarts: [], termEnds: [], records: [:])
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
            if parsed == nil { parsed = Self.parse(file, identity: identity) ?? Parsed(termStarts: [], termEnds: [], records: [:]) }
            let parsed = parsed!
            var ids = [Int32](repeating: -1, count: parsed.termStarts.count)
            return file.withUnsafeBufferPointer { bytes in
                keys.map { key -> SearchIndexBuilder.AnalyzedDocument? in
                    guard let start = parsed.records[key] else { return nil }
                    var cursor = Cursor(bytes: bytes, offset: start)
                    var lengths = [Int](repeating: 0, count: SearchField.allCases.count)
                    for field in lengths.indices { lengths[field] = cursor.varint() }
                    let nameLength = cursor.varint()
                    let count = cursor.varint()
                    var terms = [Int32](repeating: 0, count: count)
                    var packed = [Int](repeating: 0, count: count)
                    for index in 0..<count {
                        let term = cursor.varint()
                        if ids[term] < 0 {
                            let range = Int(parsed.termStarts[term])..<Int(parsed.termEnds[term])
                            ids[term] = Int32(table.id(of: UnsafeBufferPointer(rebasing: bytes[range])))
                        }
                        terms[index] = ids[term]
                        var mask = cursor.varint()
                        var value = 0
                        var field = 0
                        while mask != 0 {
                            if mask & 1 == 1 { value |= cursor.varint() << (field * SearchIndexBuilder.fieldBits) }
                            mask >>= 1
                            field += 1
                        }
                        packed[index] = value
                    }
                    return SearchIndexBuilder.AnalyzedDocument(terms: terms, packed: packed, lengths: lengths, nameLength: nameLength)
                }
            }
        }
    }

    /// Ends an index: the memo holds exactly the analyses of its documents, `keys[n]` that of
    /// `documents[n]`, their terms numbered in `table`; `reused` of them were the memo's.
    func keep(keys: [Key], documents: [SearchIndexBuilder.AnalyzedDocument], table: TermTable, reused: Int) {
        // Documents of the same texts (two entries of one name and nothing else) are kept once.
        var seen = Set<Key>()
        let unique = keys.indices.filter { seen.insert(keys[$0]).inserted }
        let bytes = Self.encode(keys: unique.map { keys[$0] }, documents: unique.map { documents[$0] }, table: table, identity: identity)
        lock.withLock {
            read()
            changed = reused != documents.count || parsed?.records.count != unique.count
            reusedCount = reused
            madeCount = documents.count - reused
            file = bytes
            parsed = nil
        }
    }

    /// Lets the memo's records go, once the file is written or no longer needed.
    func release() {
        lock.withLock {
            unread = nil
            file = []
            parsed = Parsed(termStarts: [], termEnds: [], records: [:])
        }
    }

    /// How many documents the memo holds.
    var count: Int {
        lock.withLock {
            read()
            if parsed == nil { parsed = Self.parse(file, identity: identity) }
            return parsed?.records.count ?? 0
        }
    }

    /// Reads the file of an earlier build, if it is not read yet; called under `lock`.
    private func read() {
        guard let path = unread else { return }
        unread = nil
        if let bytes = FileContents.read(path), let found = Self.parse(bytes, identity: identity) {
            file = bytes
            parsed = found
        }
    }

    // MARK: The file

    static let header = "questlog-search 1"

    /// The memo's file.
    func bytes() -> [UInt8] {
        lock.withLock { file }
    }

    /// Reads a search memo file; nil when it is not a whole one of this format and binary.
    convenience init?(parsing bytes: [UInt8], identity: String) {
        guard let parsed = Self.parse(bytes, identity: identity) else { return nil }
        self.init(identity: identity)
        file = bytes
        self.parsed = parsed
    }

    /// The terms (each its length and UTF-8), then each document's key and record: its fields'
    /// lengths, its name's length, its number of terms, and for each term its number, a mask of the
    /// fields it is in and its frequency in each of those.
    private static func encode(keys: [Key], documents: [SearchIndexBuilder.AnalyzedDocument], table: TermTable, identity: String) -> [UInt8] {
        let fieldCount = SearchField.allCases.count
        let pairs = documents.reduce(0) { $0 + $1.terms.count }
        return MemoFile.seal(header: header, identity: identity, capacity: 8 * table.count + 5 * pairs + 40 * documents.count) { writer in
            writer.varint(table.count)
            for id in 0..<table.count {
                table.withTerm(id) { term in
                    writer.varint(term.count)
                    writer.bytes += term
                }
            }
            writer.varint(documents.count)
            for (key, document) in zip(keys, documents) {
                writer.integer(key.first)
                writer.integer(key.second)
                for length in document.lengths { writer.varint(length) }
                writer.varint(document.nameLength)
                writer.varint(document.terms.count)
                for (term, packed) in zip(document.terms, document.packed) {
                    writer.varint(Int(term))
                    // The fields by number (their raw values), each's frequency in its bits.
                    var mask = 0
                    for field in 0..<fieldCount where (packed >> (field * SearchIndexBuilder.fieldBits)) & SearchIndexBuilder.fieldMask != 0 {
                        mask |= 1 << field
                    }
                    writer.varint(mask)
                    for field in 0..<fieldCount where mask & (1 << field) != 0 {
                        writer.varint((packed >> (field * SearchIndexBuilder.fieldBits)) & SearchIndexBuilder.fieldMask)
                    }
                }
            }
        }
    }

    /// Where the terms and records of a memo file are, every number checked: nil unless the file
    /// is whole, of this format and binary, and every record reads within it.
    private static func parse(_ bytes: [UInt8], identity: String) -> Parsed? {
        guard var reader = MemoFile.open(bytes, header: header, identity: identity), bytes.count < Int(UInt32.max),
              let termCount = reader.varint(), termCount >= 0, termCount <= reader.end - reader.offset else { return nil }
        var starts: [UInt32] = []
        var ends: [UInt32] = []
        starts.reserveCapacity(termCount)
        ends.reserveCapacity(termCount)
        for _ in 0..<termCount {
            guard let length = reader.varint(), length >= 0, length <= reader.end - reader.offset else { return nil }
            starts.append(UInt32(reader.offset))
            reader.offset += length
            ends.append(UInt32(reader.offset))
        }
        guard let recordCount = reader.varint(), recordCount >= 0, recordCount <= (reader.end - reader.offset) / 16 else { return nil }
        var records: [Key: Int] = [:]
        records.reserveCapacity(recordCount)
        let fields = SearchField.allCases.count
        for _ in 0..<recordCount {
            guard let first = reader.integer(), let second = reader.integer() else { return nil }
            let start = reader.offset
            for _ in 0..<(fields + 1) {
                guard let length = reader.varint(), length >= 0 else { return nil }
            }
            guard let count = reader.varint(), count >= 0, count <= reader.end - reader.offset else { return nil }
            for _ in 0..<count {
                guard let term = reader.varint(), term >= 0, term < termCount,
                      let mask = reader.varint(), mask > 0, mask < 1 << fields else { return nil }
                for field in 0..<fields where mask & (1 << field) != 0 {
                    guard let frequency = reader.varint(), frequency > 0, frequency <= SearchIndexBuilder.fieldMask else { return nil }
                }
            }
            guard records.updateValue(start, forKey: Key(first: first, second: second)) == nil else { return nil }
        }
        guard reader.offset == reader.end else { return nil }
        return Parsed(termStarts: starts, termEnds: ends, records: records)
    }

    /// Reads the numbers of a record `parse` has checked.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset: Int

        mutating func varint() -> Int {
            var value = 0
            var shift = 0
            while true {
                let byte = bytes[offset]
                offset += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
        }
    }
}
