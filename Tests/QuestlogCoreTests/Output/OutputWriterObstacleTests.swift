import Foundation
import Testing
@testable import QuestlogCore

/// Things Questlog did not write that stand where it must write: refused before anything is written.
@Suite struct OutputWriterObstacleTests {
    @Test func refusesToOverwriteAFileItDidNotWrite() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write([.text("index.html")])
            try folder.put("Output/CNAME", "quests.example.org")
            let expected = OutputError(.inTheWay, "cannot write 'Output/CNAME': a file is there that Questlog did not write (it is not in .questlog-manifest); move it away", path: "CNAME")
            #expect(folder.writer().validate([.text("index.html", "v2"), .text("CNAME")]) == [expected])
            #expect(throws: expected) { try folder.writer().write([.text("index.html", "v2"), .text("CNAME")]) }
            #expect(folder.text("Output/CNAME") == "quests.example.org")
            #expect(folder.text("Output/index.html") == "<p>index.html</p>\n")
            #expect(folder.manifestPaths() == ["index.html"])
        }
    }

    @Test func refusesAFileItDidNotWriteWhereAFolderMustGo() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write([.text("index.html")])
            try folder.put("Output/elden-ring", "notes")
            let errors = folder.writer().validate([.text("elden-ring/npcs/varre.html")])
            #expect(errors == [OutputError(.inTheWay, "cannot write into 'Output/elden-ring': it is a file Questlog did not write, where a folder must go; move it away", path: "elden-ring")])
            #expect(throws: OutputError.self) { try folder.writer().write([.text("elden-ring/npcs/varre.html")]) }
            #expect(folder.tree().keys.sorted() == [".questlog-manifest", "elden-ring", "index.html"])
        }
    }

    @Test func refusesAFolderWithTheUsersFilesWhereAFileMustGo() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write([.text("a/b.html")])
            try folder.put("Output/a/mine.txt", "mine")
            let errors = folder.writer().validate([.text("a")])
            #expect(errors.map(\.kind) == [.inTheWay])
            #expect(errors.first?.message == "cannot write 'Output/a': a folder is there that holds files Questlog did not write; move it away")
            #expect(throws: OutputError.self) { try folder.writer().write([.text("a")]) }
            #expect(folder.tree().keys.sorted() == [".questlog-manifest", "a/b.html", "a/mine.txt"])
        }
    }

    @Test func refusesAnEmptyFolderItDidNotMakeWhereAFileMustGo() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write([.text("index.html")])
            try folder.makeFolder("Output/page.html")
            #expect(folder.writer().validate([.text("page.html")]).map(\.kind) == [.inTheWay])
        }
    }

    @Test func refusesALinkItDidNotMakeWhereAFolderMustGo() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write([.text("index.html")])
            try folder.makeFolder("elsewhere")
            try FileManager.default.createSymbolicLink(atPath: folder.path("Output/assets"), withDestinationPath: folder.path("elsewhere"))
            #expect(throws: OutputError.self) { try folder.writer().write([.text("assets/site.css")]) }
            #expect(folder.tree("elsewhere").isEmpty)
        }
    }

    @Test func refusesAFileOfTheUserInAFolderThatOnlyHeldGit() throws {
        try OutputTestFolder.with { folder in
            try folder.put("Output/.DS_Store", "finder")
            #expect(folder.writer().validate([.text(".DS_Store")]).map(\.kind) == [.inTheWay])
            #expect(folder.writer().validate([.text("index.html")]).isEmpty)
        }
    }
}
