import Foundation
import QuestlogCLI
import Testing

/// The options shared by the commands: `-s` for `--site`, and `--output` only where something is written.
struct CommonOptionTests {
    static let commands = ["build", "check", "export", "serve", "new", "init"]

    @Test func sIsTheShortFormOfSiteEverywhere() throws {
        for command in Self.commands {
            #expect(runQuestlog([command, "--help"]).output.contains("-s, --site DIR"), "\(command)")
        }
        let sample = packageRoot
        let long = runQuestlog(["check", "--strict", "--site", sample])
        let short = runQuestlog(["check", "--strict", "-s", sample])
        #expect(short.code == long.code)
        #expect(short.error == long.error)
        let parsed = try ArgumentParser.parse(["-s", "dir"], for: CommandSpec(name: "x", summary: ""))
        #expect(parsed.value("site") == "dir")
    }

    @Test(arguments: ["check", "new", "init", "serve"])
    func outputIsNeitherOfferedNorAcceptedWhereNothingIsWritten(_ command: String) {
        let help = runQuestlog([command, "--help"]).output
        #expect(!help.contains("--output"), "\(command)")
        #expect(help.contains("--strict"))
        for arguments in [["--output", "x"], ["-o", "x"], ["--output=x"]] {
            let result = runQuestlog([command] + arguments)
            #expect(result.code == .usage, "\(command) \(arguments)")
            let name = arguments[0].hasPrefix("--") ? "--output" : "-o"
            #expect(result.error.contains("error: option '\(name)' means nothing to '\(command)'; only build and export take it"),
                    "\(result.error)")
        }
    }

    @Test(arguments: ["build", "export"])
    func outputIsOfferedWhereAFolderIsWritten(_ command: String) {
        #expect(runQuestlog([command, "--help"]).output.contains("-o, --output DIR"))
    }
}
