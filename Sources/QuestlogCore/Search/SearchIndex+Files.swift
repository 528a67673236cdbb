import Foundation

extension SearchIndex {
    /// Where the index files go, relative to the output root.
    public static let folder = "assets/search/"
    /// The version of the file format, checked by `search.js`.
    public static let formatVersion = 1

    /// The index as script files that `search.js` loads with `<script>` tags, which browsers allow
    /// from `file://` where `fetch` is refused. Each file hands its data to `QuestlogSearch.load`:
    ///
    /// - `index.js`: games, kinds, document ranges, shard keys; the only file a first query always needs.
    /// - `terms-N.js`: shard N's terms and postings. A posting is a document number (as the difference
    ///   from the previous one) and an impact; when the term is in the document's name the impact is
    ///   negative and the name's term count follows.
    /// - `docs-N.js`: what results show of `documentsPerChunk` consecutive documents.
    /// - `flags.js`: one bit set per state field, loaded only when the search page filters by state.
    public func files() -> [OutputFile] {
        var files = [script("index", 0, manifest().rendered(pretty: false), path: "index.js")]
        for shard in 0..<shardCount {
            files.append(script("terms", shard, shardJSON(shard), path: "terms-\(shard).js"))
        }
        for chunk in 0..<chunkCount {
            let range = chunk * documentsPerChunk..<min(documents.count, (chunk + 1) * documentsPerChunk)
            let records = JSONValue.array(documents[range].map { document in
                .array([.string(document.name), .string(document.path), .array(document.aliases.map(JSONValue.string)),
                        .string(document.text)])
            })
            files.append(script("docs", chunk, records.rendered(pretty: false), path: "docs-\(chunk).js"))
        }
        files.append(script("flags", 0, flagsJSON().rendered(pretty: false), path: "flags.js"))
        return files
    }

    private func script(_ type: String, _ number: Int, _ json: String, path: String) -> OutputFile {
        OutputFile(path: Self.folder + path, text: "QuestlogSearch.load(\"\(type)\",\(number),\(json));\n")
    }

    /// `index.js`'s data, keys sorted.
    func manifest() -> JSONValue {
        .object([
            ("chunk", .int(documentsPerChunk)),
            ("documents", .int(documents.count)),
            ("games", .array(games.map { .array([.string($0.id), .string($0.label)]) })),
            ("groups", .array(groups.map { .array([.int($0.game), .int($0.kind), .int($0.documents.lowerBound), .int($0.documents.count)]) })),
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
