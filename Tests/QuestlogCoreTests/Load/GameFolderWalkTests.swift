@testable import QuestlogCore
import Testing

struct GameFolderWalkTests {
    @Test(arguments: [("varre.md", true), ("VARRE.MD", true), ("notes.Markdown", true), ("a.mD", true), (".md", true),
                      ("map.png", false), ("readme.md.png", false), ("md", false), ("x.mdx", false), ("wiki.ｍｄ", false)])
    func markdownFilesAreKnownByTheirExtensionInAnyCase(name: String, isMarkdown: Bool) {
        #expect(GameFolderWalk.isMarkdown(name) == isMarkdown)
        #expect(GameFolderWalk.isNotesFile(name) == isMarkdown)
    }

    @Test(arguments: ["npcs.yml", "NPCS.YML", "places.yaml", "Places.Yaml"])
    func dataFilesAreNotesFilesButNotMarkdown(name: String) {
        #expect(GameFolderWalk.isNotesFile(name))
        #expect(!GameFolderWalk.isMarkdown(name))
    }
}
