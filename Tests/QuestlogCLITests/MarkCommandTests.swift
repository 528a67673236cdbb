import Foundation
@testable import QuestlogCLI
import Testing

/// `questlog mark`: edits the right list of the playthrough file, byte for byte, and says what changed.
struct MarkCommandTests {
    @Test func marksQuestsAndLocationsInTheirOwnLists() throws {
        let wren = "---\r\nname: Wren   # the samurai\r\ncomplete:\r\n  - go-to-the-castle  # first\r\n# cleared: none yet\r\n---\r\nNotes stay.\r\n"
        let root = try ProgressTestSite.make(playthroughs: ["wren": wren])
        defer { removeTemporaryFolder(root) }
        let run = runQuestlog(["mark", "wren", "Ranni the Witch", "church-of-elleh"], in: root)
        #expect(run.code == .success, "\(run.error)")
        #expect(ProgressTestSite.read(root, "wren")
                == "---\r\nname: Wren   # the samurai\r\ncomplete:\r\n  - go-to-the-castle  # first\r\n  - ranni-the-witch\r\n# cleared: none yet\r\ncleared: [church-of-elleh]\r\n---\r\nNotes stay.\r\n")
        #expect(run.output == """
            Wren (Content/elden-ring/playthroughs/wren.md):
              Marked quest 'Ranni the Witch' (complete)
              Marked location 'Church of Elleh' (cleared)

            """)
    }

    @Test func anEntryAlreadyMarkedLeavesTheFileAlone() throws {
        let root = try ProgressTestSite.make(playthroughs: ["wren": "---\nname: Wren\ncomplete: [Go to the Castle]\n---\n"])
        defer { removeTemporaryFolder(root) }
        let inode = ProgressTestSite.inode(root, "wren")
        let run = runQuestlog(["mark", "Wren", "go-to-the-castle"], in: root)
        #expect(run.code == .success)
        #expect(run.output.contains("Already marked: quest 'Go to the Castle' (complete)"))
        #expect(ProgressTestSite.inode(root, "wren") == inode)
    }

    @Test func undoRemovesTheEntryHoweverItIsWritten() throws {
        let root = try ProgressTestSite.make(playthroughs: ["wren": "---\nname: Wren\ncomplete: [ranni-the-witch, Go to the Castle] # so far\n---\n"])
        defer { removeTemporaryFolder(root) }
        let run = runQuestlog(["mark", "wren", "go-to-the-castle", "church-of-elleh", "--undo"], in: root)
        #expect(run.code == .success)
        #expect(ProgressTestSite.read(root, "wren") == "---\nname: Wren\ncomplete: [ranni-the-witch] # so far\n---\n")
        #expect(run.output.contains("Unmarked quest 'Go to the Castle' (complete)"))
        #expect(run.output.contains("Not marked: location 'Church of Elleh' (cleared)"))
    }

    @Test func unknownAmbiguousAndNonProgressEntriesAreErrorsAndNothingIsWritten() throws {
        let text = "---\nname: Wren\n---\n"
        let root = try ProgressTestSite.make(playthroughs: ["wren": text])
        defer { removeTemporaryFolder(root) }
        let run = runQuestlog(["mark", "wren", "go-to-the-castel", "Stormveil", "ranni", "church-of-elleh"], in: root)
        #expect(run.code == .contentError)
        #expect(run.error.contains("error: unknown quest or location 'go-to-the-castel' (did you mean 'go-to-the-castle'?) [dangling-reference]"))
        #expect(run.error.contains("error: ambiguous entry 'Stormveil': it names quest 'Stormveil' (Content/elden-ring/quests/stormveil.md), location 'Stormveil' (Content/elden-ring/locations/stormveil-castle.md); write quest:stormveil or location:stormveil-castle [ambiguous-reference]"))
        #expect(run.error.contains("error: 'ranni' is an NPC, and NPCs have no progress to mark [not-progress]"))
        #expect(ProgressTestSite.read(root, "wren") == text)
        #expect(runQuestlog(["mark", "wren", "location:Stormveil"], in: root).code == .success)
        #expect(ProgressTestSite.read(root, "wren") == "---\nname: Wren\ncleared: [stormveil-castle]\n---\n")
    }

    @Test func anUnknownPlaythroughIsAnError() throws {
        let root = try ProgressTestSite.make(playthroughs: ["wren": "---\nname: Wren\n---\n", "kaito": "---\nname: Kaito\n---\n"])
        defer { removeTemporaryFolder(root) }
        let run = runQuestlog(["mark", "wrne", "go-to-the-castle"], in: root)
        #expect(run.code == .contentError)
        #expect(run.error.contains("error: unknown playthrough 'wrne' (did you mean 'wren'?); playthroughs are kaito, wren [unknown-playthrough]"))
        let none = try ProgressTestSite.make()
        defer { removeTemporaryFolder(none) }
        #expect(runQuestlog(["mark", "wren", "x"], in: none).error.contains("has no playthrough yet"))
        #expect(runQuestlog(["mark", "wren", "x", "--game", "eldn-ring"], in: root).code == .usage)
    }

    @Test func aFileItCannotEditSafelyIsRefusedWithItsPlace() throws {
        let text = "---\nname: Wren\ncomplete: go-to-the-castle\n---\n"
        let root = try ProgressTestSite.make(playthroughs: ["wren": text])
        defer { removeTemporaryFolder(root) }
        let run = runQuestlog(["mark", "wren", "ranni-the-witch"], in: root)
        #expect(run.code == .contentError)
        #expect(run.error.contains("Content/elden-ring/playthroughs/wren.md:3:11: error: 'complete' is a single value"))
        #expect(ProgressTestSite.read(root, "wren") == text)
    }

    @Test func theCommandIsDeclaredForHelpAndCompletions() throws {
        #expect(QuestlogCommandLine.helpText.contains("mark "))
        let help = runQuestlog(["mark", "--help"])
        #expect(help.output.contains("Usage: questlog mark PLAYTHROUGH ENTRY... [options]"))
        #expect(help.output.contains("--undo"))
        #expect(runQuestlog(["completions", "bash"]).output.contains("mark"))
        #expect(runQuestlog(["mark", "wren"]).code == .usage)
    }
}
