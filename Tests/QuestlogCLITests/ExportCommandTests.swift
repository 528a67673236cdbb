import Foundation
import QuestlogCLI
import Testing

struct ExportCommandTests {
    @Test func writesEveryFormatIntoExports() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        let result = runQuestlog(["export"], in: folder)
        #expect(result.code == .success, "\(result.error)")
        #expect(result.error == "Exported 7 files to exports/ (7 written, 0 unchanged)\n")
        let csv = try #require(FileManager.default.contents(atPath: folder + "/exports/my-first-game/npcs.csv"))
        #expect(Array(csv.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(String(decoding: csv, as: UTF8.self).contains("hooded-merchant,Hooded Merchant,Hooded Merchant,true"))
        for file in ["site.json", "questlog.schema.json", "my-first-game.json", "my-first-game.xlsx", "my-first-game/quests.csv",
                     "my-first-game/locations.csv"] {
            #expect(FileManager.default.fileExists(atPath: folder + "/exports/" + file), "\(file)")
        }
    }

    @Test func filtersAndOptions() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        let result = runQuestlog(["export", "--format", "csv", "--kind", "npcs", "--no-bom", "--output", "out"], in: folder)
        #expect(result.code == .success, "\(result.error)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder + "/out").filter { !$0.hasPrefix(".") }.sorted()
        #expect(files == ["my-first-game", "my-first-game/npcs.csv"])
        let csv = try #require(FileManager.default.contents(atPath: folder + "/out/my-first-game/npcs.csv"))
        #expect(csv.first == UInt8(ascii: "i"))
    }

    @Test func unknownGamesAndKindsAreUsageErrors() {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        let game = runQuestlog(["export", "--game", "my-frist-game"], in: folder)
        #expect(game.code == .usage)
        #expect(game.error.contains("my-first-game"), "\(game.error)")
        let format = runQuestlog(["export", "--format", "xslx"], in: folder)
        #expect(format.code == .usage)
        #expect(format.error.contains("xlsx"), "\(format.error)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/exports"))
    }

    @Test func buildWritesTheExportsAndPagesLinkThem() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        #expect(runQuestlog(["build"], in: folder).code == .success)
        #expect(FileManager.default.fileExists(atPath: folder + "/Output/exports/my-first-game/npcs.csv"))
        #expect(FileManager.default.fileExists(atPath: folder + "/Output/exports/site.json"))
        let kindPage = try String(contentsOfFile: folder + "/Output/my-first-game/npcs/index.html", encoding: .utf8)
        #expect(kindPage.contains(#"href="../../exports/my-first-game/npcs.csv""#))
        let gamePage = try String(contentsOfFile: folder + "/Output/my-first-game/index.html", encoding: .utf8)
        #expect(gamePage.contains(#"href="../exports/my-first-game.json""#))
        #expect(gamePage.contains(#"href="../exports/my-first-game.xlsx""#))
        #expect(FileManager.default.fileExists(atPath: folder + "/Output/exports/my-first-game.xlsx"))
    }

    @Test func writesTheWorkbookAlone() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        let result = runQuestlog(["export", "--format", "xlsx"], in: folder)
        #expect(result.code == .success, "\(result.error)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder + "/exports").filter { !$0.hasPrefix(".") }
        #expect(files == ["my-first-game.xlsx"])
        let bytes = try #require(FileManager.default.contents(atPath: folder + "/exports/my-first-game.xlsx"))
        #expect(Array(bytes.prefix(4)) == [0x50, 0x4B, 0x03, 0x04])
        // Twice, with more threads: the same bytes, so nothing is rewritten.
        let again = runQuestlog(["export", "--format", "xlsx", "--jobs", "4"], in: folder)
        #expect(again.error == "Exported 1 file to exports/ (0 written, 1 unchanged)\n")
    }
}
