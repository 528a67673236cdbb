@testable import QuestlogCore
import Testing

/// The JSON documents hold their entries as a few pieces of many entries each: whatever the size of
/// those pieces, every document is byte for byte the one written whole, entry by entry.
struct JSONExportBatchTests {
    static let batches = [1, 2, 3, 5, 64, 128, 10_000]

    /// The export test site with `count` Elden Ring NPCs (copies of its three) and its other kinds
    /// emptied, so the documents hold no entry of that game, one, or many.
    static func site(npcs count: Int) -> Site {
        let site = ExportTestSite.make()
        var games = site.games
        let index = games.firstIndex { $0.id == "elden-ring" }!
        let npcs = games[index].entries(of: "npc")
        games[index].entries = ["npc": (0..<count).map { number in
            var copied = npcs[number % npcs.count]
            copied.ref = EntryRef(game: "elden-ring", kind: "npc", id: "\(copied.id)-\(number)")
            copied.name = "\(copied.name) \(number)"
            return copied
        }]
        return Site(config: site.config, schema: site.schema, games: games)
    }

    /// A game's value as `JSONExport.game` makes it, but with every entry a value of its own rather
    /// than pieces of prerendered bytes.
    static func plainGame(_ game: Game, site: Site, options: ExportOptions = ExportOptions()) -> JSONValue {
        let layouts = options.selectedKinds(of: game, in: site.schema).map { KindLayout(kind: $0, schema: site.schema) }
        guard case let .object(members) = JSONExport.game(game, layouts: layouts, site: site) else {
            Issue.record("a game is an object")
            return .null
        }
        return .object(members.map { key, value in
            guard key == "entries" else { return (key, value) }
            return (key, .object(layouts.map { layout in
                (layout.kind.id, .array(game.entries(of: layout.kind.id).map { JSONExport.entry($0, layout: layout, site: site) }))
            }))
        })
    }

    static func files(_ site: Site, batch: Int, jobs: Int = 1) -> [OutputFile] {
        var files: [OutputFile] = []
        JSONExport.files(for: site, options: ExportOptions(jobs: jobs), batch: batch) { files.append($0) }
        return files
    }

    @Test(arguments: [0, 1, 2, 129, 300])
    func documentsInPiecesAreTheDocumentsWrittenWhole(npcs: Int) throws {
        let site = Self.site(npcs: npcs)
        let plain = site.games.map { Self.plainGame($0, site: site) }
        let elden = try #require(site.games.firstIndex { $0.id == "elden-ring" })
        #expect(site.games[elden].entries(of: "npc").count == npcs)
        for batch in Self.batches {
            for jobs in [1, 3] {
                let files = Self.files(site, batch: batch, jobs: jobs)
                #expect(files.map(\.path) == ["dark-souls.json", "elden-ring.json", "site.json", "questlog.schema.json"])
                for (number, game) in site.games.enumerated() {
                    let file = try #require(files.first { $0.path == JSONExport.path(game: game.id) })
                    let whole = JSONExport.document(games: [plain[number]], site: site)
                    #expect(file.bytes == whole.bytes() + [0x0A], "\(game.id), \(npcs) NPCs in pieces of \(batch), \(jobs) threads")
                }
                let all = try #require(files.first { $0.path == JSONExport.sitePath })
                #expect(all.bytes == JSONExport.document(games: plain, site: site).bytes() + [0x0A],
                        "site.json, \(npcs) NPCs in pieces of \(batch)")
                if batch == Self.batches[0] || batch == Self.batches.last {
                    // The game's value itself, compact and pretty, equals the one made entry by entry.
                    let options = ExportOptions()
                    let game = site.games[elden]
                    let layouts = options.selectedKinds(of: game, in: site.schema).map { KindLayout(kind: $0, schema: site.schema) }
                    let batched = JSONExport.game(game, layouts: layouts, site: site, batch: batch)
                    #expect(batched == plain[elden])
                    #expect(batched.bytes(pretty: false) == plain[elden].bytes(pretty: false))
                    #expect(batched.hashValue == plain[elden].hashValue)
                }
            }
        }
    }

    @Test func aDocumentHoldsOnePiecePerBatchOfEntries() throws {
        let site = Self.site(npcs: 300)
        for (batch, pieces) in [(1, 300), (7, 43), (128, 3), (300, 1), (10_000, 1)] {
            let layout = KindLayout(kind: try #require(site.schema.kind(id: "npc")), schema: site.schema)
            let entries = site.games.first { $0.id == "elden-ring" }!.entries(of: "npc")
            guard case let .array(items) = JSONExport.entries(entries, layout: layout, site: site, batch: batch) else {
                Issue.record("entries are an array")
                continue
            }
            #expect(items.count == pieces, "pieces of \(batch)")
            let file = try #require(Self.files(site, batch: batch).first { $0.path == JSONExport.path(game: "elden-ring") })
            // The head, then each piece with what stands before it, then the tail.
            #expect(file.chunks.count <= 2 * pieces + 2, "pieces of \(batch)")
            // No piece keeps much more room than its bytes.
            #expect(file.chunks.allSatisfy { $0.capacity - $0.count <= $0.count / 8 + 4096 })
        }
        // A kind without entries is an empty array, with no piece at all.
        let empty = Self.site(npcs: 0)
        let layout = KindLayout(kind: try #require(empty.schema.kind(id: "npc")), schema: empty.schema)
        #expect(JSONExport.entries([], layout: layout, site: empty, batch: 3) == .array([]))
    }

    @Test func aRunOfPrerenderedItemsWritesAsTheItems() {
        let items: [JSONValue] = [
            .string("Varré \"the\": mask\n  {x}, [y]\u{2028} \\"), .int(-3), .null, .array([]), .object([]),
            .object([("k", .array([.bool(true), .double(1.5)])), ("s", .string(", \n"))]),
            .array([.object([("deep", .string("a"))])]), .bool(false),
        ]
        for depth in [0, 1, 3, 5] {
            for size in [1, 2, 3, items.count] {
                let runs = stride(from: 0, to: items.count, by: size).map { start in
                    JSONValue.prerendered(items: items[start..<min(start + size, items.count)], indent: depth + 1)
                }
                // The array stands at `depth`, so its items at `depth + 1`, as the runs were written.
                var wrapped = JSONValue.array(runs)
                var plain = JSONValue.array(items)
                for _ in 0..<depth {
                    wrapped = .object([("a", wrapped)])
                    plain = .object([("a", plain)])
                }
                #expect(wrapped.bytes() == plain.bytes(), "depth \(depth), runs of \(size)")
                #expect(wrapped.bytes(pretty: false) == plain.bytes(pretty: false), "depth \(depth), runs of \(size)")
                #expect(Array(wrapped.chunks(trailer: [0x0A]).joined()) == plain.bytes() + [0x0A])
                #expect(wrapped == plain && plain == wrapped)
                #expect(wrapped.hashValue == plain.hashValue)
                // Moved to another depth, the runs are re-indented as the items would be.
                #expect(JSONValue.array([.array(runs)]).bytes() == JSONValue.array([.array(items)]).bytes())
            }
        }
        #expect(JSONValue.array([.prerendered(items: items, indent: 1)]) != JSONValue.array(items.dropLast()))
    }
}
