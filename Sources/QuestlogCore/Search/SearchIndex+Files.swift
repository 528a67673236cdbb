import Foundation

extension SearchIndex {
    /// Where the index files go, relative to the output root.
    public static let folder = "assets/search/"
    /// The version of the file format, checked by `search.js`.
    public static let formatVersion = 3

    /// The index as script files that `search.js` loads with `<script>` tags, which browsers allow
    /// from `file://` where `fetch` is refused. Each file hands its data to `QuestlogSearch.load`:
    ///
    /// - `index.js`: games, kinds, document ranges, shard keys and the hash of every other file; the
    ///   only file a first query always needs. `search.js` loads it with a new query string on every
    ///   page, so a cached copy is never used.
    /// - `terms-N.HASH.js`: shard N's terms and postings. A posting is a document number (as the
    ///   difference from the previous one) and an impact; when the term is in the document's name the
    ///   impact is negative and the name's term count follows.
    /// - `docs-N.HASH.js`: what results show of `documentsPerChunk` consecutive documents.
    /// - `flags.HASH.js`: one bit set per state field, loaded only when the search page filters by state.
    ///
    /// `HASH` is the hash of the file's own data, so a name always means the same bytes: a browser or
    /// proxy holding an older file never hands it to a newer `index.js`, and a rebuild after a small
    /// edit (one entry's notes, a value) renames only the few files whose bytes changed, which is
    /// all a static host uploads and all a reader's cache loads again.
    ///
    /// The files are made a batch at a time; the postings and documents a batch has written are let
    /// go before the next one (the index is the method's own), so the index and all its files are
    /// not held together.
    public consuming func files() -> [OutputFile] {
        made().files
    }

    /// `files()`, and for an index made to be kept (`kept`) the memo the next build may update it
    /// from (`SearchIndexMemo`), naming `identity` as the binary that wrote it.
    consuming func made(identity: String = BuildCache.binaryIdentity) -> (files: [OutputFile], memo: [UInt8]?) {
        // Each file is written straight into its bytes, on several threads; `body` is the range of
        // its data, which the hash reads. The flags first, as they read every document.
        let hashing = kept != nil
        let flags = Self.body(of: "flags", 0, hashing: hashing) { $0.append(contentsOf: flagsJSON().bytes(pretty: false)) }
        var bodies: [Body] = []
        bodies.reserveCapacity(shardCount + chunkCount + 1)
        // About a sixteenth of the files at a time.
        var batch = max(max(1, jobs) * 16, shardCount / 16)
        for start in stride(from: 0, to: shardCount, by: batch) {
            let shards = start..<min(start + batch, shardCount)
            bodies += Self.bodies(Array(shards), jobs: jobs) { [self] shard in
                Self.body(of: "terms", shard, hashing: hashing) { writeShard(shard, to: &$0) }
            }
            for term in termRange(ofShard: shards.lowerBound).lowerBound..<termRange(ofShard: shards.upperBound - 1).upperBound {
                postings[term] = []
            }
            BuildTimings.releaseFreedMemory()
        }
        batch = max(max(1, jobs) * 16, chunkCount / 16)
        for start in stride(from: 0, to: chunkCount, by: batch) {
            let chunks = start..<min(start + batch, chunkCount)
            bodies += Self.bodies(Array(chunks), jobs: jobs) { [self] chunk in
                Self.body(of: "docs", chunk, hashing: hashing) { writeDocuments(chunk, to: &$0) }
            }
            let range = chunks.lowerBound * documentsPerChunk..<min(documents.count, chunks.upperBound * documentsPerChunk)
            for number in range { documents[number] = Self.spent }
            BuildTimings.releaseFreedMemory()
        }
        bodies.append(flags)
        let hashes = bodies.map(\.hash)
        var files = [Self.indexFile(manifest(hashes: hashes))]
        files.reserveCapacity(bodies.count + 1)
        for (body, hash) in zip(bodies, hashes) {
            files.append(OutputFile(path: Self.folder + Self.fileName(body.type, body.number, hash: hash), bytes: body.bytes))
        }
        guard var draft = kept else { return (files, nil) }
        kept = nil
        let file = { (body: Body) in SearchIndexMemo.File(name: body.hash, hash: body.fileHash) }
        let shards = shardStarts.indices.map { SearchIndexMemo.Shard(start: shardStarts[$0], key: shardKeys[$0], file: file(bodies[$0])) }
        let terms = self.terms
        let memo = SearchIndexMemo.encode(
            parameters: draft.parameters, site: draft.site, documentsPerChunk: documentsPerChunk, documentBytes: draft.documentBytes,
            totals: draft.totals, counts: draft.counts, documents: draft.documents, termCount: terms.count,
            recordBytes: draft.blocks.reduce(0) { $0 + $1.count + 12 } + terms.reduce(0) { $0 + $1.utf8.count },
            records: { bytes in
                // Each term's postings let go as soon as they are in the memo: the two are not held whole at once.
                for index in terms.indices {
                    var term = terms[index]
                    let block = draft.blocks[index]
                    draft.blocks[index] = []
                    term.withUTF8 { term in
                        SearchIndexMemo.appendRecord(term: term, estimated: draft.estimated[index], frequency: draft.frequencies[index],
                                                     block: block, to: &bytes)
                    }
                }
            },
            shards: shards, chunks: bodies[shardCount..<shardCount + chunkCount].map(file), flags: file(flags), identity: identity)
        // The postings records, made a few bytes at a time while the documents were scored, are
        // freed; their room goes back to the system rather than staying beside the exports.
        BuildTimings.releaseFreedMemory()
        return (files, memo)
    }

    /// `index.js`: the manifest as a script.
    static func indexFile(_ manifest: JSONValue) -> OutputFile {
        var index = Self.scriptStart("index", 0)
        index.append(contentsOf: manifest.bytes(pretty: false))
        index.append(contentsOf: Self.scriptEnd)
        return OutputFile(path: Self.folder + "index.js", bytes: index)
    }

    /// An index file's bytes, with the range of its data and the hash of that data
    /// (`contentHash(ofBytes:)`), worked out on the thread that wrote the file; and with `hashing`,
    /// the `ContentHash` of its bytes.
    struct Body: Sendable {
        var type: String
        var number: Int
        var bytes: [UInt8]
        var body: Range<Int>
        var hash: String
        var fileHash: UInt64 = 0
    }

    /// What stands in for a document whose record is written.
    private static let spent = SearchDocument(name: "", path: "", aliases: [], text: "", game: 0, kind: 0, flags: [])

    private static func bodies(_ numbers: [Int], jobs: Int, _ make: @Sendable (Int) -> Body) -> [Body] {
        Parallel.map(numbers, jobs: jobs, make)
    }

    static func body(of type: String, _ number: Int, hashing: Bool = false, _ write: (inout [UInt8]) -> Void) -> Body {
        var bytes = Self.scriptStart(type, number)
        let start = bytes.count
        write(&bytes)
        let end = bytes.count
        bytes.append(contentsOf: Self.scriptEnd)
        // Every file is held until the hash of all is known: not with the room its bytes grew into.
        let compacted = bytes.compacted()
        return Body(type: type, number: number, bytes: compacted, body: start..<end,
                    hash: contentHash(ofBytes: [(compacted, start..<end)]), fileHash: hashing ? ContentHash.hash(compacted) : 0)
    }

    /// The records of the documents of documents file `chunk`, written straight into bytes as the
    /// compact JSON array of `[name, path, [aliases], text]` arrays (`documentsJSON`).
    func writeDocuments(_ chunk: Int, to out: inout [UInt8]) {
        let range = chunk * documentsPerChunk..<min(documents.count, (chunk + 1) * documentsPerChunk)
        out.append(UInt8(ascii: "["))
        for number in range {
            if number > range.lowerBound { out.append(UInt8(ascii: ",")) }
            let document = documents[number]
            out.append(UInt8(ascii: "["))
            JSONValue.writeString(document.name, to: &out)
            out.append(UInt8(ascii: ","))
            JSONValue.writeString(document.path, to: &out)
            out.append(contentsOf: ",[".utf8)
            for (index, alias) in document.aliases.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(alias, to: &out)
            }
            out.append(contentsOf: "],".utf8)
            JSONValue.writeString(document.text, to: &out)
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "]"))
    }

    /// The records of the documents of documents file `chunk` as a value: what `writeDocuments`
    /// writes.
    func documentsJSON(_ chunk: Int) -> JSONValue {
        let range = chunk * documentsPerChunk..<min(documents.count, (chunk + 1) * documentsPerChunk)
        return .array(documents[range].map { document in
            .array([.string(document.name), .string(document.path), .array(document.aliases.map(JSONValue.string)),
                    .string(document.text)])
        })
    }

    /// What an index file starts with, before its data: `QuestlogSearch.load("terms",3,`.
    static func scriptStart(_ type: String, _ number: Int) -> [UInt8] {
        Array("QuestlogSearch.load(\"\(type)\",\(number),".utf8)
    }

    /// What an index file ends with, after its data.
    static let scriptEnd: [UInt8] = Array(");\n".utf8)

    /// The name of an index file under `folder`: `terms-3.HASH.js`, `docs-0.HASH.js`, `flags.HASH.js`,
    /// `HASH` its own (`contentHash(ofBytes:)` of its data).
    public static func fileName(_ type: String, _ number: Int, hash: String) -> String {
        type == "flags" ? "flags.\(hash).js" : "\(type)-\(number).\(hash).js"
    }

    /// The hash a file is named by: the top 25 bits of the `ContentHash` of the files' data, each
    /// after its length (of one file's, for the names `files()` gives), as five digits of base 32
    /// (`0`–`9`, `a`–`v`). `index.js` holds one per file and is loaded afresh on every page that
    /// searches, so each costs five bytes there; a browser can only mistake an older file for a
    /// newer one of the same number when both hashes agree, once in 33 million changes.
    static func contentHash(of bodies: [String]) -> String {
        contentHash(ofBytes: bodies.map { body in
            let bytes = Array(body.utf8)
            return (bytes, 0..<bytes.count)
        })
    }

    /// `contentHash(of:)` of the data at `range` of each of `bodies`.
    static func contentHash(ofBytes bodies: [(bytes: [UInt8], range: Range<Int>)]) -> String {
        var stream = ContentHash.Stream(total: bodies.reduce(0) { $0 + 8 + $1.range.count })
        for body in bodies {
            withUnsafeBytes(of: UInt64(body.range.count).littleEndian) { stream.add($0) }
            body.bytes.withUnsafeBytes { bytes in stream.add(UnsafeRawBufferPointer(rebasing: bytes[body.range])) }
        }
        let hash = stream.value
        let digits = Array("0123456789abcdefghijklmnopqrstuv".utf8)
        return String(decoding: (0..<hashLength).map { digits[Int(hash >> (64 - 5 * ($0 + 1)) & 31)] }, as: UTF8.self)
    }

    /// How many characters a file's hash has (`contentHash(ofBytes:)`).
    static let hashLength = 5

    /// `index.js`'s data, keys sorted. `hashes` are those of the terms files, then the documents
    /// files, then the flags file, as `files()` makes them; `files` has them by type, each type's
    /// one after the other in one string (file N's at characters 5N to 5N + 4).
    func manifest(hashes: [String]) -> JSONValue {
        Self.manifest(hashes: hashes, shards: shardKeys, documents: documents.count, documentsPerChunk: documentsPerChunk,
                      games: games, kinds: kinds, groups: groups)
    }

    /// `manifest(hashes:)` of an index with these shards' keys, documents, games, kinds and groups.
    static func manifest(hashes: [String], shards shardKeys: [String], documents: Int, documentsPerChunk: Int,
                         games: [SearchFacet], kinds: [SearchFacet], groups: [SearchGroup]) -> JSONValue {
        let shardCount = shardKeys.count
        let chunkCount = (documents + documentsPerChunk - 1) / documentsPerChunk
        let terms = hashes.prefix(shardCount), docs = hashes.dropFirst(shardCount).prefix(chunkCount)
        return .object([
            ("chunk", .int(documentsPerChunk)),
            ("documents", .int(documents)),
            ("files", .object([
                ("docs", .string(docs.joined())),
                ("flags", .string(hashes.last ?? "")),
                ("terms", .string(terms.joined())),
            ])),
            ("games", .array(games.map { .array([.string($0.id), .string($0.label)]) })),
            ("groups", .array(groups.map { .array([.int($0.game), .int($0.kind), .int($0.documents.lowerBound), .int($0.documents.count)]) })),
            ("kinds", .array(kinds.map { .array([.string($0.id), .string($0.label), .array($0.stateFields.map(JSONValue.string))]) })),
            ("shards", .array(shardKeys.map(JSONValue.string))),
            ("version", .int(Self.formatVersion)),
        ])
    }

    /// A shard's data as text.
    func shardJSON(_ shard: Int) -> String {
        var bytes: [UInt8] = []
        writeShard(shard, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A shard's data, written directly: postings are most of the index's bytes. The posting lists
    /// are written through a pointer into room made for their longest form (`postingRoom`), then
    /// copied after what `out` holds.
    func writeShard(_ shard: Int, to out: inout [UInt8]) {
        let range = termRange(ofShard: shard)
        out.append(contentsOf: #"{"postings":["#.utf8)
        var room = 0
        for index in range { room += 3 + postings[index].count * Self.postingRoom }
        let lists = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            var end = 0
            for index in range {
                if index > range.lowerBound { base[end] = UInt8(ascii: ","); end += 1 }
                base[end] = UInt8(ascii: "["); end += 1
                var previous = 0
                var first = true
                for posting in postings[index] {
                    if !first { base[end] = UInt8(ascii: ","); end += 1 }
                    first = false
                    end += Self.putNumber(posting.document - previous, at: base + end)
                    base[end] = UInt8(ascii: ","); end += 1
                    if posting.nameLength > 0 {
                        end += Self.putNumber(-posting.impact, at: base + end)
                        base[end] = UInt8(ascii: ","); end += 1
                        end += Self.putNumber(posting.nameLength, at: base + end)
                    } else {
                        end += Self.putNumber(posting.impact, at: base + end)
                    }
                    previous = posting.document
                }
                base[end] = UInt8(ascii: "]"); end += 1
            }
            count = end
        }
        out.append(contentsOf: lists)
        out.append(contentsOf: #"],"terms":"#.utf8)
        out.append(contentsOf: JSONValue.array(terms[range].map(JSONValue.string)).bytes(pretty: false))
        out.append(UInt8(ascii: "}"))
    }

    /// The most bytes one posting takes in a shard file: a comma before it, and three numbers of at
    /// most eleven characters each (a sign and the ten digits of a 32-bit number) with two commas.
    static let postingRoom = 36

    /// Appends the decimal digits of `number`, as `String(number)` has them.
    static func writeNumber(_ number: Int, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            let count = putNumber(number, at: buffer.baseAddress!)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Writes the decimal digits of `number` (with a `-` before a negative one) at `start`, which has
    /// room for 20 bytes, and tells how many it wrote.
    @inline(__always)
    static func putNumber(_ number: Int, at start: UnsafeMutablePointer<UInt8>) -> Int {
        var at = start
        if number < 0 {
            at.pointee = UInt8(ascii: "-")
            at += 1
        }
        var value = number.magnitude
        if value < 10 {
            at.pointee = UInt8(truncatingIfNeeded: value) &+ 0x30
            return at + 1 - start
        }
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        var position = digits
        repeat {
            position -= 1
            at[position] = UInt8(truncatingIfNeeded: value % 10) &+ 0x30
            value /= 10
        } while value > 0
        return at + digits - start
    }

    /// For each state field that some kind has: the documents where it is true, as a bit set in base64
    /// (document `n` is bit `n % 8` of byte `n / 8`).
    func flagsJSON() -> JSONValue {
        let fields = stateFields
        return .object(fields.map { field in
            var bytes = [UInt8](repeating: 0, count: (documents.count + 7) / 8)
            for (number, document) in documents.enumerated() where document.flags.contains(field) {
                bytes[number / 8] |= 1 << UInt8(number % 8)
            }
            return (field, .string(Data(bytes).base64EncodedString()))
        })
    }
}
