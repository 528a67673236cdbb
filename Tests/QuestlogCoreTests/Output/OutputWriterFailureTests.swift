import Foundation
import Testing
@testable import QuestlogCore

/// Failures while writing: a clear error, no temporary file, and a manifest a later build can trust.
@Suite struct OutputWriterFailureTests {
    @Test func aFailureMidwayNamesThePathAndLeavesAManifestCoveringEveryFile() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write([.text("a.html"), .text("b.html"), .text("old.html")])
            // Where b.html was, the user now keeps a folder: the write of b.html must fail.
            try FileManager.default.removeItem(atPath: folder.path("Output/b.html"))
            try folder.put("Output/b.html/keep.txt", "mine")
            let files: [OutputFile] = [.text("a.html", "v2"), .text("b.html", "v2"), .text("c.html", "v2"), .text("d/e.html", "v2")]

            #expect(folder.writer().validate(files).isEmpty)
            let error = #expect(throws: OutputError.self) { try folder.writer(jobs: 2).write(files) }
            #expect(error?.kind == .fileSystem)
            #expect(error?.path == "b.html")
            #expect(error?.message == "cannot write 'Output/b.html': \(String(cString: strerror(EISDIR)))")

            #expect(folder.leftovers().isEmpty)
            #expect(folder.text("Output/b.html/keep.txt") == "mine")
            #expect(folder.text("Output/a.html") == "v2")
            #expect(folder.text("Output/c.html") == "v2")
            #expect(!folder.exists("Output/old.html"))
            // Every file of Questlog's that may be on disk stays listed, so the next build can clean up.
            let listed = Set(folder.manifestPaths() ?? [])
            #expect(listed.isSuperset(of: ["a.html", "b.html", "c.html", "d/e.html"]))

            try FileManager.default.removeItem(atPath: folder.path("Output/b.html"))
            let report = try folder.writer().write([.text("a.html", "v2"), .text("b.html", "v2")])
            #expect(report.written == ["b.html"])
            #expect(Set(report.removed) == ["c.html", "d/e.html"])
            #expect(folder.tree().keys.sorted() == [".questlog-manifest", "a.html", "b.html"])
            #expect(folder.manifestPaths() == ["a.html", "b.html"])
        }
    }

    @Test(.enabled(if: getuid() != 0, "permission bits do not stop the superuser from writing"))
    func aReadOnlyFolderFailsWithTheSystemsReason() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write([.text("index.html"), .text("npcs/varre.html")])
            #expect(chmod(folder.path("Output/npcs"), 0o555) == 0)
            let error = #expect(throws: OutputError.self) {
                try folder.writer().write([.text("index.html", "v2"), .text("npcs/varre.html", "v2"), .text("npcs/boc.html")])
            }
            #expect(error?.path == "npcs/boc.html")
            #expect(error?.message == "cannot write 'Output/npcs/boc.html': \(String(cString: strerror(EACCES)))")
            #expect(folder.leftovers().isEmpty)
            #expect(folder.text("Output/index.html") == "v2")
            #expect(folder.text("Output/npcs/varre.html") == "<p>npcs/varre.html</p>\n")
            #expect(Set(folder.manifestPaths() ?? []) == ["index.html", "npcs/boc.html", "npcs/varre.html"])

            #expect(chmod(folder.path("Output/npcs"), 0o755) == 0)
            let report = try folder.writer().write([.text("index.html", "v2")])
            #expect(report.removed == ["npcs/varre.html"])
            #expect(!folder.exists("Output/npcs"))
        }
    }

    @Test func anOutputFolderThatCannotBeCreatedFailsClearly() throws {
        try OutputTestFolder.with { folder in
            try folder.put("blocker", "a file")
            let error = #expect(throws: OutputError.self) { try folder.writer("blocker/Output").write([.text("a.html")]) }
            #expect(error?.kind == .notAFolder)
            #expect(folder.text("blocker") == "a file")
        }
    }
}
