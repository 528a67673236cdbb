@testable import QuestlogCore
import Testing

struct SiteLoaderAssetTests {
    @Test func everyOtherFileOfAGameIsAnAssetAtAnyDepth() {
        let site = TestSite([
            "Content/Elden Ring/game.md": "# Elden Ring\n",
            "Content/Elden Ring/npcs/varre.md": "---\nname: Varré\n---\n",
            "Content/Elden Ring/npcs/varre.jpg": "jpeg",
            "Content/Elden Ring/npcs/limgrave/portrait.webp": "webp",
            "Content/Elden Ring/locations/graces.yml": "- name: The First Step\n",
            "Content/Elden Ring/maps/limgrave.png": "png",
            "Content/Elden Ring/maps/old/caelid.gif": "gif",
            "Content/Elden Ring/handbook.pdf": "pdf!",
            "Content/Elden Ring/theme.mp3": "",
            "Content/Elden Ring/maps/.hidden.png": "hidden",
            "Content/Elden Ring/maps/draft.png~": "leftover",
            "Content/loose.png": "outside a game",
        ])
        defer { site.remove() }
        let loaded = site.load()
        #expect(loaded.assets.map(\.path) == [
            "Content/Elden Ring/handbook.pdf",
            "Content/Elden Ring/maps/limgrave.png",
            "Content/Elden Ring/maps/old/caelid.gif",
            "Content/Elden Ring/npcs/limgrave/portrait.webp",
            "Content/Elden Ring/npcs/varre.jpg",
            "Content/Elden Ring/theme.mp3",
        ])
        #expect(loaded.assets.map(\.outputPath) == [
            "elden-ring/handbook.pdf",
            "elden-ring/maps/limgrave.png",
            "elden-ring/maps/old/caelid.gif",
            "elden-ring/npcs/limgrave/portrait.webp",
            "elden-ring/npcs/varre.jpg",
            "elden-ring/theme.mp3",
        ])
        #expect(loaded.assets.map(\.byteCount) == [4, 3, 3, 4, 4, 0])
        #expect(loaded.assets.allSatisfy { !$0.isDraft && $0.game == "elden-ring" })
        #expect(loaded.games.first?.entries.map(\.id) == ["the-first-step", "varre"])
        #expect(loaded.diagnostics.codes == ["Content/loose.png [ignored-file]"])
    }

    @Test func aFolderOfAssetsOnlyIsNotWarnedAboutButOneWithNotesIs() {
        let site = TestSite([
            "Content/g/images/a.png": "a",
            "Content/g/notes/todo.md": "# To do\n",
            "Content/g/notes/sketch.svg": "<svg/>",
            "Content/g/extra/deeper/list.yml": "- name: X\n",
            "Content/g/npcs/README.MD": "# Not published\n",
            "Content/g/loose.yaml": "- name: Y\n",
        ])
        defer { site.remove() }
        let loaded = site.load()
        #expect(loaded.assets.map(\.path) == ["Content/g/images/a.png", "Content/g/notes/sketch.svg"])
        #expect(loaded.diagnostics.codes == [
            "Content/g/extra [unknown-folder]",
            "Content/g/loose.yaml [ignored-file]",
            "Content/g/notes [unknown-folder]",
        ])
        #expect(loaded.games.first?.entries.map(\.id) == ["readme"])
    }

    @Test func theOrderDoesNotDependOnJobs() {
        var files: [String: String] = [:]
        for index in 0..<40 {
            files["Content/g\(index % 3)/maps/m\(index).png"] = "\(index)"
            files["Content/g\(index % 3)/npcs/n\(index).md"] = "# N\(index)\n"
        }
        let site = TestSite(files)
        defer { site.remove() }
        let one = SiteLoader(root: site.root, jobs: 1).load()
        let four = SiteLoader(root: site.root, jobs: 4).load()
        #expect(one.assets == four.assets)
        #expect(one.assets.map(\.path) == one.assets.map(\.path).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(one.assets.count == 40)
    }
}
