import Foundation

extension SearchIndex {
    /// Where the index files go, relative to the output root.
    public static let folder = "assets/search/"
    /// The version of the file format, checked by `search.js`.
    public static let formatVersion = 2

    /// The index as script files that `search.js` loads with `<script>` tags, which browsers allow
    /// from `file://` where `fetch` is refused. Each file hands its data to `QuestlogSearch.load`:
    ///
    /// - `index.js`: games, kinds, document ranges, shard keys and the index's hash; the only file a
    ///   first query always needs. `search.js` loads it with a new query string on every page, so a
    ///   cached copy is never used.
    /// - `terms-N.HASH.js`: shard N's terms and postings. A posting is a document number (as the
    ///   difference from the previous one) and an impact; when the term is in the document's name the
    ///   impact is negative and the name's term count follows.
    /// - `docs-N.HASH.js`: what results show of `documentsPerChunk` consecutive documents.
    /// - `flags.HASH.js`: one bit set per state field, loaded only when the search page filters by state.
    ///
    /// `HASH` is the hash of the bytes of all those files, so each build whose index differs names
    /// them anew: a browser or proxy holding an older file never hands it to a newer `index.js`.
    /// One hash for all keeps `index.js` small; any change of document count or term frequency
    /// changes most shards anyway.
    public func files() -> [OutputFile] {
        var bodies: [(type: String, number: Int, json: String)] = []
        for shard in 0..<shardCount {
            bodies.append(("terms", shard, shardJSON(shard)))
        }
        for chunk in 0..<chunkCount {
            let range = chunk * documentsPerChunk..<min(documents.count, (chunk + 1) * documentsPerChunk)
            let records = JSONValue.array(documents[range].map { document in
                .array([.string(document.name), .string(document.path), .array(document.aliases.map(JSONValue.string)),
                        .string(document.text)])
            })
            bodies.append(("docs", chunk, records.rendered(pretty: false)))
        }
        bodies.append(("flags", 0, flagsJSON().rendered(pretty: false)))
        let hash = Self.contentHash(of: bodies.map(\.json))
        var files = [script("index", 0, manifest(hash: hash).rendered(pretty: false), path: "index.js")]
        for body in bodies {
            files.append(script(body.type, body.number, body.json, path: Self.fileName(body.type, body.number, hash: hash)))
        }
        return files
    }

    /// The name of an index file under `folder`: `terms-3.HASH.js`, `docs-0.HASH.js`, `flags.HASH.js`.
    public static func fileName(_ type: String, _ number: Int, hash: String) -> String {
        type == "flags" ? "flags.\(hash).js" : "\(type)-\(number).\(hash).js"
    }

    /// Twelve hexadecimal digits of the FNV-1a hash of the files' data, each followed by a zero byte.
    static func contentHash(of bodies: [String]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for body in bodies {
            for byte in body.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            hash = hash &* 0x100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String((String(repeating: "0", count: 16 - digits.count) + digits).prefix(12))
    }

    private func script(_ type: String, _ number: Int, _ json: String, path: String) -> OutputFile {
        OutputFile(path: Self.folder + path, text: "QuestlogSearch.load(\"\(type)\",\(number),\(json));\n")
    }

    /// `index.js`'s data, keys sorted.
    func manifest(hash: String) -> JSONValue {
        .object([
            ("chunk", .int(documentsPerChunk)),
            ("documents", .int(documents.count)),
            ("games", .array(games.map { .array([.string($0.id), .string($0.label)]) })),
            ("groups", .array(groups.map { .array([.int($0.game), .int($0.kind), .int($0.documents.lowerBound), .int($0.documents.count)]) })),
            ("hash", .string(hash)),
            ("kinds", .array(kinds.map { .array([.string($0.id), .string($0.label), .array($0.stateFields.map(JSONValue.string))]) })),
            ("shards", .array(shardKeys.map(JSONValue.string))),
            ("version", .int(Self.formatVersion)),
        ])
    }

    /// A shard's data, written directly: postings are most of the index's bytes.
    func shardJSON(_ shard: Int) -> String {
        let range = termRange(ofShard: shard)
        var out = "{\"postings\":["
        for index in range {
            if index > range.lowerBound { out += "," }
            out += "["
            var previous = 0
            for (number, posting) in postings[index].enumerated() {
                if number > 0 { out += "," }
                out += String(posting.document - previous)
                if posting.nameLength > 0 {
                    out += ",-" + String(posting.impact) + "," + String(posting.nameLength)
                } else {
                    out += "," + String(posting.impact)
                }
                previous = posting.document
            }
            out += "]"
        }
        out += "],\"terms\":"
        out += JSONValue.array(terms[range].map(JSONValue.string)).rendered(pretty: false)
        out += "}"
        return out
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
