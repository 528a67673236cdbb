@testable import QuestlogCore
import Testing

struct AssetIndexTests {
    static func asset(_ path: String, game: String? = nil) -> ContentAsset {
        let parts = path.split(separator: "/", maxSplits: 2)
        return ContentAsset(path: path, outputPath: (game ?? String(parts[1])) + "/" + parts[2], byteCount: 1)
    }

    static let index = AssetIndex(
        assets: [
            asset("Content/Elden Ring/maps/limgrave.png", game: "elden-ring"),
            asset("Content/Elden Ring/maps/caelid map.png", game: "elden-ring"),
            asset("Content/Elden Ring/npcs/sub/images/varre.jpg", game: "elden-ring"),
            asset("Content/Elden Ring/npcs/portrait.png", game: "elden-ring"),
            asset("Content/Elden Ring/locations/portrait.png", game: "elden-ring"),
            asset("Content/skyrim/maps/whiterun.png"),
        ],
        entryPages: [
            "Content/Elden Ring/npcs/sub/varre.md": "elden-ring/npcs/varre.html",
            "Content/Elden Ring/quests/castle.md": "elden-ring/quests/castle.html",
            "Content/Elden Ring/game.md": "elden-ring/index.html",
        ])
    static let note = "Content/Elden Ring/npcs/sub/varre.md"

    @Test(arguments: [
        ("../../maps/limgrave.png", "elden-ring/maps/limgrave.png"),
        ("./../../maps/limgrave.png#north", "elden-ring/maps/limgrave.png#north"),
        ("images/varre.jpg?v=2", "elden-ring/npcs/sub/images/varre.jpg?v=2"),
        ("../../maps/caelid%20map.png", "elden-ring/maps/caelid%20map.png"),
        ("../../maps//limgrave.png", "elden-ring/maps/limgrave.png"),
        ("../../quests/castle.md#start", "elden-ring/quests/castle.html#start"),
        ("../../game.md", "elden-ring/index.html"),
        ("#notes", "elden-ring/npcs/varre.html#notes"),
        ("../../../skyrim/maps/whiterun.png", "skyrim/maps/whiterun.png"),
    ])
    func relativeURLsFindTheirFile(_ url: String, _ outputPath: String) {
        #expect(Self.index.resolve(url, from: Self.note) == .found(outputPath: outputPath))
    }

    @Test func pathsOutOfContentAreRefused() {
        for url in ["../../../../x.png", "../../../../Content/Elden Ring/maps/limgrave.png", "/etc/passwd", "https://example.com/a.png", "file:x.png"] {
            #expect(Self.index.resolve(url, from: Self.note) == .outsideContent, "\(url)")
        }
    }

    @Test func foldersAreNotFiles() {
        for url in ["../../maps", "../../maps/", "images/", "..", "../../..", "../../../skyrim"] {
            #expect(Self.index.resolve(url, from: Self.note) == .notAFile, "\(url)")
        }
    }

    @Test func missingFilesGetASuggestionFromTheGame() {
        #expect(Self.index.resolve("../../maps/limgrav.png", from: Self.note) == .missing(suggestion: "../../maps/limgrave.png"))
        #expect(Self.index.resolve("maps/limgrave.png", from: Self.note) == .missing(suggestion: "../../maps/limgrave.png"),
                "the same file name elsewhere in the game")
        #expect(Self.index.resolve("images/varee.jpg", from: Self.note) == .missing(suggestion: "images/varre.jpg"))
        #expect(Self.index.resolve("../../maps/whiterun.png", from: Self.note) == .missing(suggestion: nil),
                "files of other games are not suggested")
        #expect(Self.index.resolve("../../maps/limgrave.png/", from: Self.note) == .missing(suggestion: "../../maps/limgrave.png"))
    }

    @Test func embedsFindAssetsByNameOrPathSuffixInTheirGame() {
        #expect(Self.index.find(named: "limgrave.png", inGame: "elden-ring").map(\.path) == ["Content/Elden Ring/maps/limgrave.png"])
        #expect(Self.index.find(named: "portrait.png", inGame: "elden-ring").map(\.path) == [
            "Content/Elden Ring/locations/portrait.png", "Content/Elden Ring/npcs/portrait.png",
        ])
        #expect(Self.index.find(named: "npcs/portrait.png", inGame: "elden-ring").map(\.path) == ["Content/Elden Ring/npcs/portrait.png"])
        #expect(Self.index.find(named: "sub/images/varre.jpg", inGame: "elden-ring").count == 1)
        #expect(Self.index.find(named: "ub/images/varre.jpg", inGame: "elden-ring").isEmpty, "suffixes are whole names")
        #expect(Self.index.find(named: "Limgrave.PNG", inGame: "elden-ring").count == 1, "case is ignored when nothing matches exactly")
        #expect(Self.index.find(named: "whiterun.png", inGame: "elden-ring").isEmpty)
        #expect(Self.index.find(named: "whiterun.png", inGame: "skyrim").map(\.outputPath) == ["skyrim/maps/whiterun.png"])
        #expect(Self.index.find(named: "", inGame: "skyrim").isEmpty)
    }

    @Test func aLoadedSiteIndexesItsMarkdownEntriesAndLeavesDraftsOut() {
        let site = TestSite([
            "Content/g/game.md": "# G\n",
            "Content/g/npcs/sub/Varré.md": "# Varré\n",
            "Content/g/npcs/_secret.md": "# Secret\n",
            "Content/g/locations/graces.yml": "- name: The First Step\n",
            "Content/g/maps/a.png": "a",
            "Content/g/maps/_b.png": "b",
        ])
        defer { site.remove() }
        let loaded = site.load()
        let index = AssetIndex(loaded)
        let note = "Content/g/game.md"
        #expect(index.resolve("npcs/sub/Varr%C3%A9.md", from: note) == .found(outputPath: "g/npcs/varre.html"))
        #expect(index.resolve("maps/a.png", from: note) == .found(outputPath: "g/maps/a.png"))
        #expect(index.resolve("maps/_b.png", from: note) == .missing(suggestion: "maps/a.png"))
        #expect(index.resolve("npcs/_secret.md", from: note) == .missing(suggestion: nil))
        #expect(index.resolve("locations/graces.yml", from: note) == .missing(suggestion: nil))
        let withDrafts = AssetIndex(loaded, includeDrafts: true)
        #expect(withDrafts.resolve("maps/_b.png", from: note) == .found(outputPath: "g/maps/_b.png"))
        #expect(withDrafts.resolve("npcs/_secret.md", from: note) == .found(outputPath: "g/npcs/secret.html"))
    }
}
