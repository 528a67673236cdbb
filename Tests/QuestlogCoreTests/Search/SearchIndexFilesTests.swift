import Foundation
@testable import QuestlogCore
import Testing

struct SearchIndexFilesTests {
    typealias Make = SearchTestSite

    static let index = Make.index(SearchIndexBuilderTests.entries + (0..<60).map {
        Make.entry("npc", "Guard \($0)", notes: "Guards the gate number \($0) of Stormveil.")
    }, shardBytes: 600, chunkBytes: 1_000)

    /// The data a script file hands to `QuestlogSearch.load`, with its type and number.
    static func payload(_ file: OutputFile) throws -> (type: String, number: Int, data: Any) {
        let text = String(decoding: file.bytes, as: UTF8.self)
        let prefix = "QuestlogSearch.load(\""
        try #require(text.hasPrefix(prefix) && text.hasSuffix(");\n"), "\(file.path)")
        let inner = text.dropFirst(prefix.count).dropLast(3)
        let type = String(inner.prefix { $0 != "\"" })
        let afterType = inner.dropFirst(type.count + 2)
        let number = try #require(Int(afterType.prefix { $0 != "," }))
        let json = afterType.drop { $0 != "," }.dropFirst()
        return (type, number, try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]))
    }

    @Test func everyFileIsAScriptUnderAssetsSearch() throws {
        let files = Self.index.files()
        let paths = files.map(\.path)
        #expect(paths.allSatisfy { $0.hasPrefix("assets/search/") && $0.hasSuffix(".js") })
        let names = try Self.names()
        #expect(paths.contains("assets/search/index.js"))
        #expect(paths.filter { $0.contains("/terms-") }.count == Self.index.shardCount)
        #expect(paths.filter { $0.contains("/docs-") }.count == Self.index.chunkCount)
        #expect(Set(paths).count == paths.count)
        #expect(Set(paths) == Set(["assets/search/index.js"] + names.values.map { SearchIndex.folder + $0 }))
        for file in files {
            let payload = try Self.payload(file)
            guard payload.type != "index" else {
                #expect(file.path == SearchIndex.folder + "index.js")
                continue
            }
            // Each file is named after the hash of its own data.
            let data = String(decoding: file.bytes, as: UTF8.self).drop { $0 != "," }.dropFirst()
                .drop { $0 != "," }.dropFirst().dropLast(3)
            let hash = SearchIndex.contentHash(of: [String(data)])
            #expect(hash.count == SearchIndex.hashLength && hash.allSatisfy { ("0"..."9").contains($0) || ("a"..."v").contains($0) })
            #expect(file.path == SearchIndex.folder + SearchIndex.fileName(payload.type, payload.number, hash: hash))
            #expect(names["\(payload.type) \(payload.number)"] == SearchIndex.fileName(payload.type, payload.number, hash: hash))
        }
    }

    /// The name `index.js` gives each other file, by type and number ("terms 3", "flags 0").
    static func names(_ index: SearchIndex = Self.index) throws -> [String: String] {
        let file = try #require(index.files().first { $0.path == "assets/search/index.js" })
        let manifest = try #require(try payload(file).data as? [String: Any])
        let files = try #require(manifest["files"] as? [String: Any])
        #expect(Set(files.keys) == ["docs", "flags", "terms"])
        var names: [String: String] = [:]
        for type in ["terms", "docs"] {
            let hashes = Array(try #require(files[type] as? String))
            #expect(hashes.count % SearchIndex.hashLength == 0)
            for number in 0..<hashes.count / SearchIndex.hashLength {
                let hash = String(hashes[number * SearchIndex.hashLength..<(number + 1) * SearchIndex.hashLength])
                names["\(type) \(number)"] = SearchIndex.fileName(type, number, hash: hash)
            }
        }
        names["flags 0"] = SearchIndex.fileName("flags", 0, hash: try #require(files["flags"] as? String))
        return names
    }

    @Test func aNameChangesWithItsFileAndOnlyWithIt() throws {
        let guards = (0..<60).map { Make.entry("npc", "Guard \($0)", notes: "Guards the gate number \($0) of Stormveil.") }
        let same = Make.index(guards, shardBytes: 600, chunkBytes: 1_000)
        let again = Make.index(guards, shardBytes: 600, chunkBytes: 1_000)
        var edited = guards
        edited[59] = Make.entry("npc", "Guard 59", notes: "Guards the gate number 59 of Stormveil, asleep.")
        let changed = Make.index(edited, shardBytes: 600, chunkBytes: 1_000)
        #expect(same.files() == again.files())
        let before = Dictionary(uniqueKeysWithValues: same.files().map { ($0.path, $0.bytes) })
        let after = Dictionary(uniqueKeysWithValues: changed.files().map { ($0.path, $0.bytes) })
        // A name kept means the same bytes; bytes changed mean a new name.
        for (path, bytes) in after where path != "assets/search/index.js" {
            if let old = before[path] { #expect(old == bytes, "\(path)") }
        }
        let kept = Set(before.keys).intersection(after.keys).subtracting(["assets/search/index.js"])
        let renamed = Set(after.keys).subtracting(before.keys)
        // The last guard's documents file and the shards of its notes' terms are renamed; most files are kept.
        #expect(renamed.contains { $0.contains("/docs-") })
        #expect(!kept.isEmpty && kept.count > renamed.count, "kept \(kept.count), renamed \(renamed.count)")
        #expect(try Self.names(changed) != Self.names(same))
    }

    @Test func theManifestHasSortedKeysAndEverythingFiltersNeed() throws {
        let file = try #require(Self.index.files().first { $0.path == "assets/search/index.js" })
        let text = String(decoding: file.bytes, as: UTF8.self)
        let keys = ["\"chunk\"", "\"documents\"", "\"files\"", "\"games\"", "\"groups\"", "\"kinds\"", "\"shards\"", "\"version\""]
        let offsets = keys.compactMap { text.range(of: $0)?.lowerBound }
        #expect(offsets.count == keys.count && offsets == offsets.sorted())
        let manifest = try #require(try Self.payload(file).data as? [String: Any])
        #expect(manifest["version"] as? Int == SearchIndex.formatVersion)
        #expect(manifest["documents"] as? Int == Self.index.documents.count)
        #expect(manifest["chunk"] as? Int == Self.index.documentsPerChunk)
        #expect(manifest["shards"] as? [String] == Self.index.shardKeys)
        #expect((manifest["games"] as? [[String]])?.first == ["alpha", "Alpha"])
        let kinds = try #require(manifest["kinds"] as? [[Any]])
        #expect(kinds.map { $0[0] as? String } == ["game", "npc", "quest", "location"])
        #expect(kinds[1][2] as? [String] == ["merchant"])
        #expect((manifest["groups"] as? [[Int]])?.count == Self.index.groups.count)
    }

    @Test func shardsDecodeToTheSamePostings() throws {
        var nameHits = 0
        for file in Self.index.files() where file.path.contains("/terms-") {
            let payload = try Self.payload(file)
            let data = try #require(payload.data as? [String: Any])
            let terms = try #require(data["terms"] as? [String])
            let postings = try #require(data["postings"] as? [[Int]])
            let range = Self.index.termRange(ofShard: payload.number)
            #expect(terms == Array(Self.index.terms[range]))
            for (offset, encoded) in postings.enumerated() {
                var decoded: [SearchPosting] = []
                var document = 0
                var position = 0
                while position < encoded.count {
                    document += encoded[position]
                    if encoded[position + 1] < 0 {
                        decoded.append(SearchPosting(document: document, impact: -encoded[position + 1], nameLength: encoded[position + 2]))
                        nameHits += 1
                        position += 3
                    } else {
                        decoded.append(SearchPosting(document: document, impact: encoded[position + 1]))
                        position += 2
                    }
                }
                #expect(decoded == Self.index.postings[range.lowerBound + offset])
            }
        }
        #expect(nameHits > 0)
    }

    @Test func documentFilesHoldWhatResultsShow() throws {
        var seen = 0
        for file in Self.index.files() where file.path.contains("/docs-") {
            let payload = try Self.payload(file)
            let records = try #require(payload.data as? [[Any]])
            for (offset, record) in records.enumerated() {
                let document = Self.index.documents[payload.number * Self.index.documentsPerChunk + offset]
                #expect(record[0] as? String == document.name)
                #expect(record[1] as? String == document.path)
                #expect(record[2] as? [String] == document.aliases)
                #expect(record[3] as? String == document.text)
                seen += 1
            }
        }
        #expect(seen == Self.index.documents.count)
    }

    @Test func stateFlagsAreBitsPerDocument() throws {
        let file = try #require(Self.index.files().first { $0.path.hasPrefix("assets/search/flags.") })
        let flags = try #require(try Self.payload(file).data as? [String: String])
        #expect(Set(flags.keys) == ["cleared", "complete", "merchant", "smith_anvil"])
        for (field, encoded) in flags {
            let bytes = [UInt8](try #require(Data(base64Encoded: encoded)))
            for (number, document) in Self.index.documents.enumerated() {
                let bit = bytes[number / 8] >> UInt8(number % 8) & 1 == 1
                #expect(bit == document.flags.contains(field), "\(field) of \(document.name)")
            }
        }
    }

    @Test func userTextCannotBreakOutOfTheScript() throws {
        let index = Make.index([Make.entry("npc", "</script><script>alert(1)</script>", notes: "line\u{2028}break \"quoted\" \\ back")])
        for file in index.files() {
            let text = String(decoding: file.bytes, as: UTF8.self)
            #expect(!text.contains("\u{2028}"))
            _ = try Self.payload(file)
        }
    }
}
