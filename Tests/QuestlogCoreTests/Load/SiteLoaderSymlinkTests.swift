import Foundation
@testable import QuestlogCore
import Testing

struct SiteLoaderSymlinkTests {
    @Test func linksInsideTheSiteAreFollowed() throws {
        let site = TestSite([
            "Content/g/npcs/varre.md": "# Varré\n",
            "Shared/maps/limgrave.png": "png",
            "Shared/npcs/melina.md": "# Melina\n",
            "Shared/cover.jpg": "jpg",
        ])
        defer { site.remove() }
        site.link("Content/g/npcs/white-mask.md", to: "varre.md")
        site.link("Content/g/npcs/more", to: "../../../Shared/npcs")
        site.link("Content/g/maps", to: "../../Shared/maps")
        site.link("Content/g/cover.jpg", to: site.root + "/Shared/cover.jpg")
        site.link("Content/linked", to: "g/maps")
        let loaded = site.load()
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.formattedText())")
        let games = loaded.games.map(\.id)
        #expect(games == ["g", "linked"])
        #expect(loaded.games.first?.entries.map(\.id) == ["melina", "varre", "white-mask"])
        #expect(loaded.games.first?.entries.first?.source.path == "Content/g/npcs/more/melina.md")
        #expect(loaded.assets.map(\.outputPath) == ["g/cover.jpg", "g/maps/limgrave.png", "linked/limgrave.png"])
        #expect(loaded.assets.map(\.byteCount) == [3, 3, 3])
    }

    @Test func linksOutOfTheSiteAreRefusedAndNothingBehindThemIsRead() throws {
        let outside = TestSite([
            "secret.md": "# Secret\n",
            "secret.png": "png",
            "game/npcs/spy.md": "# Spy\n",
            "game/map.png": "png",
        ])
        defer { outside.remove() }
        let site = TestSite(["Content/g/npcs/varre.md": "# Varré\n"])
        defer { site.remove() }
        site.link("Content/g/npcs/secret.md", to: outside.root + "/secret.md")
        site.link("Content/g/maps", to: outside.root)
        site.link("Content/g/secret.png", to: outside.root + "/secret.png")
        site.link("Content/other", to: outside.root + "/game")
        let loaded = site.load()
        #expect(loaded.diagnostics.codes == [
            "Content/g/maps [symlink-outside]",
            "Content/g/npcs/secret.md [symlink-outside]",
            "Content/g/secret.png [symlink-outside]",
            "Content/other [symlink-outside]",
        ])
        #expect(loaded.games.map(\.id) == ["g"])
        #expect(loaded.games.first?.entries.map(\.id) == ["varre"])
        #expect(loaded.assets.isEmpty)
        let real = try #require(ContentTree.realPath(outside.root))
        #expect(loaded.diagnostics.formattedText().contains(
            "Content/other:1:1: error: symbolic link points outside the site (to \(real)/game); copy the files in instead [symlink-outside]"))
    }

    @Test func aDanglingLinkIsAnError() {
        let site = TestSite(["Content/g/npcs/varre.md": "# Varré\n"])
        defer { site.remove() }
        site.link("Content/g/npcs/gone.md", to: "nowhere.md")
        site.link("Content/g/maps", to: "../missing-folder")
        let loaded = site.load()
        #expect(loaded.diagnostics.codes == ["Content/g/maps [broken-symlink]", "Content/g/npcs/gone.md [broken-symlink]"])
        #expect(loaded.diagnostics.formattedText().contains("symbolic link points to nothing (to nowhere.md)"))
    }

    @Test func loopsEndWithAnError() {
        let site = TestSite(["Content/g/npcs/varre.md": "# Varré\n", "Content/g/maps/a.png": "a"])
        defer { site.remove() }
        site.link("Content/g/npcs/up", to: "..")
        site.link("Content/g/npcs/here", to: ".")
        site.link("Content/g/maps/site", to: "../../..")
        site.link("Content/g/maps/content", to: "../..")
        site.link("Content/g/ping", to: "pong")
        site.link("Content/g/pong", to: "ping")
        site.link("Content/again", to: "g")
        let loaded = site.load()
        #expect(loaded.diagnostics.codes == [
            "Content/again/maps/content [symlink-loop]",
            "Content/again/maps/site [symlink-loop]",
            "Content/again/npcs/here [symlink-loop]",
            "Content/again/npcs/up [symlink-loop]",
            "Content/again/ping [symlink-loop]",
            "Content/again/pong [symlink-loop]",
            "Content/g/maps/content [symlink-loop]",
            "Content/g/maps/site [symlink-loop]",
            "Content/g/npcs/here [symlink-loop]",
            "Content/g/npcs/up [symlink-loop]",
            "Content/g/ping [symlink-loop]",
            "Content/g/pong [symlink-loop]",
        ])
        #expect(loaded.assets.map(\.outputPath) == ["again/maps/a.png", "g/maps/a.png"])
        #expect(loaded.games.map { $0.entries.map(\.id) } == [["varre"], ["varre"]])
    }
}
