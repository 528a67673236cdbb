import Foundation
import QuestlogCLI
import QuestlogCore
import Testing

struct CommandLineTests {
    @Test func helpListsEveryCommand() {
        for arguments in [[], ["--help"], ["-h"], ["help"]] {
            let result = runQuestlog(arguments)
            #expect(result.code == .success)
            for command in ["check", "new", "init"] {
                #expect(result.output.contains("\n  \(command) "), "\(arguments) lists \(command)")
            }
            #expect(result.error.isEmpty)
        }
    }

    @Test func commandHelpComesFromItsDeclaration() {
        let result = runQuestlog(["check", "--help"])
        #expect(result.code == .success)
        #expect(result.output.hasPrefix("Check the site"))
        #expect(result.output.contains("Usage: questlog check [options]"))
        for option in ["--site DIR", "--strict", "--jobs N", "--quiet", "--verbose", "--diagnostics-format FORMAT", "--help"] {
            #expect(result.output.contains(option), "\(option)")
        }
        #expect(runQuestlog(["help", "new"]).output.contains("Usage: questlog new KIND NAME [options]"))
    }

    @Test func versionIsPrinted() {
        let result = runQuestlog(["--version"])
        #expect(result.code == .success)
        #expect(result.output == "questlog \(Questlog.version)\n")
    }

    @Test func unknownCommandSuggestsTheClosest() {
        let result = runQuestlog(["chek"])
        #expect(result.code == .usage)
        #expect(result.error.contains("error: unknown command 'chek' (did you mean 'check'?)"))
    }

    @Test func unknownOptionSuggestsTheClosest() {
        let result = runQuestlog(["check", "--stirct"])
        #expect(result.code == .usage)
        #expect(result.error.contains("error: unknown option '--stirct' (did you mean '--strict'?)"))
        #expect(result.error.contains("Run 'questlog check --help' for usage."))
    }

    @Test func usageErrors() {
        let cases: [([String], String)] = [
            (["check", "--jobs", "0"], "option '--jobs' takes a positive whole number, not '0'"),
            (["check", "--jobs"], "option '--jobs' needs a value (N)"),
            (["check", "--diagnostics-format", "jsn"], "must be one of text, json, not 'jsn' (did you mean 'json'?)"),
            (["check", "extra"], "unexpected argument 'extra'"),
            (["new", "npc"], "missing argument NAME"),
            (["check", "--strict=yes"], "option '--strict' takes no value"),
            (["--verison"], "unknown option '--verison'"),
        ]
        for (arguments, message) in cases {
            let result = runQuestlog(arguments)
            #expect(result.code == .usage, "\(arguments)")
            #expect(result.error.contains(message), "\(arguments): \(result.error)")
        }
    }

    @Test func optionForms() throws {
        let spec = CommandSpec(name: "test", summary: "", arguments: [ArgumentSpec("A", optional: true, help: "")],
                               options: [OptionSpec("game", short: "g", value: "G", help: "")])
        let parsed = try ArgumentParser.parse(["-g", "x", "--site=dir", "-j4", "-qv", "--", "-a"], for: spec)
        #expect(parsed.value("game") == "x")
        #expect(parsed.value("site") == "dir")
        #expect(parsed.value("jobs") == "4")
        #expect(parsed.flag("quiet") && parsed.flag("verbose"))
        #expect(parsed.positional == ["-a"])
        let values = try ArgumentParser.parse(["- Blaidd #1"], for: spec)
        #expect(values.positional == ["- Blaidd #1"])
        #expect(try ArgumentParser.parse(["-5"], for: spec).positional == ["-5"])
    }

    @Test func initCreatesACleanSiteAndRefusesANonEmptyFolder() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let created = runQuestlog(["init", "site"], in: folder)
        #expect(created.code == .success)
        #expect(created.output.contains("Created a new Questlog site in site"))
        let site = folder + "/site"
        #expect(FileManager.default.fileExists(atPath: site + "/questlog.yml"))
        #expect(FileManager.default.fileExists(atPath: site + "/Content/my-first-game/game.md"))

        let check = runQuestlog(["check", "--strict", "--site", site])
        #expect(check.code == .success, "\(check.error)")
        #expect(check.error.isEmpty && check.output.isEmpty)

        let before = try String(contentsOfFile: site + "/questlog.yml", encoding: .utf8)
        let again = runQuestlog(["init", "site"], in: folder)
        #expect(again.code == .contentError)
        #expect(again.error.contains("is not empty"))
        #expect(try String(contentsOfFile: site + "/questlog.yml", encoding: .utf8) == before)
    }

    @Test func newGameStartsAGameFolder() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        let result = runQuestlog(["new", "game", "Baldur's Gate 3"], in: folder)
        #expect(result.code == .success, "\(result.error)")
        #expect(result.output == "Created Content/baldurs-gate-3/game.md\n")
        let text = try String(contentsOfFile: folder + "/Content/baldurs-gate-3/game.md", encoding: .utf8)
        #expect(text == """
        ---
        title: "Baldur's Gate 3"
        character:
        class:
        platform:
        started:
        status:
        language:
        tags: []
        image:
        ---


        """)
        // Entries can go into it at once, and the scaffold is itself valid content.
        #expect(runQuestlog(["new", "npc", "Shadowheart", "--game", "baldurs-gate-3"], in: folder).code == .success)
        #expect(runQuestlog(["check", "--strict"], in: folder).code == .success)
        let again = runQuestlog(["new", "game", "Baldur's Gate 3"], in: folder)
        #expect(again.code == .contentError)
        #expect(again.error.contains("already exists"))
        #expect(runQuestlog(["new", "game", "Assets"], in: folder).code == .usage)
    }

    @Test func newEntriesLeaveProgressToPlaythroughs() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        #expect(runQuestlog(["new", "game", "Elden Ring"], in: folder).code == .success)
        #expect(runQuestlog(["new", "playthrough", "Kaito", "--game", "elden-ring"], in: folder).code == .success)
        let playthrough = try String(contentsOfFile: folder + "/Content/elden-ring/playthroughs/kaito.md", encoding: .utf8)
        #expect(playthrough.contains("\ncomplete: []\ncleared: []\n"), "a list per progress field")
        #expect(runQuestlog(["new", "quest", "Go to the Castle", "--game", "elden-ring"], in: folder).code == .success)
        let quest = try String(contentsOfFile: folder + "/Content/elden-ring/quests/go-to-the-castle.md", encoding: .utf8)
        #expect(!quest.contains("complete:"), "its progress belongs to the playthroughs")
        #expect(runQuestlog(["check", "--strict"], in: folder).code == .success)
    }

    @Test func checkSchemaPrintsEveryKindAndField() {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        try? "kinds:\n  quest:\n    fields:\n      locations: refs location\n".write(toFile: folder + "/questlog.yml", atomically: true, encoding: .utf8)
        let result = runQuestlog(["check", "--schema"], in: folder)
        #expect(result.code == .success)
        #expect(result.output.hasPrefix("kind "))
        #expect(result.output.contains("locations    refs location"))
    }

    @Test func newWritesEveryFieldAndNeverOverwrites() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        let result = runQuestlog(["new", "npcs", "White Mask Varré"], in: folder)
        #expect(result.code == .success, "\(result.error)")
        let path = folder + "/Content/my-first-game/npcs/white-mask-varre.md"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == """
        ---
        name: "White Mask Varré"
        merchant: false
        locations: []
        quests: []
        aliases: []
        tags: []
        image:
        ---


        """)
        // The scaffold is itself valid content.
        #expect(runQuestlog(["check", "--strict"], in: folder).code == .success)

        try "keep me".write(toFile: path, atomically: true, encoding: .utf8)
        let again = runQuestlog(["new", "npc", "White Mask Varré"], in: folder)
        #expect(again.code == .contentError)
        #expect(again.error.contains("already exists"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
    }

    @Test(arguments: ["Patches: \"the\" Untrue", "- Blaidd #1", "'Sellen' \\ Witch", "鈴木春人", "Bà Đường"])
    func newEntriesKeepAwkwardNamesExactly(_ name: String) throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        let created = runQuestlog(["new", "location", name], in: folder)
        #expect(created.code == .success, "\(created.error)")
        let check = runQuestlog(["check", "--strict", "--diagnostics-format", "json"], in: folder)
        #expect(check.code == .success, "\(check.output)")
        let loaded = SiteLoader(root: folder).load()
        let names = loaded.games.flatMap(\.entries).compactMap { $0.field("name")?.string }
        #expect(names.contains(name))
    }

    @Test func newRejectsUnknownKindsAndGames() {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        let kind = runQuestlog(["new", "npcc", "Someone"], in: folder)
        #expect(kind.code == .usage)
        #expect(kind.error.contains("unknown kind 'npcc' (did you mean 'npc'?)"))
        let game = runQuestlog(["new", "npc", "Someone", "--game", "my-frist-game"], in: folder)
        #expect(game.code == .usage)
        #expect(game.error.contains("unknown game 'my-frist-game' (did you mean 'my-first-game'?)"))
    }

    @Test func checkOfTheSampleIsSilent() throws {
        let sample = packageRoot
        guard FileManager.default.fileExists(atPath: sample + "/Content") else {
            Issue.record("the sample Content/ is missing")
            return
        }
        let result = runQuestlog(["check", "--strict", "--site", sample])
        #expect(result.code == .success, "\(result.error)")
        #expect(result.error.isEmpty)
        #expect(result.output.isEmpty)
    }
}
