@testable import QuestlogCore
import Testing

struct DiagnosticListTests {
    @Test func sortedByPathThenPosition() {
        let list = DiagnosticList([
            .warning("w", code: "c", at: SourceLocation(path: "b.md", line: 1, column: 1)),
            .error("e2", code: "c", at: SourceLocation(path: "a.md", line: 10, column: 2)),
            .error("e1", code: "c", at: SourceLocation(path: "a.md", line: 2, column: 9)),
            .error("site", code: "c", at: nil),
        ])
        #expect(list.sorted.map(\.message) == ["site", "e1", "e2", "w"])
        #expect(list.summary == "3 errors, 1 warning")
        #expect(list.failed(strict: false))
        #expect(DiagnosticList([.warning("w", code: "c", at: nil)]).summary == "1 warning")
    }

    @Test func strictTurnsWarningsIntoErrors() {
        let list = DiagnosticList([.warning("w", code: "c", at: nil)])
        #expect(!list.failed(strict: false))
        #expect(list.failed(strict: true))
        #expect(list.promotingWarnings().errorCount == 1)
    }

    @Test func textFormatIsCompilerStyle() {
        let diagnostic = Diagnostic.error("unknown location 'x'", code: "dangling-reference",
                                          at: SourceLocation(path: "Content/g/npcs/a.md", line: 4, column: 14))
        #expect(diagnostic.description == "Content/g/npcs/a.md:4:14: error: unknown location 'x' [dangling-reference]")
    }
}
