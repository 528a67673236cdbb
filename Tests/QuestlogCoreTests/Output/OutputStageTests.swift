import Foundation
import Testing
@testable import QuestlogCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A build writes each file into a staging folder as soon as it is made and renames it into place
/// only once the whole site is known to be good.
@Suite struct OutputStageTests {
    static let fixture = TestSite.packageRoot + "/Tests/Fixtures/valid/wiki/site"

    /// The names at the top of the output folder that belong to a build in progress or killed.
    static func temporaryNames(_ output: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []).filter { $0.hasPrefix(OutputTemporaryName.prefix) }
    }

    /// The modification time of a file, to the nanosecond.
    static func modified(_ path: String) -> timespec {
        var info = stat()
        _ = stat(path, &info)
        #if canImport(Darwin)
        return info.st_mtimespec
        #else
        return info.st_mtim
        #endif
    }

    /// Sets a file's modification (and access) time.
    static func setModified(_ path: String, _ time: timespec) {
        var times = [time, time]
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }

    @Test func aProblemFoundAfterPagesWereStagedLeavesNoOutputFolder() throws {
        let site = TestSite(copying: Self.fixture)
        defer { site.remove() }
        // Every page is made before the output paths are checked as a whole, so this one is found last.
        site.write("Content/elden-ring/odd\\name.png", "x")
        let result = site.build()
        #expect(result.report == nil)
        #expect(result.diagnostics.all.contains { $0.code == "output-invalid-path" })
        #expect(!FileManager.default.fileExists(atPath: site.root + "/Output"), "the output folder made for staging is gone")
    }

    @Test func aFileInTheWayFoundAtTheEndLeavesTheOutputAsItWas() throws {
        let site = TestSite(copying: Self.fixture)
        defer { site.remove() }
        #expect(site.build().report != nil)
        site.write("Content/elden-ring/npcs/new.md", "---\nname: Someone New\n---\nNew here.\n")
        site.write("Content/elden-ring/npcs/merchant-kale.md", "---\nname: Merchant Kalé\n---\nChanged.\n")
        site.write("Output/elden-ring/npcs/new.html", "mine")
        let before = TestSite.tree(site.root + "/Output")
        let result = site.build()
        #expect(result.report == nil)
        #expect(result.diagnostics.all.contains { $0.message.contains("new.html") })
        #expect(TestSite.tree(site.root + "/Output") == before)
        #expect(Self.temporaryNames(site.root + "/Output").isEmpty)
    }

    static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Sets when the last build's record says its files began to be put in place.
    static func recordWritten(_ site: TestSite, at time: Int64) throws {
        let path = BuildCache.path(site: site.root, output: site.root + "/Output")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("written\t") ? "written\t\(time)" : String(line)
        }
        #expect(lines.contains("written\t\(time)"))
        try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// A file is compared byte for byte while a change after its build put it in place could have
    /// kept its time: 50 ms for a time with a fraction of a second, two seconds for
    /// whole seconds; past that, its stamp vouches for it.
    @Test func aFileIsComparedWhileALaterChangeCouldKeepItsTime() throws {
        let site = TestSite(["Output/page.html": "<p>a page</p>\n"])
        defer { site.remove() }
        let output = site.root + "/Output"
        let path = output + "/page.html"
        func kept(modified: timespec, recordedAfter delay: Int64) -> Bool {
            Self.setModified(path, modified)
            let time = Self.nanoseconds(modified)
            // A stamp whose hash is not the file's: only a stage that trusts the stamp keeps it.
            let stamp = SourceStamp(path: "page.html", size: 14, modified: time, hash: 12345)
            let writer = OutputWriter(directory: output, displayName: "Output", siteRoot: site.root, jobs: 1)
            let stage = OutputStage(writer: writer, previous: [stamp], recorded: time + delay, active: true)
            defer { stage.discard() }
            return stage.keep("page.html")
        }
        let fine = timespec(tv_sec: 1_700_000_000, tv_nsec: 123_456_789)
        let whole = timespec(tv_sec: 1_700_000_000, tv_nsec: 0)
        #expect(!kept(modified: fine, recordedAfter: 30_000_000))
        #expect(kept(modified: fine, recordedAfter: 70_000_000))
        #expect(!kept(modified: whole, recordedAfter: 1_500_000_000))
        #expect(kept(modified: whole, recordedAfter: 2_500_000_000))
        #expect(!kept(modified: fine, recordedAfter: -1_000_000), "written after the record began")
    }

    /// A large file written just before its build put the output in place (the exports are made
    /// last) is trusted by its size and time, unread, as its time was set back by more than the
    /// window in which a later change could keep it; a small one written then is read to be
    /// trusted, and a large one changed since, at the same size, is not trusted.
    @Test func aLargeFileWrittenJustBeforeTheOutputWasPutInPlaceIsTrustedUnread() throws {
        let site = TestSite(["questlog.yml": "title: T\n"])
        defer { site.remove() }
        let output = site.root + "/Output"
        try FileManager.default.createDirectory(atPath: output + "/exports", withIntermediateDirectories: true)
        let large = [UInt8](repeating: UInt8(ascii: "a"), count: OutputFileSystem.backdatedSize)
        let small = Array("{}\n".utf8)
        var stamps: [SourceStamp] = []
        for (name, bytes) in [("large", large), ("small", small)] {
            let path = "exports/\(name).json"
            let modified = try #require(try OutputFileSystem.create(output + "/" + path, chunks: [bytes], backdating: true))
            stamps.append(SourceStamp(path: path, size: bytes.count, modified: modified, hash: ContentHash.hash(bytes)))
        }
        // Put in place right after they were written.
        let recorded = Int64(Date().timeIntervalSince1970 * 1e9)
        func stage() -> OutputStage {
            OutputStage(writer: OutputWriter(directory: output, displayName: "Output", siteRoot: site.root, jobs: 1),
                        previous: stamps, recorded: recorded, active: true)
        }
        let next = stage()
        defer { next.discard() }
        #expect(next.keep("exports/large.json"))
        #expect(next.racyFilesRead == 0)
        #expect(next.keep("exports/small.json"))
        #expect(next.racyFilesRead == 1)
        // Changed at the same size: a write gives the file the time of that write.
        let descriptor = open(output + "/exports/large.json", O_WRONLY)
        #expect(descriptor >= 0)
        #expect(pwrite(descriptor, "b", 1, 0) == 1)
        close(descriptor)
        let after = stage()
        defer { after.discard() }
        #expect(!after.keep("exports/large.json"))
    }

    /// A file whose stamp cannot vouch for it is read once a build: asked about again (a document
    /// whose pieces were read is then made and added), or under another name of the same file (a
    /// one-game site's `site.json` and its game's document), it is answered without reading it
    /// again. Another file of the same bytes is read on its own.
    @Test func aFileReadToBeToldIntactIsReadOnceUnderEveryName() throws {
        let bytes = "{\"entries\": []}\n"
        let site = TestSite(["Output/exports/world.json": bytes, "Output/exports/copy.json": bytes])
        defer { site.remove() }
        let output = site.root + "/Output"
        #expect(link(output + "/exports/world.json", output + "/exports/site.json") == 0)
        let modified = timespec(tv_sec: 1_700_000_000, tv_nsec: 123_456_789)
        let time = Self.nanoseconds(modified)
        for name in ["world", "copy"] { Self.setModified(output + "/exports/\(name).json", modified) }
        let hash = try #require(ContentHash.hash(ofFile: output + "/exports/world.json"))
        func stage(hash: UInt64) -> OutputStage {
            let stamps = ["world", "site", "copy"].map { SourceStamp(path: "exports/\($0).json", size: bytes.utf8.count, modified: time, hash: hash) }
            let writer = OutputWriter(directory: output, displayName: "Output", siteRoot: site.root, jobs: 1)
            // Recorded within the window in which a later change could keep the time: read to be trusted.
            return OutputStage(writer: writer, previous: stamps, recorded: time + 10_000_000, active: true)
        }
        let trusted = stage(hash: hash)
        defer { trusted.discard() }
        #expect(trusted.open("exports/world.json", pieces: [bytes.utf8.count]) != nil)
        #expect(trusted.keep("exports/world.json"))
        #expect(trusted.keep("exports/site.json"))
        #expect(trusted.racyFilesRead == 1)
        #expect(trusted.keep("exports/copy.json"))
        #expect(trusted.racyFilesRead == 2)
        // Bytes that are not the recorded ones are found so under each name.
        let changed = stage(hash: hash ^ 1)
        defer { changed.discard() }
        #expect(!changed.keep("exports/world.json"))
        #expect(!changed.keep("exports/site.json"))
        #expect(changed.racyFilesRead == 1)
    }

    /// A file still as the last build recorded it holds the bytes of the recorded hash: one of
    /// other bytes is written without being read and compared, one without a record is compared.
    @Test func aFileAsRecordedIsToldApartByItsHashUnread() throws {
        let site = TestSite(["Output/page.html": "<p>a page</p>\n", "Output/.questlog-manifest": "questlog-manifest 1\npage.html\n"])
        defer { site.remove() }
        let output = site.root + "/Output"
        let path = output + "/page.html"
        let modified = timespec(tv_sec: 1_700_000_000, tv_nsec: 123_456_789)
        Self.setModified(path, modified)
        let time = Self.nanoseconds(modified)
        func written(previous: [SourceStamp]) throws -> Bool {
            let writer = OutputWriter(directory: output, displayName: "Output", siteRoot: site.root, jobs: 1)
            let stage = OutputStage(writer: writer, previous: previous, recorded: time + 1_000_000_000, active: true)
            // The very bytes on disk, made again.
            stage.add(OutputFile(path: "page.html", bytes: Array("<p>a page</p>\n".utf8)))
            #expect(stage.validate().isEmpty)
            return try stage.commit().report.written.contains("page.html")
        }
        // The record says other bytes (a hash not the file's): trusted, the file is written again.
        #expect(try written(previous: [SourceStamp(path: "page.html", size: 14, modified: time, hash: 12345)]))
        Self.setModified(path, modified)
        // No record: the bytes on disk are compared, and found the same.
        #expect(try !written(previous: []))
        // A record of the file's own hash vouches for it.
        let hash = try #require(ContentHash.hash(ofFile: path))
        #expect(try !written(previous: [SourceStamp(path: "page.html", size: 14, modified: time, hash: hash)]))
    }

    /// Into a folder missing or empty when the build began, every file is written and the staging
    /// folder goes; a folder that held something has its files compared, as always.
    @Test func aNewOrEmptyFolderHasEveryFileWrittenAndNoStagingFolderLeft() throws {
        let site = TestSite(["Content/.keep": "", "Kept/.questlog-manifest": "questlog-manifest 1\npage.html\n",
                             "Kept/page.html": "<p>a page</p>\n"])
        defer { site.remove() }
        func build(into output: String) throws -> OutputReport {
            let writer = OutputWriter(directory: output, displayName: "Output", siteRoot: site.root, jobs: 2)
            let stage = OutputStage(writer: writer, previous: [], active: true)
            stage.add(OutputFile(path: "page.html", bytes: Array("<p>a page</p>\n".utf8)))
            stage.add(OutputFile(path: "a/b/other.html", chunks: [Array("<p>".utf8), Array("other</p>\n".utf8)]))
            #expect(stage.validate().isEmpty)
            let report = try stage.commit().report
            #expect(Self.temporaryNames(output).isEmpty, "no staging folder left in \(output)")
            #expect(try String(contentsOfFile: output + "/a/b/other.html", encoding: .utf8) == "<p>other</p>\n")
            return report
        }
        // Missing, then empty.
        #expect(try build(into: site.root + "/New").written == ["a/b/other.html", "page.html"])
        try FileManager.default.createDirectory(atPath: site.root + "/Empty", withIntermediateDirectories: false)
        #expect(try build(into: site.root + "/Empty").written == ["a/b/other.html", "page.html"])
        // Not empty (the last build's, without its record): the page already there with its bytes is kept.
        #expect(try build(into: site.root + "/Kept").written == ["a/b/other.html"])
    }

    /// Into a folder missing or empty when the build began, each file is staged at its own path,
    /// and the staging folder's top entries are moved into place; a folder that held something has
    /// its files staged by number and renamed one by one.
    @Test func filesForANewFolderAreStagedAtTheirOwnPaths() throws {
        let site = TestSite(["Content/.keep": "", "Kept/.questlog-manifest": "questlog-manifest 1\npage.html\n",
                             "Kept/page.html": "<p>old</p>\n"])
        defer { site.remove() }
        func stage(into output: String, previous: [SourceStamp] = []) -> OutputStage {
            let stage = OutputStage(writer: OutputWriter(directory: output, displayName: "Output", siteRoot: site.root, jobs: 2),
                                    previous: previous, active: true)
            for path in ["page.html", "a/b/other.html", "a/c.css", "z/deep/er/x.json"] {
                stage.add(OutputFile(path: path, bytes: Array("<p>\(path)</p>\n".utf8)))
            }
            return stage
        }
        let new = site.root + "/New"
        let fresh = stage(into: new)
        let tree = new + "/" + OutputTemporaryName.tree
        #expect(try String(contentsOfFile: tree + "/a/b/other.html", encoding: .utf8) == "<p>a/b/other.html</p>\n")
        #expect(try String(contentsOfFile: tree + "/z/deep/er/x.json", encoding: .utf8) == "<p>z/deep/er/x.json</p>\n")
        #expect(fresh.validate().isEmpty)
        let committed = try fresh.commit()
        #expect(committed.report.written == ["a/b/other.html", "a/c.css", "page.html", "z/deep/er/x.json"])
        #expect(committed.outputs?.map(\.path) == ["a/b/other.html", "a/c.css", "page.html", "z/deep/er/x.json"])
        // Each recorded as it is on disk: the time it was written with, which moving it kept.
        for stamp in committed.outputs ?? [] {
            let now = SourceStamp.current(stamp.path, in: new)
            #expect(now?.modified == stamp.modified && now?.size == stamp.size, "\(stamp.path)")
        }
        let expected = [
            ".questlog-manifest": "questlog-manifest 1\na/b/other.html\na/c.css\npage.html\nz/deep/er/x.json\n",
            "a/b/other.html": "<p>a/b/other.html</p>\n", "a/c.css": "<p>a/c.css</p>\n", "page.html": "<p>page.html</p>\n",
            "z/deep/er/x.json": "<p>z/deep/er/x.json</p>\n",
        ]
        #expect(TestSite.tree(new) == expected.mapValues { Array($0.utf8) })

        // Emptied since the last build: what that build recorded is not looked for.
        try FileManager.default.removeItem(atPath: new)
        let recorded = [SourceStamp(path: "page.html", size: 17, modified: 1_700_000_000_000_000_000, hash: 5)]
        let emptied = stage(into: new, previous: recorded)
        #expect(FileManager.default.fileExists(atPath: tree + "/page.html"))
        #expect(try emptied.commit().report.written.count == 4)

        // A folder with something in it: files staged by number, as before.
        let kept = stage(into: site.root + "/Kept")
        #expect(FileManager.default.fileExists(atPath: site.root + "/Kept/" + OutputTemporaryName.stage + "/1"))
        #expect(!FileManager.default.fileExists(atPath: site.root + "/Kept/" + OutputTemporaryName.tree))
        let keptCommit = try kept.commit()
        #expect(keptCommit.report.written == ["a/b/other.html", "a/c.css", "page.html", "z/deep/er/x.json"])
        for stamp in keptCommit.outputs ?? [] {
            #expect(SourceStamp.current(stamp.path, in: site.root + "/Kept")?.modified == stamp.modified, "\(stamp.path)")
        }
        #expect(Self.temporaryNames(site.root + "/Kept").isEmpty)
    }

    /// A stage of the build of `site` into `output` with `files` (path → text) added, one thread.
    static func staging(_ files: [String: String], into output: String, of site: TestSite) -> OutputStage {
        let stage = OutputStage(writer: OutputWriter(directory: output, displayName: "Output", siteRoot: site.root, jobs: 1),
                                previous: [], active: true)
        for (path, text) in files.sorted(by: { $0.key < $1.key }) { stage.add(OutputFile(path: path, bytes: Array(text.utf8))) }
        return stage
    }

    /// Files staged at their own paths and discarded leave nothing: not the staging folder, not its
    /// folders, not the output folder made for it.
    @Test func filesStagedAtTheirOwnPathsAndDiscardedLeaveNothing() throws {
        let site = TestSite(["Content/.keep": ""])
        defer { site.remove() }
        let output = site.root + "/Out/put"
        let stage = Self.staging(["a/b/c.html": "c", "a/d.html": "d"], into: output, of: site)
        #expect(FileManager.default.fileExists(atPath: output + "/" + OutputTemporaryName.tree + "/a/b/c.html"))
        stage.discard()
        #expect(!FileManager.default.fileExists(atPath: site.root + "/Out"))
    }

    /// A path given twice, staged at its own path, keeps the first file staged there (the second is
    /// not written over it, nor does its failure remove it), and the build is refused.
    @Test func aPathGivenTwiceAtItsOwnPathKeepsTheFirstFile() throws {
        let site = TestSite(["Content/.keep": ""])
        defer { site.remove() }
        let output = site.root + "/Output"
        let stage = Self.staging(["a/page.html": "one"], into: output, of: site)
        stage.add(OutputFile(path: "a/page.html", bytes: Array("two".utf8)))
        #expect(try String(contentsOfFile: output + "/" + OutputTemporaryName.tree + "/a/page.html", encoding: .utf8) == "one")
        #expect(throws: OutputError.self) { try stage.commit() }
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// Something put at a top path of the output while the site was built is neither replaced nor
    /// removed: the build refuses, and its staged files go.
    @Test func somethingPutInPlaceWhileStagingAtOwnPathsIsKept() throws {
        let site = TestSite(["Content/.keep": ""])
        defer { site.remove() }
        let output = site.root + "/Output"
        let stage = Self.staging(["a/b.html": "b", "index.html": "i"], into: output, of: site)
        #expect(stage.validate().isEmpty)
        try FileManager.default.createDirectory(atPath: output + "/a", withIntermediateDirectories: false)
        #expect(throws: OutputError.self) { try stage.commit() }
        #expect(TestSite.tree(output).isEmpty)
        #expect(FileManager.default.fileExists(atPath: output + "/a"), "the empty folder put there stays")
        #expect(Self.temporaryNames(output).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output + "/.questlog-manifest"))
    }

    @Test func foldersMissingOrEmptyAreToldApart() throws {
        let site = TestSite(["Full/.x": "", "Dots/..x": "", "file": "text"])
        defer { site.remove() }
        try FileManager.default.createDirectory(atPath: site.root + "/Empty", withIntermediateDirectories: false)
        #expect(OutputFileSystem.isMissingOrEmptyFolder(site.root + "/Missing"))
        #expect(OutputFileSystem.isMissingOrEmptyFolder(site.root + "/Empty"))
        #expect(!OutputFileSystem.isMissingOrEmptyFolder(site.root + "/Full"))
        #expect(!OutputFileSystem.isMissingOrEmptyFolder(site.root + "/Dots"))
        #expect(!OutputFileSystem.isMissingOrEmptyFolder(site.root + "/file"))
    }

    /// Files kept together are kept all or not at all: each must be on disk as recorded, with the
    /// hash asked for.
    @Test func filesKeptTogetherAreKeptAllOrNone() throws {
        let site = TestSite(["Output/a.js": "a\n", "Output/b.js": "bb\n", "Output/c.js": "ccc\n"])
        defer { site.remove() }
        let output = site.root + "/Output"
        let old = timespec(tv_sec: 1_700_000_000, tv_nsec: 0)
        for name in ["a.js", "b.js", "c.js"] { Self.setModified(output + "/" + name, old) }
        let time = Self.nanoseconds(old)
        let stamps = [("a.js", "a\n"), ("b.js", "bb\n"), ("c.js", "ccc\n")].map { name, text in
            SourceStamp(path: name, size: text.utf8.count, modified: time, hash: ContentHash.hash(Array(text.utf8)))
        }
        let hash = Dictionary(uniqueKeysWithValues: stamps.map { ($0.path, $0.hash) })
        func keep(_ files: [(path: String, hash: UInt64)]) -> (kept: Bool, paths: [String]) {
            let writer = OutputWriter(directory: output, displayName: "Output", siteRoot: site.root, jobs: 1)
            let stage = OutputStage(writer: writer, previous: stamps, recorded: time + 10_000_000_000, active: true)
            defer { stage.discard() }
            let kept = stage.keep(all: files)
            return (kept, stage.paths.sorted())
        }
        #expect(keep([("a.js", hash["a.js"]!), ("c.js", hash["c.js"]!)]) == (true, ["a.js", "c.js"]))
        #expect(keep([]) == (true, []))
        #expect(keep([("a.js", hash["a.js"]!), ("c.js", hash["b.js"]!)]) == (false, []), "another hash than the one recorded")
        #expect(keep([("a.js", hash["a.js"]!), ("d.js", 1)]) == (false, []), "a file the last build did not write")
        Self.setModified(output + "/b.js", timespec(tv_sec: 1_700_000_100, tv_nsec: 0))
        #expect(keep([("a.js", hash["a.js"]!), ("b.js", hash["b.js"]!)]) == (false, []), "a file changed since")
    }

    /// A large file made of the very pieces of the large file before it (a one-game site's
    /// `site.json` and its game's document) takes that file's hash; any other is hashed, and every
    /// file is recorded with the hash of its own bytes.
    @Test func aFileOfTheSamePiecesAsTheOneBeforeTakesItsHash() throws {
        let site = TestSite(["Content/g/game.md": "---\ntitle: G\n---\n"])
        defer { site.remove() }
        let output = site.root + "/Output"
        let run = [UInt8]((0..<(OutputStage.largeFile + 10)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let other = [UInt8]((0..<(OutputStage.largeFile + 10)).map { UInt8(truncatingIfNeeded: $0 &* 11) })
        let copy = run.map { $0 }
        #expect(OutputStage.same([Array("{".utf8), run, Array("}".utf8)], [Array("{".utf8), run, Array("}".utf8)]))
        #expect(!OutputStage.same([Array("{".utf8), run], [Array("[".utf8), run]), "another small piece")
        #expect(!OutputStage.same([Array("{".utf8), run], [Array("{".utf8), copy]), "a large piece of the same bytes, not the same buffer")
        #expect(!OutputStage.same([run], [run, run]))
        let files = [OutputFile(path: "a.json", chunks: [Array("{".utf8), run, Array("}".utf8)]),
                     OutputFile(path: "b.json", chunks: [Array("{".utf8), run, Array("}".utf8)]),
                     OutputFile(path: "c.json", chunks: [Array("{".utf8), other, Array("}".utf8)]),
                     OutputFile(path: "d.json", chunks: [Array("[".utf8), other, Array("]".utf8)])]
        let writer = OutputWriter(directory: output, displayName: "Output", siteRoot: site.root, jobs: 1)
        let stage = OutputStage(writer: writer, previous: [], active: true)
        for file in files { stage.add(file) }
        let outputs = try #require(try stage.commit().outputs)
        for file in files {
            let bytes = try #require(FileManager.default.contents(atPath: output + "/" + file.path))
            #expect([UInt8](bytes) == file.bytes)
            #expect(outputs.first { $0.path == file.path }?.hash == ContentHash.hash(file.bytes), "\(file.path)")
        }
    }

    /// A large file made of the very pieces of the large file staged before it is staged as another
    /// name of that file (a hard link), written once; the two stay apart on disk from then on: a
    /// later build that gives one of them other bytes leaves the other as it was.
    @Test func aFileOfTheSamePiecesAsTheOneStagedBeforeIsAnotherNameOfIt() throws {
        let site = TestSite(["Content/g/game.md": "---\ntitle: G\n---\n"])
        defer { site.remove() }
        let output = site.root + "/Output"
        func pieces(_ factor: Int, _ open: String = "{", _ close: String = "}") -> [[UInt8]] {
            [Array(open.utf8), (0..<(OutputStage.largeFile + 10)).map { UInt8(truncatingIfNeeded: $0 &* factor) }, Array(close.utf8)]
        }
        func inode(_ name: String) -> (inode: UInt, links: UInt) {
            var info = stat()
            guard stat(output + "/" + name, &info) == 0 else { return (0, 0) }
            return (UInt(info.st_ino), UInt(info.st_nlink))
        }
        func build(_ files: [OutputFile], previous: [SourceStamp]) throws -> [SourceStamp] {
            let writer = OutputWriter(directory: output, displayName: "Output", siteRoot: site.root, jobs: 1)
            let stage = OutputStage(writer: writer, previous: previous, active: true)
            for file in files { stage.add(file) }
            let outputs = try #require(try stage.commit().outputs)
            for file in files {
                let bytes = try #require(FileManager.default.contents(atPath: output + "/" + file.path))
                #expect([UInt8](bytes) == file.bytes, "\(file.path)")
                #expect(outputs.first { $0.path == file.path }?.hash == ContentHash.hash(file.bytes), "\(file.path)")
            }
            return outputs
        }
        let run = pieces(7), other = pieces(11)
        var outputs = try build([OutputFile(path: "a.json", chunks: run), OutputFile(path: "b.json", chunks: run),
                                 OutputFile(path: "c.json", chunks: other), OutputFile(path: "d.json", chunks: pieces(11, "[", "]"))],
                                previous: [])
        #expect(inode("a.json").inode == inode("b.json").inode)
        #expect(inode("a.json").links == 2)
        #expect(inode("c.json").links == 1, "the same bytes, not the same pieces")
        #expect(inode("d.json").links == 1)
        // Both given other bytes, the same again: one new file of two names.
        let next = pieces(13)
        outputs = try build([OutputFile(path: "a.json", chunks: next), OutputFile(path: "b.json", chunks: next)], previous: outputs)
        #expect(inode("a.json").inode == inode("b.json").inode)
        #expect(inode("a.json").links == 2)
        // One of them alone given other bytes: the other keeps its own.
        _ = try build([OutputFile(path: "a.json", chunks: next), OutputFile(path: "b.json", chunks: pieces(17))], previous: outputs)
        #expect(inode("a.json").inode != inode("b.json").inode)
        #expect(inode("a.json").links == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output + "/a.json")) == Data(next.joined()))
    }

    /// A commit that keeps the second names of the large files it replaced (and of the small ones,
    /// where the file system swaps files: `OutputFileSystem.exchange`) leaves them, and the
    /// staging folder holding them, until they are dropped, by the build or by the stage going
    /// away; the files put in place hold their new bytes all along, and nothing else is left.
    @Test func theReplacedFilesSecondNamesAreDroppedAfterTheCommitThatKeptThem() throws {
        let site = TestSite(["Content/g/game.md": "---\ntitle: G\n---\n"])
        defer { site.remove() }
        let output = site.root + "/Output"
        func file(_ path: String, _ factor: Int) -> OutputFile {
            OutputFile(path: path, bytes: (0..<(OutputStage.largeFile + 10)).map { UInt8(truncatingIfNeeded: $0 &* factor) })
        }
        func stage(_ files: [OutputFile], previous: [SourceStamp]) -> OutputStage {
            let stage = OutputStage(writer: OutputWriter(directory: output, displayName: "Output", siteRoot: site.root, jobs: 2),
                                    previous: previous, active: true)
            for file in files { stage.add(file) }
            return stage
        }
        var outputs = try #require(try stage([file("a.json", 3), file("b/c.json", 5), OutputFile(path: "d.html", text: "d")], previous: [])
            .commit(keepingAsides: true).outputs)
        #expect(Self.temporaryNames(output).isEmpty, "a new folder replaces nothing")
        let asides = try OutputFileSystemTests.swapsFiles(inFolder: output) ? 3 : 2
        for round in 0..<2 {
            let files = [file("a.json", 7 + round), file("b/c.json", 11 + round), OutputFile(path: "d.html", text: "e\(round)")]
            let building = stage(files, previous: outputs)
            outputs = try #require(try building.commit(keepingAsides: true).outputs)
            for made in files {
                #expect(try OutputFileSystem.read(output + "/" + made.path) == made.bytes, "\(made.path)")
            }
            let left = Self.temporaryNames(output)
            #expect(left.count == 1, "the staging folder, holding the second names")
            #expect(try left.allSatisfy { try FileManager.default.contentsOfDirectory(atPath: output + "/" + $0).count == asides })
            if round == 0 {
                #expect(building.dropAsides() == asides)
                #expect(building.dropAsides() == 0)
            }
            // In the second round the stage goes away undropped: it drops them itself.
        }
        #expect(Self.temporaryNames(output).isEmpty)
        // Committed without keeping them, none is left at any moment.
        let files = [file("a.json", 19), file("b/c.json", 23)]
        _ = try stage(files, previous: outputs).commit()
        #expect(Self.temporaryNames(output).isEmpty)
        #expect(try OutputFileSystem.read(output + "/a.json") == files[0].bytes)
    }

    /// The files examined ahead, a folder at a time, are those `SourceStamp.current` examines one by one.
    @Test func filesExaminedAheadAreAsEachExaminedAlone() throws {
        let site = TestSite(["Output/index.html": "home\n", "Output/g/npcs/a.html": "a\n", "Output/g/npcs/b.html": "bb\n",
                             "Output/g/index.html": "game\n", "Output/g/npcs/sub/c.html": "ccc\n"])
        defer { site.remove() }
        let output = site.root + "/Output"
        try FileManager.default.createSymbolicLink(atPath: output + "/g/linked.html", withDestinationPath: "index.html")
        let paths = ["index.html", "g/npcs/a.html", "g/npcs/b.html", "g/index.html", "g/npcs/sub/c.html", "g/linked.html",
                     "g/npcs", "g/missing.html", "gone/x.html", "g/npcs/sub"]
        var examined: [String: SourceStamp] = [:]
        OutputStage.examine(paths, in: output) { examined[$0.path] = $0 }
        for path in paths {
            #expect(examined[path] == SourceStamp.current(path, in: output), "\(path)")
        }
        #expect(examined.count == 6)
    }

    /// Gives every file under `folder` a modification time an hour ago.
    static func backdate(_ folder: String) {
        let old = timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)
        for path in FileManager.default.subpaths(atPath: folder) ?? [] {
            var info = stat()
            if stat(folder + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { setModified(folder + "/" + path, old) }
        }
    }

    /// Replaces a page's bytes by others of the same size, keeping its modification time: only a
    /// build that reads the file back can tell. Returns the original and the altered bytes.
    static func tamper(_ page: String) throws -> (original: Data, altered: Data) {
        let original = try #require(FileManager.default.contents(atPath: page))
        let time = modified(page)
        var altered = original
        altered[altered.count - 2] ^= 0x20
        try altered.write(to: URL(fileURLWithPath: page))
        setModified(page, time)
        return (original, altered)
    }

    @Test func anUnchangedFileIsVouchedForByItsStampAndHash() throws {
        let site = TestSite(copying: Self.fixture)
        defer { site.remove() }
        let page = site.root + "/Output/404.html"
        #expect(site.build().report != nil)
        // Written in the clock tick the files were put in place: too recent to be vouched for, as
        // a change in the same tick would keep their time. The next build compares them. (The
        // record is moved to the page's time, as a build quicker than a tick would have left it.)
        try Self.recordWritten(site, at: Self.nanoseconds(Self.modified(page)) + 1_000_000)
        #expect(site.build().upToDate, "the record is still the build's")
        let recent = try Self.tamper(page)
        site.write("Content/elden-ring/npcs/merchant-kale.md", "---\nname: Merchant Kalé\n---\nChanged.\n")
        #expect(try #require(site.build().report).written.contains("404.html"))
        #expect(FileManager.default.contents(atPath: page) == recent.original)

        // Older files are vouched for by the size, time and hash the last build recorded.
        Self.backdate(site.root + "/Output")
        #expect(try #require(site.build().report).written.isEmpty, "the files are compared and recorded again")
        let old = try Self.tamper(page)
        site.write("Content/elden-ring/npcs/merchant-kale.md", "---\nname: Merchant Kalé\n---\nChanged again.\n")
        let trusting = try #require(site.build().report)
        #expect(!trusting.written.isEmpty)
        #expect(!trusting.written.contains("404.html"))
        #expect(FileManager.default.contents(atPath: page) == old.altered, "the recorded hash vouched for the file")
        #expect(Self.temporaryNames(site.root + "/Output").isEmpty)

        // A file whose time changed is compared byte for byte.
        Self.setModified(page, timespec(tv_sec: 1_000_000, tv_nsec: 0))
        site.write("Content/elden-ring/npcs/merchant-kale.md", "---\nname: Merchant Kalé\n---\nChanged a third time.\n")
        #expect(try #require(site.build().report).written.contains("404.html"))
        #expect(FileManager.default.contents(atPath: page) == old.original)

        // `--clean` trusts no record.
        Self.backdate(site.root + "/Output")
        #expect(try #require(site.build().report).written.isEmpty)
        _ = try Self.tamper(page)
        var options = BuildOptions(site: site.root, output: site.root + "/Output")
        options.clean = true
        let clean = try #require(SiteBuild(options: options).run().report)
        #expect(clean.written == ["404.html"])
        #expect(FileManager.default.contents(atPath: page) == old.original)
    }

    @Test func theStagingFolderOfAKilledBuildIsRemovedWithItsFilesOnly() throws {
        let dead = try OutputWriterLeftoverTests.deadProcess()
        let site = TestSite(copying: Self.fixture)
        defer { site.remove() }
        #expect(site.build().report != nil)
        let output = site.root + "/Output"
        site.write("Output/.questlog-tmp-\(dead)-stage/1", "half a page")
        site.write("Output/.questlog-tmp-\(dead)-stage/27", "another")
        site.write("Output/.questlog-tmp-\(dead + 0)-stage-x/1", "not a staging folder")
        site.write("Content/elden-ring/npcs/merchant-kale.md", "---\nname: Merchant Kalé\n---\nChanged.\n")
        #expect(site.build().report != nil)
        #expect(Self.temporaryNames(output) == [".questlog-tmp-\(dead)-stage-x"])

        // A staging folder that holds something else keeps that, and so stays.
        site.write("Output/.questlog-tmp-\(dead)-stage/3", "staged")
        site.write("Output/.questlog-tmp-\(dead)-stage/notes.txt", "someone's")
        site.write("Content/elden-ring/npcs/merchant-kale.md", "---\nname: Merchant Kalé\n---\nChanged twice.\n")
        #expect(site.build().report != nil)
        #expect(!FileManager.default.fileExists(atPath: output + "/.questlog-tmp-\(dead)-stage/3"))
        #expect(FileManager.default.fileExists(atPath: output + "/.questlog-tmp-\(dead)-stage/notes.txt"))
    }

    /// A killed build's staging folder of files at their own paths goes with its files and folders;
    /// what a link in it points to is not touched.
    @Test func theTreeStagingFolderOfAKilledBuildIsRemovedWithItsFilesAndFolders() throws {
        let dead = try OutputWriterLeftoverTests.deadProcess()
        let site = TestSite(copying: Self.fixture)
        defer { site.remove() }
        #expect(site.build().report != nil)
        let output = site.root + "/Output"
        let tree = "Output/.questlog-tmp-\(dead)-tree"
        site.write(tree + "/index.html", "half a page")
        site.write(tree + "/elden-ring/npcs/varre.html", "another")
        site.write(tree + "/exports/site.json", "{")
        site.write("Content/elden-ring/npcs/merchant-kale.md", "---\nname: Merchant Kalé\n---\nChanged.\n")
        #expect(site.build().report != nil)
        #expect(Self.temporaryNames(output).isEmpty)

        // A link in it stays, with the folders that hold it, and what it points to is kept.
        site.write("Elsewhere/precious.txt", "mine")
        site.write(tree + "/g/page.html", "staged")
        try FileManager.default.createSymbolicLink(atPath: site.root + "/" + tree + "/g/link",
                                                   withDestinationPath: site.root + "/Elsewhere")
        site.write("Content/elden-ring/npcs/merchant-kale.md", "---\nname: Merchant Kalé\n---\nChanged twice.\n")
        #expect(site.build().report != nil)
        #expect(!FileManager.default.fileExists(atPath: site.root + "/" + tree + "/g/page.html"))
        #expect(FileManager.default.fileExists(atPath: site.root + "/" + tree + "/g/link"))
        #expect(try String(contentsOfFile: site.root + "/Elsewhere/precious.txt", encoding: .utf8) == "mine")
    }

    @Test func aNewOutputFolderLeftByAKilledBuildIsStillQuestlogs() throws {
        let dead = try OutputWriterLeftoverTests.deadProcess()
        let site = TestSite(copying: Self.fixture)
        defer { site.remove() }
        site.write("Output/.questlog-tmp-\(dead)-stage/1", "half a page")
        let result = site.build()
        #expect(result.report != nil, "\(result.diagnostics.all)")
        #expect(Self.temporaryNames(site.root + "/Output").isEmpty)
    }

    @Test func aBuildInMemoryGivesTheFilesSortedByPathWhateverTheThreads() throws {
        let site = TestSite(copying: Self.fixture)
        defer { site.remove() }
        let one = SiteBuild(options: BuildOptions(site: site.root, output: site.root + "/Output", jobs: 1)).render().files
        let four = SiteBuild(options: BuildOptions(site: site.root, output: site.root + "/Output", jobs: 4)).render().files
        #expect(one == four)
        #expect(one.map(\.path) == one.map(\.path).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }
}
