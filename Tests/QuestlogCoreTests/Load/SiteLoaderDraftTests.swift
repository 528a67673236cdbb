@testable import QuestlogCore
import Testing

struct SiteLoaderDraftTests {
    @Test func underscoreFilesAndFoldersAreDraftsWithTheirIdsWithoutIt() throws {
        let site = TestSite([
            "Content/g/npcs/varre.md": "# Varré\n",
            "Content/g/npcs/_secret-boss.md": "---\nname: Secret Boss\n---\n",
            "Content/g/npcs/_Unnamed One.md": "",
            "Content/g/npcs/_hidden/melina.md": "# Melina\n",
            "Content/g/_quests/plan.md": "# Plan\n",
            "Content/g/locations/_graces.yml": "- name: The First Step\n",
            "Content/g/maps/_spoiler.png": "p",
            "Content/g/_private/map.png": "p",
            "Content/g/maps/open.png": "p",
        ])
        defer { site.remove() }
        let loaded = site.load()
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.codes)")
        let game = try #require(loaded.games.first)
        #expect(!game.isDraft && !game.game.isDraft)
        let drafts = Dictionary(uniqueKeysWithValues: game.entries.map { ("\($0.kind.id):\($0.id)", $0.isDraft) })
        #expect(drafts == ["npc:varre": false, "npc:secret-boss": true, "npc:unnamed-one": true, "npc:melina": true,
                           "quest:plan": true, "location:the-first-step": true])
        #expect(game.entries.first { $0.id == "unnamed-one" }?.fallbackName == "Unnamed One")
        #expect(loaded.assets.map { "\($0.outputPath) \($0.isDraft)" } == [
            "g/_private/map.png true", "g/maps/_spoiler.png true", "g/maps/open.png false",
        ])
    }

    @Test func anUnderscoreGameFolderIsADraftGame() throws {
        let site = TestSite([
            "Content/_wip/game.md": "---\ntitle: Work in progress\n---\n",
            "Content/_wip/npcs/someone.md": "# Someone\n",
            "Content/_wip/cover.png": "c",
        ])
        defer { site.remove() }
        let loaded = site.load()
        let game = try #require(loaded.games.first)
        #expect(game.id == "wip" && game.folder == "Content/_wip")
        #expect(game.isDraft && game.game.isDraft && game.entries.allSatisfy(\.isDraft))
        #expect(loaded.assets.map { "\($0.outputPath) \($0.isDraft)" } == ["wip/cover.png true"])
    }
}
