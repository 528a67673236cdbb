import Foundation
import QuestlogCLI
import Testing

struct BuildCommandTests {
    @Test func buildsANewSiteAndSaysWhatItDid() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        let result = runQuestlog(["build"], in: folder)
        #expect(result.code == .success, "\(result.error)")
        #expect(result.error.hasPrefix("Built 12 pages for 1 game in "), "\(result.error)")
        #expect(result.error.hasSuffix(" s → Output/\n"))
        #expect(FileManager.default.fileExists(atPath: folder + "/Output/my-first-game/npcs/hooded-merchant.html"))

        let again = runQuestlog(["build", "--verbose"], in: folder)
        #expect(again.error.contains("0 written, "), "\(again.error)")

        let quiet = runQuestlog(["build", "--quiet", "--output", "elsewhere"], in: folder)
        #expect(quiet.code == .success)
        #expect(quiet.error.isEmpty && quiet.output.isEmpty)
        #expect(FileManager.default.fileExists(atPath: folder + "/elsewhere/index.html"))
    }

    /// The executable's build, in a process that ends with it, makes what it loads immortal: the
    /// same files as a build run by a caller that goes on after it.
    @Test func aBuildThatEndsTheProcessWritesTheSameFiles() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        let captured = CapturedConsole()
        let ending = QuestlogCommandLine.run(["build", "--quiet", "--clean", "--output", "Ending"], console: captured.console,
                                             workingDirectory: folder, endsWithProcess: true)
        #expect(ending == .success, "\(captured.error)")
        #expect(runQuestlog(["build", "--quiet", "--clean", "--output", "Output"], in: folder).code == .success)
        let output = TestTree.files(folder + "/Output").filter { !$0.key.hasPrefix(".") }
        let ended = TestTree.files(folder + "/Ending").filter { !$0.key.hasPrefix(".") }
        #expect(output.count > 10)
        #expect(output == ended)
    }

    @Test func baseURLFromTheCommandLine() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        let result = runQuestlog(["build", "--base-url", "https://example.org/wiki"], in: folder)
        #expect(result.code == .success, "\(result.error)")
        let sitemap = try String(contentsOfFile: folder + "/Output/sitemap.xml", encoding: .utf8)
        #expect(sitemap.contains("<loc>https://example.org/wiki/my-first-game/</loc>"))
        let home = try String(contentsOfFile: folder + "/Output/index.html", encoding: .utf8)
        #expect(home.contains(#"<link rel="canonical" href="https://example.org/wiki/">"#), "\(home.prefix(800))")

        let wrong = runQuestlog(["build", "--base-url", "example.org"], in: folder)
        #expect(wrong.code == .usage)
        #expect(wrong.error.contains("option '--base-url' expects an absolute http(s) URL"), "\(wrong.error)")
    }

    @Test func contentErrorsStopTheBuildWithExitCodeOne() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        try "---\nname: Broken\nlocations: [nowhere-at-all]\n---\n"
            .write(toFile: folder + "/Content/my-first-game/npcs/broken.md", atomically: true, encoding: .utf8)
        let result = runQuestlog(["build"], in: folder)
        #expect(result.code == .contentError)
        #expect(result.error.contains("Content/my-first-game/npcs/broken.md:3:13: error: unknown location 'nowhere-at-all'"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/Output"))
    }

    @Test func strictStopsOnWarnings() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        try "---\nname: Odd\ncolour: blue\n---\n".write(toFile: folder + "/Content/my-first-game/npcs/odd.md", atomically: true, encoding: .utf8)
        #expect(runQuestlog(["build", "--output", "lenient"], in: folder).code == .success)
        let strict = runQuestlog(["build", "--strict", "--output", "strict"], in: folder)
        #expect(strict.code == .contentError)
        #expect(strict.error.contains("error: 'colour' is not a field of NPC"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/strict"))
    }

    @Test func initTemplatesCopiesTheThemeWithoutOverwriting() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let created = runQuestlog(["init", "site", "--templates"], in: folder)
        #expect(created.code == .success, "\(created.error)")
        let layout = folder + "/site/Templates/layout.mustache"
        #expect(FileManager.default.fileExists(atPath: layout))
        #expect(FileManager.default.fileExists(atPath: folder + "/site/Templates/locales/vi.yml"))
        #expect(runQuestlog(["build", "--site", "site"], in: folder).code == .success)

        try "{{<layout}}{{$main}}mine{{/main}}{{/layout}}".write(toFile: layout, atomically: true, encoding: .utf8)
        let again = runQuestlog(["init", "site", "--templates"], in: folder)
        #expect(again.code == .contentError)
        #expect(again.error.contains("already exist"))
        #expect(try String(contentsOfFile: layout, encoding: .utf8) == "{{<layout}}{{$main}}mine{{/main}}{{/layout}}")
    }

    @Test func timingsListEveryStageWithItsItemsAndMemory() {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        let first = runQuestlog(["build", "--timings"], in: folder)
        #expect(first.code == .success, "\(first.error)")
        let lines = first.error.split(separator: "\n").map(String.init)
        for stage in ["check cache", "load", "resolve", "render", "assets", "check output", "write", "keep cache", "total"] {
            #expect(lines.contains { $0.hasPrefix(stage + " ") }, "\(stage)")
        }
        // The pages, the search index and the exports are made at the same time, within one stage.
        for stage in ["render pages", "search", "exports"] {
            #expect(lines.contains { $0.hasPrefix("  " + stage + " ") }, "\(stage)")
        }
        #expect(lines.contains { $0.hasPrefix("write") && $0.contains(" MB") })
        // A second build finds nothing changed and does no stage at all.
        let second = runQuestlog(["build", "--timings"], in: folder)
        #expect(second.error.contains("check cache") && !second.error.contains("\nload "), "\(second.error)")
        #expect(second.error.contains("Up to date: nothing changed since the last build"))
        // --clean builds again, and reuses every file on disk: the write stage says so.
        let clean = runQuestlog(["build", "--timings", "--clean"], in: folder)
        let write = clean.error.split(separator: "\n").first { $0.hasPrefix("write") }.map { $0.split(separator: " ").filter { !$0.isEmpty } }
        #expect(write.map { $0[4] == $0[5] } == true, "\(clean.error)")
    }

    @Test func verbosePrintsEachStageWithItsCountAndTime() {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        let result = runQuestlog(["build", "--verbose"], in: folder)
        #expect(result.code == .success, "\(result.error)")
        let lines = result.error.split(separator: "\n").map(String.init)
        for stage in ["load", "resolve", "render pages", "search", "exports", "write"] {
            #expect(lines.contains { $0.hasPrefix(stage + ": ") && $0.contains(" in ") && $0.contains(" s") }, "\(stage): \(result.error)")
        }
        let pages = lines.first { $0.hasPrefix("render pages: ") }?.split(separator: " ")[2]
        #expect(pages.flatMap { Int($0) }.map { $0 > 5 } == true, "\(result.error)")
    }
}
