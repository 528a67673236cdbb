@testable import QuestlogCore
import Testing

struct ExportDownloadTests {
    @Test func gamePagesLinkTheGameDocumentAndEveryKindFile() {
        let downloads = ExportDownload.forGame("elden-ring", schema: ExportTestSite.config.schema)
        #expect(downloads.map(\.path) == [
            "exports/elden-ring.json", "exports/elden-ring.xlsx", "exports/elden-ring/npcs.csv", "exports/elden-ring/quests.csv",
            "exports/elden-ring/locations.csv", "exports/elden-ring/bosses.csv",
        ])
        #expect(downloads.map(\.kind) == [nil, nil, "npc", "quest", "location", "boss"])
        #expect(downloads.map(\.format) == [.json, .xlsx, .csv, .csv, .csv, .csv])
    }

    @Test func kindPagesLinkTheirFile() {
        let downloads = ExportDownload.forKind(ExportTestSite.boss, game: "elden-ring")
        #expect(downloads.map(\.path) == ["exports/elden-ring/bosses.csv", "exports/elden-ring.json"])
        #expect(RelativeURL.from("elden-ring/bosses/index.html", to: downloads[0].path) == "../../exports/elden-ring/bosses.csv")
    }

    @Test func everyDownloadIsAnExportedFile() throws {
        let site = ExportTestSite.make()
        let written = try Set(ExportFormat.allCases.flatMap { try $0.files(for: site, options: ExportOptions()) }
            .map { ExportDownload.folder + "/" + $0.path })
        let linked = ExportDownload.forSite() + site.games.flatMap { game in
            ExportDownload.forGame(game.id, schema: site.schema, playthroughs: game.hasPlaythroughs)
                + site.schema.kinds.filter { $0.id != Schema.playthroughKind || game.hasPlaythroughs }
                    .flatMap { ExportDownload.forKind($0, game: game.id) }
        }
        #expect(Set(linked.map(\.path)) == written)
    }
}
