import Foundation
import Testing
@testable import QuestlogCore
import TestSupport

/// Writing, skipping unchanged files and removing what is no longer produced.
@Suite struct OutputWriterTests {
    let site: [OutputFile] = [
        .text("index.html"), .text("404.html"), .text("elden-ring/index.html"),
        .text("elden-ring/npcs/index.html"), .text("elden-ring/npcs/white-mask-varre.html"),
        .text("elden-ring/quests/go-to-the-castle.html"), .text("assets/site.css", "body {}\n"),
        OutputFile(path: "exports/elden-ring/npcs.csv", bytes: [0xEF, 0xBB, 0xBF] + Array("name\r\nVarré\r\n".utf8)),
        OutputFile(path: "assets/empty.js", bytes: []),
    ]

    @Test func writesEveryFileAndTheManifest() throws {
        try OutputTestFolder.with { folder in
            let report = try folder.writer().write(site)
            let paths = site.map(\.path).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            #expect(report == OutputReport(written: paths, unchanged: 0, removed: []))
            var expected = Dictionary(uniqueKeysWithValues: site.map { ($0.path, $0.bytes) })
            expected[".questlog-manifest"] = Array(("questlog-manifest 1\n" + paths.map { $0 + "\n" }.joined()).utf8)
            #expect(folder.tree() == expected)
            #expect(folder.leftovers().isEmpty)
        }
    }

    /// The writer takes the manifest of an earlier look at the folder only while the file's bytes
    /// are those that look read.
    @Test func aManifestSeenBeforeIsParsedAgainOnceItChanged() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write(site)
            var writer = folder.writer()
            var errors: [OutputError] = []
            let first = try #require(writer.inspectDestination(errors: &errors))
            writer.inspected = first
            #expect(writer.inspectDestination(errors: &errors)?.manifest == first.manifest)
            try folder.put("Output/.questlog-manifest", "questlog-manifest 1\nindex.html\nother.html\n")
            #expect(writer.inspectDestination(errors: &errors)?.manifest?.paths == ["index.html", "other.html"])
            try folder.put("Output/.questlog-manifest", "questlog-manifest 1\n../escape.html\n")
            #expect(writer.inspectDestination(errors: &errors) == nil)
            #expect(errors.map(\.kind) == [.damagedManifest])
        }
    }

    /// A name may start with a combining mark: the '/' before it, one character with it, still
    /// ends a folder, and the folder is made.
    @Test func writesANameStartingWithACombiningMark() throws {
        try OutputTestFolder.with { folder in
            let files = [OutputFile.text("a/\u{301}b.html", "b"), .text("c.html", "c")]
            let report = try folder.writer().write(files)
            #expect(report.written.count == 2)
            #expect(folder.tree()["a/\u{301}b.html"] == Array("b".utf8))
        }
    }

    @Test func aSecondWriteWithNoChangeRewritesNothing() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write(site)
            try folder.backdate()
            let before = try folder.stamps()
            let report = try folder.writer().write(site.reversed())
            #expect(report == OutputReport(written: [], unchanged: site.count, removed: []))
            let after = try folder.stamps()
            #expect(after == before)
            #expect(after.count == site.count + 1)
        }
    }

    @Test func rewritesOnlyTheFilesThatChanged() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write(site)
            try folder.backdate()
            let before = try folder.stamps()
            var changed = site
            changed[2] = .text("elden-ring/index.html", "<p>new progress</p>\n")
            changed[6] = .text("assets/site.css", "body {}\n\n") // same start, one byte longer
            let report = try folder.writer().write(changed)
            #expect(report == OutputReport(written: ["assets/site.css", "elden-ring/index.html"], unchanged: site.count - 2, removed: []))
            let after = try folder.stamps()
            for (path, stamp) in before {
                if report.written.contains(path) {
                    #expect(after[path]?.inode != stamp.inode, "\(path)")
                    #expect(after[path]?.modified != stamp.modified, "\(path)")
                } else {
                    #expect(after[path] == stamp, "\(path)")
                }
            }
            #expect(folder.text("Output/elden-ring/index.html") == "<p>new progress</p>\n")
        }
    }

    @Test func rewritesAFileEditedOnDiskBehindItsBack() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write(site)
            try folder.put("Output/index.html", "<p>index.htmX</p>\n") // same size, other bytes
            let report = try folder.writer().write(site)
            #expect(report.written == ["index.html"])
            #expect(folder.text("Output/index.html") == "<p>index.html</p>\n")
        }
    }

    @Test func removesFilesNoLongerProducedAndTheFoldersLeftEmpty() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write(site + [.text("old/deep/er/page.html"), .text("elden-ring/npcs/boc.html")])
            try folder.put("Output/elden-ring/quests/my-notes.txt", "mine")
            let report = try folder.writer().write(site.filter { !$0.path.hasPrefix("elden-ring/quests/") })
            #expect(report.removed == ["elden-ring/npcs/boc.html", "elden-ring/quests/go-to-the-castle.html", "old/deep/er/page.html"])
            #expect(report.written.isEmpty)
            #expect(!folder.exists("Output/old"))
            #expect(folder.text("Output/elden-ring/quests/my-notes.txt") == "mine")
            #expect(folder.folders() == ["assets", "elden-ring", "elden-ring/npcs", "elden-ring/quests", "exports", "exports/elden-ring"])
            #expect(folder.manifestPaths() == site.map(\.path).filter { !$0.hasPrefix("elden-ring/quests/") }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        }
    }

    @Test func writingNothingEmptiesTheFolderButKeepsItAndTheManifest() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write(site)
            let report = try folder.writer().write([])
            #expect(report.removed.count == site.count)
            #expect(folder.tree() == [".questlog-manifest": Array("questlog-manifest 1\n".utf8)])
            #expect(folder.folders().isEmpty)
        }
    }

    @Test func filesTheUserAddedSurviveEveryBuild() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write(site)
            let mine = ["CNAME": "quests.example.org", ".nojekyll": "", "elden-ring/npcs/portrait.png": "png",
                        "drafts/ideas.md": "ideas", "assets/custom.css": "b {}"]
            for (path, text) in mine { try folder.put("Output/" + path, text) }
            _ = try folder.writer().write(site.map { .text($0.path, "v2") })
            _ = try folder.writer().write(site.filter { $0.path.hasPrefix("assets/") })
            _ = try folder.writer().write([])
            #expect(folder.tree() == Dictionary(uniqueKeysWithValues: mine.map { ($0.key, Array($0.value.utf8)) })
                .merging([".questlog-manifest": Array("questlog-manifest 1\n".utf8)]) { a, _ in a })
            #expect(folder.leftovers().isEmpty)
        }
    }

    @Test func keepsAFolderWhereAListedFileWasReplacedByTheUsersFolder() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write([.text("a.html"), .text("b.html")])
            try FileManager.default.removeItem(atPath: folder.path("Output/b.html"))
            try folder.put("Output/b.html/mine.txt", "mine")
            let report = try folder.writer().write([.text("a.html")])
            #expect(report.removed.isEmpty)
            #expect(folder.text("Output/b.html/mine.txt") == "mine")
        }
    }

    @Test func neverRemovesThroughALinkTheUserPutInPlaceOfAFolder() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write([.text("index.html"), .text("old/page.html"), .text("old/deeper/more.html")])
            try folder.put("elsewhere/page.html", "not Questlog's")
            try folder.put("elsewhere/deeper/more.html", "not Questlog's either")
            try FileManager.default.removeItem(atPath: folder.path("Output/old"))
            try FileManager.default.createSymbolicLink(atPath: folder.path("Output/old"), withDestinationPath: folder.path("elsewhere"))
            let report = try folder.writer().write([.text("index.html")])
            #expect(report.removed.isEmpty)
            #expect(folder.tree("elsewhere").count == 2)
            #expect(folder.manifestPaths() == ["index.html"])
        }
    }

    @Test func replacesItsOwnFileWithAFolderAndBack() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write([.text("npcs"), .text("index.html")])
            var report = try folder.writer().write([.text("npcs/varre.html"), .text("index.html")])
            #expect(report == OutputReport(written: ["npcs/varre.html"], unchanged: 1, removed: ["npcs"]))
            report = try folder.writer().write([.text("npcs"), .text("index.html")])
            #expect(report == OutputReport(written: ["npcs"], unchanged: 1, removed: ["npcs/varre.html"]))
            #expect(folder.tree().keys.sorted() == [".questlog-manifest", "index.html", "npcs"])
        }
    }

    @Test func replacesAFolderHoldingOnlyItsOwnFilesWithAFile() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write([.text("a/b/c.html"), .text("a/d.html")])
            let report = try folder.writer().write([.text("a")])
            #expect(report == OutputReport(written: ["a"], unchanged: 0, removed: ["a/b/c.html", "a/d.html"]))
            #expect(folder.text("Output/a") == "<p>a</p>\n")
        }
    }

    @Test func renamesAFileWhoseNameOnlyChangesCase() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write([.text("Readme.html", "one")])
            let report = try folder.writer().write([.text("readme.html", "two")])
            #expect(report == OutputReport(written: ["readme.html"], unchanged: 0, removed: ["Readme.html"]))
            #expect(folder.tree() == [".questlog-manifest": Array("questlog-manifest 1\nreadme.html\n".utf8),
                                      "readme.html": Array("two".utf8)])
        }
    }

    @Test func replacesALinkAtAListedPathWithoutWritingThroughIt() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write([.text("a.html")])
            try folder.put("target.txt", "outside")
            try FileManager.default.removeItem(atPath: folder.path("Output/a.html"))
            try FileManager.default.createSymbolicLink(atPath: folder.path("Output/a.html"), withDestinationPath: folder.path("target.txt"))
            let report = try folder.writer().write([.text("a.html")])
            #expect(report.written == ["a.html"])
            #expect(folder.text("target.txt") == "outside")
            let type = try FileManager.default.attributesOfItem(atPath: folder.path("Output/a.html"))[.type] as? FileAttributeType
            #expect(type == .typeRegular)
            #expect(folder.text("Output/a.html") == "<p>a.html</p>\n")
        }
    }

    @Test func givesTheSameTreeWithOneOrFourJobs() throws {
        try OutputTestFolder.with { folder in
            let files = (0..<400).map { index in
                OutputFile(path: "game-\(index % 7)/kind-\(index % 3)/entry-\(index).html",
                           bytes: Array(String(repeating: "entry \(index) ", count: index % 50).utf8))
            }
            let one = try folder.writer("one", jobs: 1).write(files)
            let four = try folder.writer("four", jobs: 4).write(files)
            #expect(one == four)
            #expect(folder.tree("one") == folder.tree("four"))
            #expect(folder.tree("one").count == files.count + 1)

            let next = files.enumerated().compactMap { index, file in
                index % 5 == 0 ? nil : (index % 3 == 0 ? OutputFile(path: file.path, bytes: file.bytes + [0x0A]) : file)
            }
            #expect(try folder.writer("one", jobs: 1).write(next) == folder.writer("four", jobs: 4).write(next))
            #expect(folder.tree("one") == folder.tree("four"))
            #expect(folder.folders("one") == folder.folders("four"))
            #expect(folder.leftovers().isEmpty)
        }
    }

    @Test func writesTheManifestOnlyWhenTheListChanges() throws {
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write(site)
            try folder.backdate()
            let stamp = try folder.stamps()[".questlog-manifest"]
            _ = try folder.writer().write(site.map { .text($0.path, "changed content") })
            #expect(try folder.stamps()[".questlog-manifest"] == stamp)
            _ = try folder.writer().write(Array(site.dropFirst()))
            #expect(try folder.stamps()[".questlog-manifest"] != stamp)
            #expect(folder.manifestPaths()?.contains("index.html") == false)
        }
    }
}
