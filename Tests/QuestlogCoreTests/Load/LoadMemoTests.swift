@testable import QuestlogCore
import Testing

struct LoadMemoTests {
    /// Folders named beside a few files and among many (where the folders above are looked up).
    @Test(arguments: [0, 20])
    func aPathIsUnderItselfAndTheFoldersAboveIt(padding: Int) {
        let others = (0..<padding).map { "Content/other/\($0).md" }
        let under = { (path: String, paths: [String]) in LoadMemo.isUnder(path, anyOf: Set(paths + others)) }
        #expect(under("Content/game/npcs/varre.md", ["Content/game/npcs/varre.md"]))
        #expect(under("Content/game/npcs/varre.md", ["Content/game/npcs"]))
        #expect(under("Content/game/npcs/varre.md", ["Content"]))
        #expect(!under("Content/game/npcs/varre.md", ["Content/game/np"]))
        #expect(!under("Content/game/npcs-old/varre.md", ["Content/game/npcs"]))
        #expect(!under("Content/game/npcs", ["Content/game/npcs/varre.md"]))
        #expect(!under("Content/game/npcs/varre.md", []))
        #expect(under("Content/jeu/pnj/varré.md", ["Content/jeu/pnj"]))
    }
}
