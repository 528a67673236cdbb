import Foundation
@testable import QuestlogCore
import Testing

/// A walk of `Content/` kept in a file stands for a walk exactly when the stamps of the site say
/// the folders are as the walk listed them.
struct ContentWalkFileTests {
    private static let files = [
        "questlog.yml": "title: Wiki\n",
        "Content/elden-ring/game.md": "---\ntitle: Elden Ring\n---\n",
        "Content/elden-ring/npcs/varre.md": "---\nname: White Mask Varré\n---\nAt the [[Rose Church]].\n",
        "Content/elden-ring/npcs/limgrave/kale.md": "---\nname: Merchant Kale\n---\n",
        "Content/elden-ring/npcs/_secret.md": "---\nname: Secret\n---\n",
        "Content/elden-ring/locations/places.yml": "- id: rose-church\n  name: Rose Church\n",
        "Content/elden-ring/maps/notes.md": "not a kind folder\n",
        "Content/elden-ring/stray.md": "ignored\n",
        "Content/stray.txt": "a file at the top\n",
        "Content/_draft-game/game.md": "---\ntitle: Draft\n---\n",
        "Templates/entry.mustache": "{{name}}\n",
    ]

    private func site() -> TestSite {
        let site = TestSite(Self.files)
        site.write("Content/elden-ring/maps/limgrave.png", bytes: TinyImages.png(width: 3, height: 2))
        return site
    }

    private func walk(_ site: TestSite) -> ContentWalk {
        ContentWalk.walk(root: site.root, schema: Schema.builtIn, jobs: 2)
    }

    private func stampsKey(_ site: TestSite) -> UInt64? {
        ContentWalk.key(of: SourceStamp.collect(site: site.root, hashingRecent: false))
    }

    /// Files given a time long past, so their stamps need no hash.
    private func age(_ site: TestSite) throws {
        try site.setModificationDates(to: Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func aWalkListsWhatTheStampsList() throws {
        let site = site()
        defer { site.remove() }
        try age(site)
        let walk = walk(site)
        let key = try #require(stampsKey(site))
        #expect(walk.observedKey == key)
        #expect(walk.storableKey(matching: key) == key)
        #expect(walk.storableKey(matching: nil) == nil)
        #expect(walk.storableKey(matching: key &+ 1) == nil)
        // What was stamped before the walk no longer is: the walk may not be kept under that key.
        try FileManager.default.removeItem(atPath: site.root + "/Content/elden-ring/npcs/limgrave/kale.md")
        #expect(self.walk(site).storableKey(matching: key) == nil, "a file gone between the stamps and the walk")
        #expect(self.walk(site).storableKey(matching: self.stampsKey(site)) != nil)
        // A game folder the walk does not go into (its name is a reserved id): what it holds
        // is stamped but never listed.
        site.write("Content/site/npcs/a.md", "---\nname: A\n---\n")
        try age(site)
        #expect(self.walk(site).observedKey != self.stampsKey(site))
        #expect(self.walk(site).storableKey(matching: self.stampsKey(site)) == nil)
    }

    @Test func theKeyChangesWithWhatAWalkReadsAndNothingElse() throws {
        let site = site()
        defer { site.remove() }
        try age(site)
        let key = try #require(stampsKey(site))
        // What the load reads, and files outside Content/: the same walk.
        site.write("Content/elden-ring/npcs/varre.md", "---\nname: Varre\n---\nA longer note than before, written later.\n")
        site.write("Content/elden-ring/locations/places.yml", "- id: rose-church\n  name: Church\n")
        site.write("Templates/entry.mustache", "{{name}} changed\n")
        site.write("questlog.yml", "title: Other\n")
        site.write("Content/elden-ring/npcs/.varre.md.swp", "swap")
        try age(site)
        #expect(self.stampsKey(site) == key)
        // A new name, a name gone, a new folder, an asset changed: another walk.
        func expectChanged(_ name: String, _ change: () throws -> Void, undo: () throws -> Void) throws {
            try change()
            try age(site)
            #expect(self.stampsKey(site) != key, "\(name)")
            try undo()
            try age(site)
            #expect(self.stampsKey(site) == key, "\(name) undone")
        }
        let manager = FileManager.default
        try expectChanged("a new note", { site.write("Content/elden-ring/npcs/ranni.md", "x") },
                          undo: { try manager.removeItem(atPath: site.root + "/Content/elden-ring/npcs/ranni.md") })
        try expectChanged("a renamed note", {
            try manager.moveItem(atPath: site.root + "/Content/elden-ring/npcs/varre.md", toPath: site.root + "/Content/elden-ring/npcs/varre2.md")
        }, undo: {
            try manager.moveItem(atPath: site.root + "/Content/elden-ring/npcs/varre2.md", toPath: site.root + "/Content/elden-ring/npcs/varre.md")
        })
        try expectChanged("an empty folder", { try manager.createDirectory(atPath: site.root + "/Content/elden-ring/quests", withIntermediateDirectories: false) },
                          undo: { try manager.removeItem(atPath: site.root + "/Content/elden-ring/quests") })
        let picture = "Content/elden-ring/maps/limgrave.png"
        try expectChanged("a picture of another size", { site.write(picture, bytes: TinyImages.png(width: 30, height: 2)) },
                          undo: { site.write(picture, bytes: TinyImages.png(width: 3, height: 2)) })
        try manager.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_100)], ofItemAtPath: site.root + "/" + picture)
        #expect(self.stampsKey(site) != key, "a picture of the same length at another time")
        // A picture changed so lately that its stamp has a hash: no key at all.
        site.write(picture, bytes: TinyImages.png(width: 4, height: 2))
        #expect(ContentWalk.key(of: SourceStamp.collect(site: site.root)) == nil)
        #expect(ContentWalk.key(of: SourceStamp.collect(site: site.root, hashingRecent: false)) != nil)
    }

    @Test func aKeptWalkIsTheWalk() throws {
        let site = site()
        defer { site.remove() }
        try age(site)
        let walk = walk(site)
        let key = try #require(stampsKey(site))
        let bytes = walk.bytes(identity: "q 1", settings: 7, key: key)
        let kept = try #require(ContentWalk(parsing: bytes, identity: "q 1", settings: 7, key: key, root: site.root, schema: Schema.builtIn))
        #expect(kept.bytes(identity: "q 1", settings: 7, key: key) == bytes)
        #expect(kept.assets == walk.assets)
        #expect(kept.assets.first?.dimensions == ImageDimensions(width: 3, height: 2))
        #expect(description(kept) == description(walk))
        #expect(description(walk).contains("markdown Content/elden-ring/npcs/_secret.md npcs secret draft"))
        #expect(description(walk).contains("problem Content/stray.txt [ignored-file]"))
        // Loaded from the kept walk, the site is the one a walk gives.
        let memo = LoadMemo()
        memo.offerStoredWalk(bytes, identity: "q 1", settings: 7, key: key)
        let loaded = SiteLoader(root: site.root, jobs: 2, memo: memo).load()
        #expect(memo.lastLoadReusedWalk)
        let walked = SiteLoader(root: site.root, jobs: 2).load()
        #expect(loaded.diagnostics == walked.diagnostics)
        #expect(loaded.games.map(\.entries.count) == walked.games.map(\.entries.count))
        #expect(loaded.assets == walked.assets)
        // Anything but a whole file of this binary, settings and key is refused.
        #expect(ContentWalk(parsing: bytes, identity: "q 2", settings: 7, key: key, root: site.root, schema: Schema.builtIn) == nil)
        #expect(ContentWalk(parsing: bytes, identity: "q 1", settings: 8, key: key, root: site.root, schema: Schema.builtIn) == nil)
        #expect(ContentWalk(parsing: bytes, identity: "q 1", settings: 7, key: key &+ 1, root: site.root, schema: Schema.builtIn) == nil)
        #expect(ContentWalk(parsing: Array(bytes.dropLast()), identity: "q 1", settings: 7, key: key, root: site.root, schema: Schema.builtIn) == nil)
        for position in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 40)) {
            var damaged = bytes
            damaged[position] ^= 0x10
            #expect(ContentWalk(parsing: damaged, identity: "q 1", settings: 7, key: key, root: site.root, schema: Schema.builtIn) == nil,
                    "a bit flipped at \(position)")
        }
        // A schema without a kind the walk sorted files into.
        var schema = Schema.builtIn
        schema.kinds.removeAll { $0.id == "npc" }
        #expect(ContentWalk(parsing: bytes, identity: "q 1", settings: 7, key: key, root: site.root, schema: schema) == nil)
        // A memo offered a walk it cannot read walks.
        let refused = LoadMemo()
        refused.offerStoredWalk(bytes, identity: "q 2", settings: 7, key: key)
        #expect(SiteLoader(root: site.root, jobs: 2, memo: refused).load().diagnostics == walked.diagnostics)
        #expect(!refused.lastLoadReusedWalk)
    }

    @Test func stampsTellWhetherContentHoldsSymbolicLinks() {
        let site = site()
        defer { site.remove() }
        #expect(!SourceStamp.collectNotingLinks(site: site.root).contentHasLinks)
        site.link("Templates/partials", to: "../Content")
        #expect(!SourceStamp.collectNotingLinks(site: site.root).contentHasLinks, "a link outside Content/")
        site.link("Content/elden-ring/npcs/varre-again.md", to: "varre.md")
        #expect(SourceStamp.collectNotingLinks(site: site.root).contentHasLinks)
        #expect(walk(site).storableKey(matching: stampsKey(site)) == nil)
        #expect(SourceStamp.collectNotingLinks(site: site.root).stamps == SourceStamp.collect(site: site.root))
    }

    /// What a walk found, one line per step, file and asset.
    private func description(_ walk: ContentWalk) -> [String] {
        var lines: [String] = []
        for step in walk.steps {
            switch step {
            case let .problem(diagnostic):
                lines.append("problem \(diagnostic.location?.path ?? "-") [\(diagnostic.code)]")
            case let .game(game, isDraft):
                lines.append("game \(game.gameId) \(game.folder) \(game.gameFile ?? "-") \(isDraft ? "draft" : "")")
                for job in game.jobs {
                    switch job {
                    case let .markdown(path, kind, id, isDraft): lines.append("markdown \(path) \(kind.folder) \(id)\(isDraft ? " draft" : "")")
                    case let .data(path, kind, isDraft): lines.append("data \(path) \(kind.folder)\(isDraft ? " draft" : "")")
                    }
                }
                lines += game.assets.map { "asset \($0.path) \($0.outputPath) \($0.byteCount)" }
                lines += game.diagnostics.all.map { "diagnostic \($0)" }
            }
        }
        return lines
    }
}
