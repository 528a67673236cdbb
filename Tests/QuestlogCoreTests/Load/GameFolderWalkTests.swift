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

    /// A Markdown file's stem, cut at its last dot among the bytes, is the one cut at its last dot
    /// character.
    @Test(arguments: ["merchant-kale.md", "a.b.md", "_draft.MD", ".md", "é.md", "e\u{301}.md", "日本.markdown", "a\u{301}.b.md"])
    func stemsAreCutAtTheLastDot(name: String) {
        #expect(GameFolderWalk.stem(of: name) == String(name[..<name.lastIndex(of: ".")!]))
    }
}
