@testable import QuestlogCore
import Testing

struct ExportOptionsTests {
    static let site = ExportTestSite.make()

    @Test func everythingByDefault() {
        let options = ExportOptions()
        #expect(options.bom && options.neutraliseFormulas)
        #expect(options.selectedGames(in: Self.site).map(\.id) == ["dark-souls", "elden-ring"])
        #expect(options.selectedKinds(in: Self.site.schema).map(\.id) == ["npc", "quest", "location", "boss", "playthrough"])
        #expect(Self.site.games.allSatisfy { options.selectedKinds(of: $0, in: Self.site.schema).map(\.id) == ["npc", "quest", "location", "boss"] },
                "a game without playthroughs exports no playthroughs")
        #expect(options.problems(in: Self.site).isEmpty)
    }

    @Test func kindsByIdOrFolderInSchemaOrder() {
        let options = ExportOptions(kinds: ["bosses", "npc", "npcs"])
        #expect(options.selectedKinds(in: Self.site.schema).map(\.id) == ["npc", "boss"])
        #expect(options.problems(in: Self.site).isEmpty)
    }

    @Test func unknownGamesAndKindsAreReported() {
        let options = ExportOptions(games: ["eldenring", "elden-ring", "zzz"], kinds: ["npcz", "quest"])
        #expect(options.problems(in: Self.site).map(\.description) == [
            "error: unknown game 'eldenring' (did you mean 'elden-ring'?) [unknown-game]",
            "error: unknown game 'zzz' [unknown-game]",
            "error: unknown kind 'npcz' (did you mean 'npc'?) [unknown-kind]",
        ])
        #expect(options.selectedGames(in: Self.site).map(\.id) == ["elden-ring"])
    }
}
