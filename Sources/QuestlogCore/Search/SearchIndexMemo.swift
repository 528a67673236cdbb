import Foundation

/// The last search index a build made, as the next build needs it to update that index rather than
/// make it again when the site changed in nothing but the notes of some entries
/// (`SearchIndexBuilder.update`): for each document its field lengths, the number of terms of its
/// name, the size of its record and the key of its texts (by which the analyses memo, `SearchMemo`,
/// holds its terms); the sum and count of each field's lengths; every term in the index's order
/// with its size in its shard, its number of documents and its postings, each a document and the
/// term's frequency in each field (what a score is made from, as the shard files hold only the
/// scores); and every file of the index with the hash its name carries and the hash of its bytes.
///
/// Kept in `.questlog/search-index`, written whole after each index. It names the site it is of by
/// the digest of the resolved site (`SiteDigest.value`), and the settings of its index
/// (`SearchIndexBuilder.parameters`); the binary that wrote it by the memo file's identity line.
///
/// A term's record is the same wherever its term falls: an update copies the records of the terms
/// it does not touch byte for byte.
struct SearchIndexMemo: Sendable {
    static let header = "questlog-search-index 1"

    /// What the memo keeps of one document.
    struct Document: Sendable, Equatable {
        var lengths: [Int]
        var nameLength: Int
        /// Its size in its documents file (`SearchIndexBuilder.byteCount(of:)`).
        var bytes: Int
        var key: SearchMemo.Key
    }

    /// One file of the index: the hash its name carries (`SearchIndex.contentHash`) and the
    /// `ContentHash` of its bytes, which the output stage recorded for it.
    struct File: Sendable, Equatable {
        var name: String
        var hash: UInt64
    }

    /// One shard: the number of its first term, its key in `index.js`, and its file.
    struct Shard: Sendable, Equatable {
        var start: Int
        var key: String
        var file: File
    }

    /// What a full index leaves for its memo, put together by `SearchIndexBuilder.build()` and
    /// completed by `SearchIndex.files()` with the files' hashes.
    struct Draft: Sendable {
        var parameters: UInt64 = 0
        var site: UInt64 = 0
        var documents: [Document]
        var totals: [Int]
        var counts: [Int]
        var documentBytes = 0
        /// By term, in the index's order: its postings (`appendPosting`), its size in its shard
        /// (less its own length) and its number of documents.
        var blocks: [[UInt8]] = []
        var estimated: [Int] = []
        var frequencies: [Int] = []

        init(documents: [Document], totals: [Int], counts: [Int]) {
            self.documents = documents
            self.totals = totals
            self.counts = counts
        }
    }

    let bytes: [UInt8]
    var parameters: UInt64
    var site: UInt64
    var documentsPerChunk: Int
    var documentBytes: Int
    var totals: [Int]
    var counts: [Int]
    var documents: [Document]
    /// By term: where its record starts in `bytes` (and one past the last record's end), where its
    /// string and postings are, its size in its shard and its number of documents.
    var recordStarts: [Int]
    var stringStarts: [Int32]
    var stringEnds: [Int32]
    var blockStarts: [Int32]
    var estimated: [Int32]
    var frequencies: [Int32]
    var shards: [Shard]
    var chunks: [File]
    var flags: File

    var termCount: Int { stringStarts.count }

    /// The bytes of term `index`.
    func withTerm<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(stringStarts[index])..<Int(stringEnds[index])])) }
    }

    func term(_ index: Int) -> String {
        withTerm(index) { String(decoding: $0, as: UTF8.self) }
    }

    /// The record of term `index`, as `encode` writes it.
    func record(_ index: Int) -> ArraySlice<UInt8> {
        bytes[recordStarts[index]..<recordStarts[index + 1]]
    }

    /// The postings of term `index`: each document's number and the term's frequencies in it
    /// (packed as `SearchIndexBuilder.AnalyzedDocument.packed`); nil when they do not read as the
    /// memo says they should.
    ///
    /// Read as `MemoReader` and `readPacked` read them, from the bytes held once: a full build
    /// reads some 740,000 postings at 10,000 entries, three reads each, and each read through the
    /// reader took the memo's bytes anew.
    func postings(_ index: Int) -> [(document: Int, packed: Int)]? {
        let count = Int(frequencies[index])
        let fields = SearchField.allCases.count
        let documentCount = documents.count
        return bytes.withUnsafeBufferPointer { buffer -> [(document: Int, packed: Int)]? in
            var at = Int(blockStarts[index])
            let end = recordStarts[index + 1]
            guard at >= 0, at <= end, end <= buffer.count else { return nil }
            // What `MemoWriter.varint` wrote: nil past the end, or for more than nine groups.
            func varint() -> Int? {
                var value: UInt64 = 0
                var shift: UInt64 = 0
                while at < end, shift < 63 {
                    let byte = buffer[at]
                    at += 1
                    value |= UInt64(byte & 0x7F) << shift
                    if byte < 0x80 { return Int(Int64(bitPattern: value)) }
                    shift += 7
                }
                return nil
            }
            var postings: [(document: Int, packed: Int)] = []
            postings.reserveCapacity(count)
            var document = 0
            for _ in 0..<count {
                // The document's distance from the last, then the frequencies (`readPacked`).
                guard let delta = varint(), delta >= 0, at < end else { return nil }
                let mask = Int(buffer[at])
                at += 1
                guard mask > 0, mask < 1 << fields else { return nil }
                var packed = 0
                for field in 0..<fields where mask & (1 << field) != 0 {
                    guard let frequency = varint(), frequency > 0, frequency <= SearchIndexBuilder.fieldMask else { return nil }
                    packed |= frequency << (field * SearchIndexBuilder.fieldBits)
                }
                document += delta
                guard document < documentCount else { return nil }
                postings.append((document, packed))
            }
            return at == end ? postings : nil
        }
    }

    // MARK: Coding

    /// Appends a posting to a term's postings: the document, as the difference from the term's
    /// previous one (`previous`), and the term's frequencies in it.
    @inline(__always)
    static func appendPosting(document: Int, after previous: Int?, packed: Int, to block: inout [UInt8]) {
        MemoWriter.varint(document - (previous ?? 0), to: &block)
        appendPacked(packed, to: &block)
    }

    /// Frequencies packed `SearchIndexBuilder.fieldBits` per field as a mask of the fields with
    /// one, then each of those (as the analyses memo's records have them, `SearchMemo`).
    @inline(__always)
    static func appendPacked(_ packed: Int, to bytes: inout [UInt8]) {
        let fields = SearchField.allCases.count
        var mask = 0
        for field in 0..<fields where (packed >> (field * SearchIndexBuilder.fieldBits)) & SearchIndexBuilder.fieldMask != 0 {
            mask |= 1 << field
        }
        bytes.append(UInt8(mask))
        for field in 0..<fields where mask & (1 << field) != 0 {
            MemoWriter.varint((packed >> (field * SearchIndexBuilder.fieldBits)) & SearchIndexBuilder.fieldMask, to: &bytes)
        }
    }

    /// Where the frequencies `appendPacked` wrote at `start` of `bytes` end: after the mask and a
    /// number for each field in it.
    @inline(__always)
    static func endOfPacked(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        var numbers = bytes[start].nonzeroBitCount
        var end = start + 1
        while numbers > 0 {
            if bytes[end] < 0x80 { numbers -= 1 }
            end += 1
        }
        return end
    }

    static func readPacked(_ reader: inout MemoReader) -> Int? {
        let fields = SearchField.allCases.count
        guard let mask = reader.byte().map(Int.init), mask > 0, mask < 1 << fields else { return nil }
        var packed = 0
        for field in 0..<fields where mask & (1 << field) != 0 {
            guard let frequency = reader.varint(), frequency > 0, frequency <= SearchIndexBuilder.fieldMask else { return nil }
            packed |= frequency << (field * SearchIndexBuilder.fieldBits)
        }
        return packed
    }

    /// A term's record: its length and bytes, its size in its shard, its number of documents, and
    /// the length and bytes of its postings.
    static func appendRecord(term: UnsafeBufferPointer<UInt8>, estimated: Int, frequency: Int, block: [UInt8], to bytes: inout [UInt8]) {
        MemoWriter.varint(term.count, to: &bytes)
        bytes.append(contentsOf: term)
        MemoWriter.varint(estimated, to: &bytes)
        MemoWriter.varint(frequency, to: &bytes)
        MemoWriter.varint(block.count, to: &bytes)
        bytes.append(contentsOf: block)
    }

    /// The memo file of an index: its settings and site, its documents, then the terms, each its
    /// record (`appendRecord`, or one copied from an earlier memo), then its files.
    static func encode(parameters: UInt64, site: UInt64, documentsPerChunk: Int, documentBytes: Int, totals: [Int], counts: [Int],
                       documents: [Document], termCount: Int, recordBytes: Int, records: (inout [UInt8]) -> Void,
                       shards: [Shard], chunks: [File], flags: File, identity: String) -> [UInt8] {
        MemoFile.seal(header: header, identity: identity, capacity: recordBytes + 40 * documents.count + 40 * (shards.count + chunks.count)) { writer in
            writer.integer(parameters)
            writer.integer(site)
            writer.varint(documentsPerChunk)
            writer.varint(documentBytes)
            for value in totals + counts { writer.varint(value) }
            writer.varint(documents.count)
            for document in documents {
                for length in document.lengths { writer.varint(length) }
                writer.varint(document.nameLength)
                writer.varint(document.bytes)
                writer.integer(document.key.first)
                writer.integer(document.key.second)
            }
            writer.varint(termCount)
            records(&writer.bytes)
            writer.varint(shards.count)
            for shard in shards {
                writer.varint(shard.start)
                writeText(shard.key, to: &writer)
                write(shard.file, to: &writer)
            }
            writer.varint(chunks.count)
            for chunk in chunks { write(chunk, to: &writer) }
            write(flags, to: &writer)
        }
    }

    private static func writeText(_ text: String, to writer: inout MemoWriter) {
        writer.varint(text.utf8.count)
        writer.bytes += text.utf8
    }

    private static func write(_ file: File, to writer: inout MemoWriter) {
        writeText(file.name, to: &writer)
        writer.integer(file.hash)
    }

    /// The digest of the site the memo in `bytes` (its first bytes are enough) says it is of, read
    /// without the rest of it (nor its hash checked: `init(parsing:identity:)` does); nil when the
    /// bytes are not a memo `identity` wrote.
    static func site(in bytes: [UInt8], identity: String) -> UInt64? {
        guard var reader = MemoFile.open(bytes, header: Self.header, identity: identity, verifying: false), reader.integer() != nil else { return nil }
        return reader.integer()
    }

    /// Reads a memo file; nil unless it is whole, of this format and binary, and every number in it
    /// is in range (the postings are read when asked for, `postings(_:)`).
    init?(parsing bytes: [UInt8], identity: String) {
        guard var reader = MemoFile.open(bytes, header: Self.header, identity: identity),
              bytes.count < Int(Int32.max),
              let parameters = reader.integer(), let site = reader.integer(),
              let perChunk = reader.varint(), perChunk > 0, let documentBytes = reader.varint(), documentBytes >= 0 else { return nil }
        let fields = SearchField.allCases.count
        var numbers: [Int] = []
        for _ in 0..<(2 * fields) {
            guard let value = reader.varint(), value >= 0 else { return nil }
            numbers.append(value)
        }
        guard let documentCount = reader.varint(), documentCount >= 0, documentCount <= reader.end - reader.offset else { return nil }
        var documents: [Document] = []
        documents.reserveCapacity(documentCount)
        for _ in 0..<documentCount {
            var lengths: [Int] = []
            for _ in 0..<fields {
                guard let length = reader.varint(), length >= 0 else { return nil }
                lengths.append(length)
            }
            guard let nameLength = reader.varint(), nameLength >= 0, let size = reader.varint(), size >= 0,
                  let first = reader.integer(), let second = reader.integer() else { return nil }
            documents.append(Document(lengths: lengths, nameLength: nameLength, bytes: size, key: SearchMemo.Key(first: first, second: second)))
        }
        guard let termCount = reader.varint(), termCount >= 0, termCount <= reader.end - reader.offset else { return nil }
        var recordStarts: [Int] = [], stringStarts: [Int32] = [], stringEnds: [Int32] = [], blockStarts: [Int32] = []
        var estimated: [Int32] = [], frequencies: [Int32] = []
        recordStarts.reserveCapacity(termCount + 1)
        stringStarts.reserveCapacity(termCount)
        stringEnds.reserveCapacity(termCount)
        blockStarts.reserveCapacity(termCount)
        estimated.reserveCapacity(termCount)
        frequencies.reserveCapacity(termCount)
        for _ in 0..<termCount {
            recordStarts.append(reader.offset)
            guard let length = reader.varint(), length > 0, length <= reader.end - reader.offset else { return nil }
            stringStarts.append(Int32(reader.offset))
            reader.offset += length
            stringEnds.append(Int32(reader.offset))
            guard let size = reader.varint(), size >= 0, size < Int(Int32.max),
                  let frequency = reader.varint(), frequency > 0, frequency <= documentCount,
                  let blockLength = reader.varint(), blockLength >= 2 * frequency, blockLength <= reader.end - reader.offset else { return nil }
            estimated.append(Int32(size))
            frequencies.append(Int32(frequency))
            blockStarts.append(Int32(reader.offset))
            reader.offset += blockLength
        }
        recordStarts.append(reader.offset)
        func text() -> String? {
            guard let length = reader.varint(), length >= 0, length <= reader.end - reader.offset else { return nil }
            defer { reader.offset += length }
            return String(decoding: bytes[reader.offset..<reader.offset + length], as: UTF8.self)
        }
        func file() -> File? {
            guard let name = text(), let hash = reader.integer() else { return nil }
            return File(name: name, hash: hash)
        }
        guard let shardCount = reader.varint(), shardCount > 0, shardCount <= reader.end - reader.offset else { return nil }
        var shards: [Shard] = []
        for number in 0..<shardCount {
            guard let start = reader.varint(), start >= 0, start <= termCount, number == 0 ? start == 0 : start > shards[number - 1].start,
                  let key = text(), let file = file() else { return nil }
            shards.append(Shard(start: start, key: key, file: file))
        }
        guard let chunkCount = reader.varint(), chunkCount >= 0, chunkCount <= reader.end - reader.offset else { return nil }
        var chunks: [File] = []
        for _ in 0..<chunkCount {
            guard let chunk = file() else { return nil }
            chunks.append(chunk)
        }
        guard let flags = file(), reader.offset == reader.end else { return nil }
        self.bytes = bytes
        self.parameters = parameters
        self.site = site
        documentsPerChunk = perChunk
        self.documentBytes = documentBytes
        totals = Array(numbers[..<fields])
        counts = Array(numbers[fields...])
        self.documents = documents
        self.recordStarts = recordStarts
        self.stringStarts = stringStarts
        self.stringEnds = stringEnds
        self.blockStarts = blockStarts
        self.estimated = estimated
        self.frequencies = frequencies
        self.shards = shards
        self.chunks = chunks
        self.flags = flags
    }
}
