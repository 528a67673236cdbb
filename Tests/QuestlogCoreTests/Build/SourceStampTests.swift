import Foundation
@testable import QuestlogCore
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A stamp hashes a file's bytes exactly while a later change could still leave its size and time
/// as they are: for as long as the file system's times are coarse.
struct SourceStampTests {
    @Test func timesOfWholeSecondsAreTakenAsCoarse() {
        #expect(SourceStamp.racyWindow(for: 1_700_000_000_000_000_000) == 2_000_000_000)
        #expect(SourceStamp.racyWindow(for: 0) == 2_000_000_000)
        #expect(SourceStamp.racyWindow(for: 1_700_000_000_004_000_000) == 50_000_000)
        #expect(SourceStamp.racyWindow(for: 1_700_000_000_999_999_999) == 50_000_000)
        #expect(SourceStamp.racyWindow(for: 1_700_000_000_010_000_000) == 50_000_000, "hundredths, as exFAT keeps them")
        #expect(SourceStamp.racyWindow <= 2_000_000_000 && SourceStamp.racyWindow >= SourceStamp.racyWindow(for: 1))
    }

    /// A file given a time `ago` seconds before now, with or without a fraction of a second.
    private func stamp(ago: Double, wholeSecond: Bool) throws -> SourceStamp {
        let site = TestSite(["Content/g/npcs/a.md": "---\nname: A\n---\n"])
        defer { site.remove() }
        let path = site.root + "/Content/g/npcs/a.md"
        let now = Date().timeIntervalSince1970
        var seconds = Int(now - ago)
        var nanoseconds = Int(((now - ago) - Double(seconds)) * 1e9)
        if wholeSecond {
            nanoseconds = 0
        } else if nanoseconds == 0 {
            nanoseconds = 1
        }
        if nanoseconds >= 1_000_000_000 {
            seconds += 1
            nanoseconds -= 1_000_000_000
        }
        var times = [timespec(tv_sec: seconds, tv_nsec: nanoseconds), timespec(tv_sec: seconds, tv_nsec: nanoseconds)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        return try #require(SourceStamp.collect(site: site.root).first { $0.path == "Content/g/npcs/a.md" })
    }

    @Test func aFileIsHashedWhileAChangeCouldKeepItsTime() throws {
        #expect(try stamp(ago: 0.01, wholeSecond: false).hash != 0, "changed a moment ago")
        #expect(try stamp(ago: 0.6, wholeSecond: false).hash == 0, "a fine time, past the tick")
        #expect(try stamp(ago: 0.6, wholeSecond: true).hash != 0, "a whole second: maybe a coarse file system")
        #expect(try stamp(ago: 3, wholeSecond: true).hash == 0)
        #expect(try stamp(ago: -5, wholeSecond: false).hash != 0, "a time ahead of the clock")
    }

    /// A folder of many names examined on several threads gives the stamps one thread gives, in
    /// the same order: folders, files, links that lead nowhere, and what the folders hold.
    @Test func aLargeFolderIsStampedAsOnOneThread() throws {
        var files: [String: String] = ["Content/g/game.md": "---\ntitle: G\n---\n"]
        let count = SourceStamp.namesExaminedApart * 2 + 3
        for index in 0..<count {
            files["Content/g/npcs/n\(index).md"] = String(repeating: "x", count: index % 7)
        }
        files["Content/g/npcs/sub/inner.md"] = "inner"
        files["Content/g/npcs/zz/deeper/last.md"] = "last"
        let site = TestSite(files)
        defer { site.remove() }
        #expect(symlink(site.root + "/Content/g/npcs/nowhere", site.root + "/Content/g/npcs/n5-dangling.md") == 0)
        // Not hashed: the files were all written a moment ago, and fewer of them are by the second walk.
        let alone = SourceStamp.collectNotingLinks(site: site.root, hashingRecent: false, jobs: 1)
        let shared = SourceStamp.collectNotingLinks(site: site.root, hashingRecent: false, jobs: 4)
        #expect(shared.stamps.count == alone.stamps.count)
        #expect(zip(shared.stamps, alone.stamps).filter { $0 != $1 }.map(\.0.path) == [])
        #expect(shared.contentHasLinks && alone.contentHasLinks)
        #expect(alone.stamps.count == count + 9, "the files, five folders and the link")
        #expect(alone.stamps.contains { $0.path == "Content/g/npcs/n5-dangling.md" && $0.size == -1 })
        #expect(alone.stamps.contains { $0.path == "Content/g/npcs/zz/deeper/last.md" && $0.size == 4 })
    }
}
