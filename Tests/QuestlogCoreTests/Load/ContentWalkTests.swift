import Foundation
@testable import QuestlogCore
import Testing

struct ContentWalkTests {
    private static let files = [
        "Content/elden-ring/game.md": "---\ntitle: Elden Ring\n---\n",
        "Content/elden-ring/npcs/varre.md": "---\nname: White Mask Varré\n---\nAt the [[Rose Church]].\n",
        "Content/elden-ring/npcs/limgrave/kale.md": "---\nname: Merchant Kale\n---\n",
        "Content/elden-ring/locations/places.yml": "- id: rose-church\n  name: Rose Church\n",
        "Content/elden-ring/maps/limgrave.png": "not really a picture",
        "Content/elden-ring/stray.md": "ignored\n",
    ]

    private func walk(_ site: TestSite) -> ContentWalk {
        ContentWalk.walk(root: site.root, schema: Schema.builtIn, jobs: 2)
    }

    @Test func aWalkStillHoldsWhenOnlyTheFilesItFoundChanged() {
        let site = TestSite(Self.files)
        defer { site.remove() }
        let walk = walk(site)
        #expect(walk.holdsFile("Content/elden-ring/npcs/limgrave/kale.md"))
        #expect(walk.holdsFile("Content/elden-ring/locations/places.yml"))
        #expect(walk.holdsFile("Content/elden-ring/game.md"))
        #expect(walk.holdsFile("Content/elden-ring/maps/limgrave.png"))
        #expect(!walk.holdsFile("Content/elden-ring/stray.md"), "a file the walk passes over")
        #expect(!walk.holdsFile("Content/elden-ring/npcs"))
        #expect(walk.holdsFile(under: "Content/elden-ring/npcs"))
        #expect(walk.holdsFile(under: "Content/elden-ring/npcs/limgrave"))
        #expect(!walk.holdsFile(under: "Content/elden-ring/npcs/limgrave/kale.md"))
        #expect(!walk.holdsFile(under: "Content/elden-ring/np"))
        let still = { (changed: [String]) in walk.isStill(changed: Set(changed), root: site.root, schema: Schema.builtIn) }
        #expect(still([]))
        #expect(still(["Content/elden-ring/npcs/varre.md", "Content/elden-ring/locations/places.yml", "Content/elden-ring/game.md"]))
        // Names the walk passes over, and files outside Content/.
        #expect(still(["Content/elden-ring/npcs/.varre.md.swp", "Content/elden-ring/npcs/varre.md~", "Templates/entry.html", "questlog.yml"]))
        // A file that was not there, one gone, an asset (whose size the walk keeps), folders.
        site.write("Content/elden-ring/npcs/new.md", bytes: Array("new\n".utf8))
        #expect(!still(["Content/elden-ring/npcs/new.md"]))
        // A file that came and went (sed's temporary copy, Vim's 4913) changed nothing.
        #expect(still(["Content/elden-ring/npcs/sedAb12Cd", "Content/elden-ring/npcs/4913"]))
        #expect(!still(["Content/elden-ring/maps/limgrave.png"]))
        #expect(!still(["Content/elden-ring/npcs"]))
        #expect(!still(["Content"]))
        #expect(!still([""]))
        try! FileManager.default.removeItem(atPath: site.root + "/Content/elden-ring/npcs/varre.md")
        #expect(!still(["Content/elden-ring/npcs/varre.md"]))
        try! FileManager.default.removeItem(atPath: site.root + "/Content/elden-ring/npcs/limgrave")
        #expect(!still(["Content/elden-ring/npcs/limgrave"]), "a folder of the walk gone")
        // An empty game folder is a game: made, or gone, the walk is made again.
        site.write("Content/empty-game/.keep", "")
        try! FileManager.default.removeItem(atPath: site.root + "/Content/empty-game/.keep")
        #expect(!still(["Content/empty-game"]), "an empty game folder made")
        let withEmptyGame = self.walk(site)
        #expect(withEmptyGame.holdsGameFolder("Content/empty-game") && withEmptyGame.holdsGameFolder("Content"))
        #expect(!withEmptyGame.holdsGameFolder("Content/empty") && !withEmptyGame.holdsGameFolder("Content/elden-ring/npcs"))
        try! FileManager.default.removeItem(atPath: site.root + "/Content/empty-game")
        #expect(!withEmptyGame.isStill(changed: ["Content/empty-game"], root: site.root, schema: Schema.builtIn), "an empty game folder gone")
        // Another schema sorts the folders otherwise.
        var schema = Schema.builtIn
        schema.kinds.removeLast()
        #expect(!walk.isStill(changed: [], root: site.root, schema: schema))
    }

    @Test func aWalkThatMetALinkIsNeverReused() {
        let site = TestSite(Self.files)
        defer { site.remove() }
        site.link("Content/elden-ring/npcs/shared", to: "../../../Shared")
        site.write("Shared/melina.md", bytes: Array("---\nname: Melina\n---\n".utf8))
        let walk = walk(site)
        #expect(walk.followedLinks)
        #expect(walk.holdsFile("Content/elden-ring/npcs/shared/melina.md"))
        #expect(!walk.isStill(changed: ["Content/elden-ring/npcs/varre.md"], root: site.root, schema: Schema.builtIn))
    }

    /// What a load found, in a form to compare.
    private func summary(_ loaded: LoadedSite) -> [String] {
        loaded.games.flatMap { game in
            ["game \(game.id) \(game.folder) \(game.isDraft) \(game.game.notes)"]
                + game.entries.map { "\($0.kind.id) \($0.id) \($0.source.path) \($0.isDraft) \($0.notes)" }
        } + loaded.assets.map { "asset \($0.path) \($0.byteCount) \($0.isDraft)" } + loaded.diagnostics.formattedText().split(separator: "\n").map(String.init)
    }

    @Test func aServedLoadWalksAgainOnlyWhenAFolderChanged() {
        let site = TestSite(Self.files)
        defer { site.remove() }
        let memo = LoadMemo()
        let loader = SiteLoader(root: site.root, jobs: 2, memo: memo)
        _ = loader.load()
        #expect(!memo.lastLoadReusedWalk)

        // An entry edited: the same folders, walked no more.
        site.write("Content/elden-ring/npcs/varre.md", bytes: Array("---\nname: Varré\n---\nEdited.\n".utf8))
        memo.trust(changed: ["Content/elden-ring/npcs/varre.md"])
        var loaded = loader.load()
        #expect(memo.lastLoadReusedWalk)
        #expect(summary(loaded) == summary(site.load()))
        #expect(summary(loaded).contains { $0.hasSuffix("Edited.\n") })

        // A file added, then a draft folder, then one removed: walked again each time.
        site.write("Content/elden-ring/npcs/melina.md", bytes: Array("---\nname: Melina\n---\n".utf8))
        memo.trust(changed: ["Content/elden-ring/npcs/melina.md"])
        loaded = loader.load()
        #expect(!memo.lastLoadReusedWalk)
        #expect(summary(loaded) == summary(site.load()))
        #expect(loaded.games[0].entries.contains { $0.id == "melina" })

        try! FileManager.default.moveItem(atPath: site.root + "/Content/elden-ring/npcs/limgrave",
                                          toPath: site.root + "/Content/elden-ring/npcs/_limgrave")
        memo.trust(changed: ["Content/elden-ring/npcs/limgrave", "Content/elden-ring/npcs/_limgrave"])
        loaded = loader.load()
        #expect(!memo.lastLoadReusedWalk)
        #expect(summary(loaded) == summary(site.load()))
        #expect(loaded.games[0].entries.first { $0.id == "kale" }?.isDraft == true)

        try! FileManager.default.removeItem(atPath: site.root + "/Content/elden-ring/npcs/melina.md")
        memo.trust(changed: ["Content/elden-ring/npcs/melina.md"])
        loaded = loader.load()
        #expect(!memo.lastLoadReusedWalk)
        #expect(summary(loaded) == summary(site.load()))

        // Without a watcher's word, every load walks.
        _ = loader.load()
        #expect(!memo.lastLoadReusedWalk)
    }
}
