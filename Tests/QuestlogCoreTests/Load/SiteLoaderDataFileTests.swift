import Testing
@testable import QuestlogCore

@Suite("Loading data files")
struct SiteLoaderDataFileTests {
    private let game = "---\ntitle: G\n---\n"

    @Test("every item of a long data file becomes an entry, in order, with its fields")
    func manyItems() {
        let items = (0..<500).map { "- name: Person \($0)\n  tags: [t\($0 % 7)]\n  notes: |\n    Note \($0).\n" }.joined()
        let site = TestSite(["Content/g/game.md": game, "Content/g/npcs/all.yml": items])
        defer { site.remove() }
        let loaded = SiteLoader(root: site.root, jobs: 2).load()
        let entries = loaded.games.first?.entries ?? []
        #expect(entries.map(\.id) == (0..<500).map { "person-\($0)" })
        #expect(entries[42].notes == "Note 42.\n")
        #expect(entries[42].source == SourceLocation(path: "Content/g/npcs/all.yml", line: 42 * 4 + 1, column: 3))
        #expect(entries[42].fields.map { $0.key.string } == ["name", "tags"])
        #expect(entries[42].notesLineOffset == 42 * 4 + 3)
        #expect(entries[42].notesColumnOffset == 4)
    }

    @Test("a link in an indented block note is reported at its column in the file")
    func blockNoteColumns() {
        let items = "- name: A\n  notes: |\n      See [[Nobody]].\n- name: B\n  notes: >\n    Also [[Nobody]].\n"
        let site = TestSite(["Content/g/game.md": game, "Content/g/npcs/all.yml": items])
        defer { site.remove() }
        let locations = site.resolve().diagnostics.all.filter { $0.code == "dangling-link" }.compactMap(\.location)
        #expect(locations == [SourceLocation(path: "Content/g/npcs/all.yml", line: 3, column: 11),
                              SourceLocation(path: "Content/g/npcs/all.yml", line: 6, column: 10)])
    }

    @Test("a syntax error late in a data file is its only problem, and none of its items load")
    func lateSyntaxError() {
        let items = "- just text\n- name: B\n- name: C\n  name: D\n"
        let site = TestSite(["Content/g/game.md": game, "Content/g/npcs/all.yml": items])
        defer { site.remove() }
        let loaded = SiteLoader(root: site.root, jobs: 2).load()
        #expect(loaded.games.first?.entries.isEmpty == true)
        #expect(loaded.diagnostics.all.map(\.code) == ["yaml-syntax"])
        #expect(loaded.diagnostics.all.first?.location?.line == 4)
    }

    @Test("a data file that is not a list is an error at its root")
    func notAList() {
        let site = TestSite(["Content/g/game.md": game, "Content/g/npcs/all.yml": "name: A\n"])
        defer { site.remove() }
        let loaded = SiteLoader(root: site.root, jobs: 2).load()
        #expect(loaded.games.first?.entries.isEmpty == true)
        #expect(loaded.diagnostics.all.map(\.code) == ["type-mismatch"])
    }

    @Test("the leading spaces of a line are found going forward and back")
    func lineStarts() {
        var lines = LineStarts("a\n  b\n\n    c\n")
        #expect(lines.leadingSpaces(ofLine: 3) == 4)
        #expect(lines.leadingSpaces(ofLine: 1) == 2)
        #expect(lines.leadingSpaces(ofLine: 2) == 0)
        #expect(lines.leadingSpaces(ofLine: 4) == 0)
        #expect(lines.leadingSpaces(ofLine: 5) == nil)
        #expect(lines.leadingSpaces(ofLine: 0) == 0)
    }
}
