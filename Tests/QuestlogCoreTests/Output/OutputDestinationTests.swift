import Foundation
import Testing
@testable import QuestlogCore

/// Which folders the writer accepts, and that a refusal writes nothing.
@Suite struct OutputDestinationTests {
    let site: [OutputFile] = [.text("index.html"), .text("elden-ring/index.html")]

    @Test func createsAnAbsentFolderAndItsParents() throws {
        try OutputTestFolder.with { folder in
            let report = try folder.writer("build/site").write(site)
            #expect(report == OutputReport(written: ["elden-ring/index.html", "index.html"], unchanged: 0, removed: []))
            #expect(folder.tree("build/site").keys.sorted() == [".questlog-manifest", "elden-ring/index.html", "index.html"])
        }
    }

    @Test func writesIntoAnEmptyFolder() throws {
        try OutputTestFolder.with { folder in
            try folder.makeFolder("Output")
            #expect(folder.writer().validate(site).isEmpty)
            _ = try folder.writer().write(site)
            #expect(folder.text("Output/index.html") == "<p>index.html</p>\n")
        }
    }

    @Test func refusesAFolderOfSomeoneElseAndWritesNothing() throws {
        try OutputTestFolder.with { folder in
            try folder.put("Output/index.html", "my own page")
            let expected = OutputError(.notQuestlogOutput, "refusing to write to 'Output': the folder is not empty and was not made by Questlog (no .questlog-manifest); choose another --output or empty it")
            #expect(folder.writer().validate(site) == [expected])
            #expect(throws: expected) { try folder.writer().write(site) }
            #expect(folder.tree() == ["index.html": Array("my own page".utf8)])
            #expect(folder.leftovers().isEmpty)
            #expect(expected.diagnostic.description == "error: \(expected.message) [output-not-questlog]")
        }
    }

    @Test func refusesAFolderHoldingOnlyAnotherHiddenFile() throws {
        try OutputTestFolder.with { folder in
            try folder.put("Output/.env", "SECRET=1")
            #expect(folder.writer().validate(site).map(\.kind) == [.notQuestlogOutput])
        }
    }

    @Test func acceptsAGitWorktreeAndNeverTouchesGit() throws {
        try OutputTestFolder.with { folder in
            try folder.put("Output/.git/HEAD", "ref: refs/heads/gh-pages\n")
            try folder.put("Output/.git/objects/ab/cdef", "object")
            try folder.put("Output/.DS_Store", "finder")
            let git = folder.tree("Output/.git")
            _ = try folder.writer().write(site)
            _ = try folder.writer().write([.text("index.html", "changed")])
            let report = try folder.writer().write([])
            #expect(report.removed == ["index.html"])
            #expect(folder.tree("Output/.git") == git)
            #expect(folder.text("Output/.DS_Store") == "finder")
            #expect(folder.tree().keys.sorted() == [".DS_Store", ".git/HEAD", ".git/objects/ab/cdef", ".questlog-manifest"])
        }
    }

    @Test func refusesAFileAsTheOutputFolder() throws {
        try OutputTestFolder.with { folder in
            try folder.put("Output", "not a folder")
            #expect(throws: OutputError(.notAFolder, "refusing to write to 'Output': it is a file, not a folder; choose another --output")) {
                try folder.writer().write(site)
            }
            try folder.put("file", "x")
            #expect(folder.writer("file/Output").validate(site).map(\.kind) == [.notAFolder])
            #expect(folder.text("Output") == "not a folder")
        }
    }

    @Test func refusesADamagedManifestAndDeletesNothing() throws {
        try OutputTestFolder.with { folder in
            try folder.put("outside.txt", "keep me")
            try folder.put("Output/.questlog-manifest", "questlog-manifest 1\n../outside.txt\n")
            let errors = folder.writer().validate([])
            #expect(errors.map(\.kind) == [.damagedManifest])
            #expect(errors.first?.message == "refusing to write to 'Output': its .questlog-manifest is damaged (line 2: it has a '..' component); choose another --output or empty it")
            #expect(throws: OutputError.self) { try folder.writer().write([]) }
            #expect(folder.text("outside.txt") == "keep me")
        }
    }

    @Test func reportsTheDestinationAndTheFileListTogether() throws {
        try OutputTestFolder.with { folder in
            try folder.put("Output/notes.txt", "mine")
            let kinds = folder.writer().validate([.text("a.html"), .text("../b.html")]).map(\.kind)
            #expect(kinds == [.notQuestlogOutput, .invalidPath])
        }
    }

    @Test func refusesToWriteOverTheSite() throws {
        try OutputTestFolder.with { folder in
            let site = folder.path("site")
            try folder.put("site/Content/elden-ring/game.md", "---\ntitle: Elden Ring\n---\n")
            try folder.makeFolder("site/Templates")
            for (output, reason) in [("site", "it is the site's own folder"), (".", "it contains the site"),
                                     ("site/Content", "it is inside the site's Content folder"),
                                     ("site/Content/elden-ring/out", "it is inside the site's Content folder"),
                                     ("site/Templates/x", "it is inside the site's Templates folder"),
                                     ("site/./Content/../", "it is the site's own folder")] {
                let errors = folder.writer(output, siteRoot: site).validate(self.site)
                #expect(errors.map(\.kind) == [.overlapsSite], "\(output)")
                #expect(errors.first?.message.contains(reason) == true, "\(output): \(errors)")
            }
            #expect(folder.writer("site/Output", siteRoot: site).validate(self.site).isEmpty)
            #expect(folder.writer("elsewhere", siteRoot: site).validate(self.site).isEmpty)
            #expect(folder.tree("site").keys.sorted() == ["Content/elden-ring/game.md"])
        }
    }

    @Test func seesThroughSymbolicLinksToTheSite() throws {
        try OutputTestFolder.with { folder in
            try folder.makeFolder("site/Content")
            try FileManager.default.createSymbolicLink(atPath: folder.path("link"), withDestinationPath: folder.path("site"))
            let errors = folder.writer("link/Content", siteRoot: folder.path("site")).validate(site)
            #expect(errors.map(\.kind) == [.overlapsSite])
        }
    }
}
