@testable import QuestlogCore
import Testing

/// Exports made on several threads, in batches of rows, are byte for byte the ones made on one.
struct ExportThreadsTests {
    /// The export test site with each of its Elden Ring entries copied `copies` times under new ids,
    /// so that every table spans several batches.
    static func large(copies: Int = 200) -> Site {
        let site = ExportTestSite.make()
        var games = site.games
        let index = games.firstIndex { $0.id == "elden-ring" }!
        for (kind, entries) in games[index].entries {
            games[index].entries[kind] = (0..<copies).flatMap { copy in
                entries.map { entry in
                    var copied = entry
                    copied.ref = EntryRef(game: entry.ref.game, kind: entry.ref.kind, id: "\(entry.id)-\(copy)")
                    copied.name = "\(entry.name) \(copy)"
                    return copied
                }
            }
        }
        return Site(config: site.config, schema: site.schema, games: games)
    }

    @Test(arguments: ExportFormat.allCases)
    func sameBytesOnAnyNumberOfThreads(format: ExportFormat) throws {
        let site = Self.large()
        let serial = try format.files(for: site, options: ExportOptions(jobs: 1))
        #expect(serial.contains { $0.bytes.count > 50_000 })
        for jobs in [2, 8] {
            #expect(try format.files(for: site, options: ExportOptions(jobs: jobs)) == serial)
        }
    }

    @Test func aSharedPartIsMovedToAnyDepthAndCompacted() {
        let value = JSONValue.object([
            ("name", .string("Varré \"the\": mask\n  {x}, [y]\u{2028} \\")),
            ("tags", .array([.string("a: b"), .int(3), .array([]), .object([])])),
            ("nested", .object([("deep", .array([.object([("k", .bool(true)), ("n", .null), ("d", .double(1.5))])]))])),
        ])
        for depth in [0, 2, 5] {
            let shared = JSONValue.prerendered(value, indent: depth)
            for (wrapped, plain) in [
                (shared, value),
                (JSONValue.array([shared]), JSONValue.array([value])),
                (JSONValue.array([.array([shared])]), JSONValue.array([.array([value])])),
                (JSONValue.object([("a", .object([("b", .array([.array([shared])]))]))]),
                 JSONValue.object([("a", .object([("b", .array([.array([value])]))]))])),
            ] {
                #expect(wrapped.bytes() == plain.bytes(), "depth \(depth)")
                #expect(wrapped.bytes(pretty: false) == plain.bytes(pretty: false), "depth \(depth)")
                #expect(Array(wrapped.chunks(trailer: [0x0A]).joined()) == plain.bytes() + [0x0A], "pieces at depth \(depth)")
            }
            #expect(shared == value)
            #expect(shared.hashValue == value.hashValue)
        }
        #expect(JSONValue.prerendered(value, indent: 1) != JSONValue.prerendered(.string("other"), indent: 1))
    }

    @Test func aJSONDocumentSharesItsEntriesWithSiteJSONAsPieces() throws {
        let large = Self.large(copies: 3)
        let files = JSONExportBatchTests.files(large, batch: 2)
        let game = try #require(files.first { $0.path == JSONExport.path(game: "elden-ring") })
        let site = try #require(files.first { $0.path == JSONExport.sitePath })
        #expect(game.chunks.count > 10, "every two entries are a piece")
        func start(_ chunk: [UInt8]) -> Int { chunk.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } }
        // The entries' bytes are the same buffers in both files; only the head, the tail and what
        // stands between entries are written for each.
        let inSite = Set(site.chunks.filter { !$0.isEmpty }.map(start))
        let shared = game.chunks.filter { !$0.isEmpty && inSite.contains(start($0)) }.reduce(0) { $0 + $1.count }
        #expect(Double(shared) > 0.8 * Double(game.byteCount), "\(shared) of \(game.byteCount) bytes shared")
        // Written as one buffer, entry by entry, the document is the same.
        let elden = try #require(large.games.first { $0.id == "elden-ring" })
        let whole = JSONExport.document(games: [JSONExportBatchTests.plainGame(elden, site: large)], site: large)
        #expect(game.bytes == whole.bytes() + [0x0A])
    }

    @Test func cellTextIsEscapedByteForByteAsContent() {
        for text in ["<a href=\"x\">&</a>", "tab\there\nline\r\nend", "a\u{0}b\u{1F}\u{FFFE}c\u{FFFF}", "Bà Đường 🐉 龙王", "\u{EFBF}\u{FFFD}"] {
            var bytes: [UInt8] = []
            XMLText.appendContent(text, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == XMLText.content(text))
        }
    }
}
