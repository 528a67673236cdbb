import Foundation
import QuestlogCore
@testable import QuestlogCLI
import Testing

/// `questlog progress import`: spreadsheets saved by LibreOffice and Excel come back into the
/// playthrough files, changing only their progress lists, and only with `--write`.
struct ProgressImportCommandTests {
    static let wren = "---\nname: Wren\ncomplete: [ranni-the-witch]  # so far\n---\nWren's notes.\n"
    static let kaito = "\u{FEFF}---\r\nname: Kaito\r\ncleared:\r\n  - stormveil-castle   # the gate\r\n---\r\nKaito's notes.\r\n"
    static let wrenAfter = "---\nname: Wren\ncomplete: [go-to-the-castle, stormveil]  # so far\ncleared: [church-of-elleh]\n---\nWren's notes.\n"
    static let kaitoAfter = "\u{FEFF}---\r\nname: Kaito\r\ncleared:\r\n  # the gate\r\n  - church-of-elleh\r\ncomplete: [ranni-the-witch]\r\n---\r\nKaito's notes.\r\n"

    private func site() throws -> String {
        try ProgressTestSite.make(playthroughs: ["wren": Self.wren, "kaito": Self.kaito])
    }

    private func fixture(_ name: String) -> String {
        packageRoot + "/Tests/Fixtures/progress/" + name
    }

    @Test(arguments: ["libreoffice-comma.csv", "libreoffice-semicolon.csv", "excel-semicolon.csv", "excel-comma.csv"])
    func writesWhatTheSpreadsheetSays(_ file: String) throws {
        let root = try site()
        defer { removeTemporaryFolder(root) }
        let run = runQuestlog(["progress", "import", fixture(file), "--write"], in: root)
        #expect(run.code == .success, "\(run.error)")
        #expect(ProgressTestSite.read(root, "wren") == Self.wrenAfter)
        #expect(ProgressTestSite.read(root, "kaito") == Self.kaitoAfter)
        #expect(run.output.hasSuffix("Updated 2 playthrough files.\n"))
    }

    @Test func showsTheChangesWithoutWriting() throws {
        let root = try site()
        defer { removeTemporaryFolder(root) }
        let run = runQuestlog(["progress", "import", fixture("libreoffice-comma.csv")], in: root)
        #expect(run.code == .success, "\(run.error)")
        #expect(run.output == """
            Kaito (Content/elden-ring/playthroughs/kaito.md): 3 changes
              + mark   quest 'Ranni the Witch' (complete)
              + mark   location 'Church of Elleh' (cleared)
              - unmark location 'Stormveil' (cleared)
            Wren (Content/elden-ring/playthroughs/wren.md): 4 changes
              + mark   quest 'Go to the Castle' (complete)
              - unmark quest 'Ranni the Witch' (complete)
              + mark   quest 'Stormveil' (complete)
              + mark   location 'Church of Elleh' (cleared)
            Nothing written: run again with --write to change these 2 files.

            """)
        #expect(ProgressTestSite.read(root, "wren") == Self.wren)
        #expect(ProgressTestSite.read(root, "kaito") == Self.kaito)
    }

    @Test func importsOnePlaythroughsColumn() throws {
        let root = try site()
        defer { removeTemporaryFolder(root) }
        let run = runQuestlog(["progress", "import", fixture("excel-semicolon.csv"), "--playthrough", "Wren", "--write"], in: root)
        #expect(run.code == .success, "\(run.error)")
        #expect(ProgressTestSite.read(root, "wren") == Self.wrenAfter)
        #expect(ProgressTestSite.read(root, "kaito") == Self.kaito)
        #expect(!run.output.contains("Kaito"))
    }

    @Test func kindsMayBeWrittenAsTheirNames() throws {
        let root = try site()
        defer { removeTemporaryFolder(root) }
        try Data("id,kind,name,wren\r\nchurch-of-elleh,Location,Church,yes\r\nstormveil,QUESTS,Stormveil,1\r\n".utf8)
            .write(to: URL(fileURLWithPath: root + "/names.csv"))
        let run = runQuestlog(["progress", "import", "names.csv", "--write"], in: root)
        #expect(run.code == .success, "\(run.error)")
        #expect(ProgressTestSite.read(root, "wren") == "---\nname: Wren\ncomplete: [ranni-the-witch, stormveil]  # so far\ncleared: [church-of-elleh]\n---\nWren's notes.\n")
    }

    @Test func aFileInStepWithThePlaythroughsChangesNothing() throws {
        let root = try ProgressTestSite.make(playthroughs: ["wren": Self.wrenAfter, "kaito": Self.kaitoAfter])
        defer { removeTemporaryFolder(root) }
        let inode = ProgressTestSite.inode(root, "wren")
        let run = runQuestlog(["progress", "import", fixture("libreoffice-semicolon.csv"), "--write"], in: root)
        #expect(run.code == .success, "\(run.error)")
        #expect(run.output.contains("Wren (Content/elden-ring/playthroughs/wren.md): no changes"))
        #expect(ProgressTestSite.inode(root, "wren") == inode)
    }

    @Test func unknownIdsDuplicateRowsAndUnknownColumnsAreErrorsAtTheirCells() throws {
        let root = try site()
        defer { removeTemporaryFolder(root) }
        let csv = root + "/edited.csv"
        try Data("""
            id,kind,name,wren,kaiot
            go-to-the-castel,quest,Go,true,false
            stormveil,quest,Stormveil,maybe,false
            stormveil,quest,Stormveil,true,false
            ranni,npc,Ranni,true,false
            church-of-elleh,place,Church,true,false
            stormveil-castle,location,Stormveil,true,false,oops

            """.utf8).write(to: URL(fileURLWithPath: csv))
        let run = runQuestlog(["progress", "import", "edited.csv", "--write"], in: root)
        #expect(run.code == .contentError)
        for line in [
            "edited.csv:1:5: error: unknown column 'kaiot': unknown playthrough 'kaiot' (did you mean 'kaito'?); playthroughs are kaito, wren [unknown-column]",
            "edited.csv:2:1: error: unknown quest 'go-to-the-castel' (did you mean 'go-to-the-castle'?) [dangling-reference]",
            "edited.csv:3:4: error: 'maybe' is not a mark: write true or false (x, ✓, 1, yes; empty, 0, no) [invalid-mark]",
            "edited.csv:4:1: error: duplicate row for quest 'stormveil' (first on row 3) [duplicate-row]",
            "edited.csv:5:1: error: NPCs have no progress to import: 'ranni' [dangling-reference]",
            "edited.csv:6:2: error: unknown kind 'place' [unknown-kind]",
            "edited.csv:7:6: error: a value in a column without a header [unknown-column]",
        ] {
            #expect(run.error.contains(line), "\(line)\n\(run.error)")
        }
        #expect(ProgressTestSite.read(root, "wren") == Self.wren)
        #expect(ProgressTestSite.read(root, "kaito") == Self.kaito)
    }

    @Test func aWrongHeaderOrABrokenFileIsAnError() throws {
        let root = try site()
        defer { removeTemporaryFolder(root) }
        try Data("name,id,wren\n".utf8).write(to: URL(fileURLWithPath: root + "/a.csv"))
        #expect(runQuestlog(["progress", "import", "a.csv"], in: root).error.contains("a.csv:1:1: error: the header must start with id,kind,name"))
        try Data("id,kind,name,wren\n\"go-to-the-castle,quest,x,true\n".utf8).write(to: URL(fileURLWithPath: root + "/b.csv"))
        #expect(runQuestlog(["progress", "import", "b.csv"], in: root).error.contains("b.csv:2:1: error: a quoted field is not closed"))
        try Data([0x69, 0x64, 0x2C, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: root + "/c.csv"))
        #expect(runQuestlog(["progress", "import", "c.csv"], in: root).error.contains("c.csv:1:1: error: the file is not UTF-8"))
        #expect(runQuestlog(["progress", "export", "c.csv"], in: root).code == .usage)
        #expect(runQuestlog(["progress", "import", "missing.csv"], in: root).code == .contentError)
    }

    @Test func theMarksSpreadsheetsWriteAreRead() {
        for text in ["true", "TRUE", " x ", "X", "✓", "1", "yes", "Yes"] { #expect(ProgressImport.mark(text) == true, "\(text)") }
        for text in ["false", "FALSE", "", "  ", "0", "no", "NO"] { #expect(ProgressImport.mark(text) == false, "\(text)") }
        for text in ["maybe", "2", "done?"] { #expect(ProgressImport.mark(text) == nil, "\(text)") }
    }
}
