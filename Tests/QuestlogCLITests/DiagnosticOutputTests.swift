import Foundation
import QuestlogCLI
import Testing

/// How problems are printed in text: the source line under each, repeats counted.
struct DiagnosticOutputTests {
    /// A site with `count` NPCs, each naming a location that does not exist.
    static func withDanglingReferences(_ count: Int, _ body: (String) throws -> Void) throws {
        let site = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let folder = site + "/Content/elden-ring/npcs"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 1...count {
            try "---\nname: NPC \(index)\nlocations: [nowhere-\(index)]\n---\n"
                .write(toFile: folder + "/npc-\(index).md", atomically: true, encoding: .utf8)
        }
        try body(site)
    }

    @Test func moreThanThreeOfAProblemAreShownThreeTimesAndCounted() throws {
        try Self.withDanglingReferences(5) { site in
            let result = runQuestlog(["check", "-s", site])
            #expect(result.code == .contentError)
            #expect(result.error == """
                Content/elden-ring/npcs/npc-1.md:3:13: error: unknown location 'nowhere-1' [dangling-reference]
                   3 | locations: [nowhere-1]
                     |             ^
                Content/elden-ring/npcs/npc-2.md:3:13: error: unknown location 'nowhere-2' [dangling-reference]
                   3 | locations: [nowhere-2]
                     |             ^
                Content/elden-ring/npcs/npc-3.md:3:13: error: unknown location 'nowhere-3' [dangling-reference]
                   3 | locations: [nowhere-3]
                     |             ^
                … and 2 more like this [dangling-reference]
                5 errors

                """)
            let verbose = runQuestlog(["check", "-s", site, "--verbose"])
            #expect(!verbose.error.contains("more like this"))
            for index in 1...5 {
                #expect(verbose.error.contains("npc-\(index).md:3:13: error: unknown location 'nowhere-\(index)'"))
            }
        }
    }

    @Test func threeOfAProblemAreAllShown() throws {
        try Self.withDanglingReferences(3) { site in
            let result = runQuestlog(["check", "-s", site])
            #expect(!result.error.contains("more like this"))
            #expect(result.error.hasSuffix("     |             ^\n3 errors\n"))
        }
    }

    @Test func jsonHasNeitherExcerptsNorGroups() throws {
        try Self.withDanglingReferences(5) { site in
            let result = runQuestlog(["check", "-s", site, "--diagnostics-format", "json"])
            #expect(result.error.isEmpty)
            let items = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
            #expect(items.count == 5)
            #expect(!result.output.contains(" | "))
            #expect(!result.output.contains("more like this"))
        }
    }
}
