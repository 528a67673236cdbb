import Foundation
import QuestlogCore
import Testing

/// The source line and caret printed under a diagnostic.
struct SourceExcerptsTests {
    @Test func theCaretIsUnderTheColumn() {
        #expect(SourceExcerpts.render(line: "locations: [rose-chruch]", number: 4, column: 13) == """
               4 | locations: [rose-chruch]
                 |             ^
            """)
        #expect(SourceExcerpts.render(line: "x", number: 12_345, column: 1) == "12345 | x\n      | ^")
    }

    @Test func tabsAndWideCharactersKeepTheCaretInPlace() {
        // A tab goes to the next stop of 4; a CJK character takes two cells; a combining accent none.
        #expect(SourceExcerpts.render(line: "\tname: x", number: 1, column: 8) == "   1 |     name: x\n     |           ^")
        #expect(SourceExcerpts.render(line: "名前: [鈴木]", number: 2, column: 6) == "   2 | 名前: [鈴木]\n     |        ^")
        #expect(SourceExcerpts.render(line: "Varre\u{301}: x", number: 3, column: 9) == "   3 | Varre\u{301}: x\n     |        ^")
    }

    @Test func aColumnPastTheEndPointsAfterTheLine() {
        #expect(SourceExcerpts.render(line: "name:", number: 1, column: 6) == "   1 | name:\n     |      ^")
    }

    @Test func linesAreReadRelativeToTheSiteOnlyWhenTheyExist() throws {
        let root = NSTemporaryDirectory() + "questlog-excerpt-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/Content", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("\u{FEFF}---\r\nname: Sellen\r\nmerchant: sometimes\r\n".utf8).write(to: URL(fileURLWithPath: root + "/Content/a.md"))
        try Data([0x6E, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: root + "/Content/bad.md"))
        var excerpts = SourceExcerpts(root: root)
        #expect(excerpts.excerpt(at: SourceLocation(path: "Content/a.md", line: 3, column: 11)) == "   3 | merchant: sometimes\n     |           ^")
        #expect(excerpts.excerpt(at: SourceLocation(path: "Content/a.md", line: 1, column: 1)) == "   1 | ---\n     | ^")
        #expect(excerpts.excerpt(at: SourceLocation(path: "Content/a.md", line: 9, column: 1)) == nil)
        #expect(excerpts.excerpt(at: SourceLocation(path: "Content/a.md", line: 0, column: 1)) == nil)
        #expect(excerpts.excerpt(at: SourceLocation(path: "Content/bad.md", line: 1, column: 2)) == nil)
        #expect(excerpts.excerpt(at: SourceLocation(path: "Content/missing.md", line: 1, column: 1)) == nil)
        #expect(excerpts.excerpt(at: SourceLocation(path: "Content", line: 1, column: 1)) == nil)
    }

    @Test func repeatsBeyondThreeAreCounted() {
        let names = ["a", "b", "c", "d", "e"]
        let dangling = names.map { Diagnostic.error("unknown location '\($0)' (did you mean '\($0)x'?)", code: "dangling-reference",
                                                    at: SourceLocation(path: "\($0).md")) }
        let other = Diagnostic.error("unknown npc 'z'", code: "dangling-reference", at: SourceLocation(path: "z.md"))
        let kept = DiagnosticList.collapsingRepeats(dangling + [other], keeping: 3)
        #expect(kept.map(\.diagnostic) == Array(dangling.prefix(3)) + [other])
        #expect(kept.map(\.moreLikeIt) == [0, 0, 2, 0])
        let three = DiagnosticList.collapsingRepeats(Array(dangling.prefix(3)), keeping: 3)
        #expect(three.map(\.moreLikeIt) == [0, 0, 0])
        let warnings = dangling.map { var warning = $0; warning.severity = .warning; return warning }
        #expect(DiagnosticList.collapsingRepeats(Array(dangling.prefix(2)) + Array(warnings.prefix(2)), keeping: 3).count == 4)
    }
}
