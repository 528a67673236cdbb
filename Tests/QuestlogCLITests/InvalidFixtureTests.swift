import Foundation
import QuestlogCLI
import Testing

/// Every site under `Tests/Fixtures/invalid/` is checked and must report exactly its `expected.txt`
/// (path, line, column, severity, message and code, then the source line) and exit with 1.
/// Re-record on purpose with `RECORD_GOLDEN=1 swift test`.
struct InvalidFixtureTests {
    static let fixtures = packageRoot + "/Tests/Fixtures/invalid"

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fixtures)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func thereAreAtLeastTwentyFiveBrokenInputs() {
        #expect(Self.cases.count >= 25)
    }

    @Test(arguments: cases)
    func reportsExactDiagnostics(_ name: String) throws {
        let folder = Self.fixtures + "/" + name
        var arguments = ["check", "--site", folder + "/site"]
        if let extra = try? String(contentsOfFile: folder + "/arguments.txt", encoding: .utf8) {
            arguments += extra.split(whereSeparator: \.isWhitespace).map(String.init)
        }
        let result = runQuestlog(arguments)
        #expect(result.code == .contentError, "\(name): exit code")
        #expect(result.output.isEmpty)
        let expectedPath = folder + "/expected.txt"
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try result.error.write(toFile: expectedPath, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: expectedPath, encoding: .utf8)
        #expect(result.error == expected, "\(name)")
        // Every line but the summary is a compiler-style diagnostic or the excerpt of its source line.
        let lines = result.error.split(separator: "\n")
        for line in lines.dropLast() where !(line.hasPrefix(" ") && line.contains(" | ")) {
            #expect(line.contains(": error: ") || line.contains(": warning: ") || line.hasPrefix("error: ") || line.hasPrefix("warning: "), "\(line)")
            #expect(line.hasSuffix("]"), "\(line) has a [code]")
        }
        #expect(lines.last?.contains("error") == true, "summary line")
    }

    @Test func jsonDiagnosticsCarryThePositions() throws {
        let result = runQuestlog(["check", "--site", Self.fixtures + "/dangling-reference/site", "--diagnostics-format", "json"])
        #expect(result.code == .contentError)
        let data = try #require(result.output.data(using: .utf8))
        let items = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items.first?["path"] as? String == "Content/elden-ring/npcs/varre.md")
        #expect(items.first?["line"] as? Int == 4)
        #expect(items.first?["column"] as? Int == 5)
        #expect(items.first?["code"] as? String == "dangling-reference")
        #expect(items.first?["severity"] as? String == "error")
        #expect(result.error.isEmpty)
    }
}
