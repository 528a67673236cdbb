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
        // Just written, the files are too recent to be vouched for: a change in the same clock
        // tick would keep their time. The next build compares them.
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
