import Foundation
@testable import QuestlogCore
import Testing
import TestSupport

/// A build with nothing changed does nothing; any change — a file edited, added or removed, other
/// options, a missing output file, a damaged cache — builds, and the result equals a clean build.
struct BuildCacheTests {
    static let files: [String: String] = [
        "Content/g/game.md": "---\ntitle: G\n---\nStart with [[Varre]].\n",
        "Content/g/npcs/varre.md": "---\nname: Varre\nlocations: [church]\nsource: wiki\n---\nAt the [[Church]].\n",
        "Content/g/npcs/kale.md": "---\nname: Kale\nmerchant: true\nlocations: [church]\n---\nSells things.\n",
        "Content/g/locations/church.md": "---\nname: Church\n---\nA church.\n",
        "Content/g/quests/q.md": "---\nname: Q\nlocation: church\n---\n",
    ]

    @Test func anUnchangedSiteIsUpToDateAndWritesNothing() throws {
        let site = TestSite(Self.files)
        defer { site.remove() }
        let first = site.build()
        #expect(!first.upToDate && first.report != nil)
        let second = site.build()
        #expect(second.upToDate)
        #expect(second.report?.written == [])
        #expect(second.report?.unchanged == first.report.map { $0.written.count })
        #expect(second.diagnostics == first.diagnostics, "the warnings are reported again")
        #expect(second.pageCount == first.pageCount && second.gameCount == first.gameCount)
        let clean = SiteBuild(options: { var o = BuildOptions(site: site.root, output: site.root + "/Output"); o.clean = true; return o }()).run()
        #expect(!clean.upToDate && clean.report?.written == [], "--clean builds everything and still rewrites nothing unchanged")
        let afterClean = site.build()
        #expect(afterClean.upToDate, "a build after a clean one, nothing changed, has nothing to do")
        #expect(afterClean.diagnostics == first.diagnostics && afterClean.pageCount == first.pageCount)
        // An edit after a clean build is built as after any other, into what a clean build gives.
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\nmerchant: true\nlocations: [church]\n---\nSells more things.\n")
        _ = SiteBuild(options: { var o = BuildOptions(site: site.root, output: site.root + "/Output"); o.clean = true; return o }()).run()
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\nmerchant: true\nlocations: [church]\n---\nSells other things.\n")
        let edited = site.build()
        #expect(!edited.upToDate && edited.report?.written.isEmpty == false)
        TestSite.expectOutput(site.root + "/Output", equals: SiteBuild(options: BuildOptions(site: site.root, output: site.root + "/Output")).render().files,
                              "an edit after a clean build")
    }

    @Test func everyKindOfChangeBuildsAgain() throws {
        let site = TestSite(Self.files)
        defer { site.remove() }
        _ = site.build()
        let output = site.root + "/Output"
        let changes: [(String, () -> Void)] = [
            ("an edited note", { site.write("Content/g/npcs/varre.md", "---\nname: Varre\nlocations: [church]\n---\nMoved on.\n") }),
            ("a new file", { site.write("Content/g/npcs/ranni.md", "---\nname: Ranni\n---\n") }),
            ("a removed file", { try? FileManager.default.removeItem(atPath: site.root + "/Content/g/npcs/ranni.md") }),
            ("a theme override", { site.write("Templates/partials/tags.mustache", "<p>tags</p>\n") }),
            ("questlog.yml", { site.write("questlog.yml", "title: Renamed\n") }),
            ("a deleted output file", { try? FileManager.default.removeItem(atPath: output + "/g/npcs/kale.html") }),
            ("an edited output file", {
                let page = output + "/g/npcs/varre.html"
                let text = (try? String(contentsOfFile: page, encoding: .utf8)) ?? ""
                try? text.replacingOccurrences(of: "Varre", with: "Vxrre").write(toFile: page, atomically: false, encoding: .utf8)
            }),
            ("an empty game folder", { try? FileManager.default.createDirectory(atPath: site.root + "/Content/new-game", withIntermediateDirectories: true) }),
            ("the empty game folder removed", { try? FileManager.default.removeItem(atPath: site.root + "/Content/new-game") }),
            ("a damaged cache", { try? "questlog-cache 1\nkey\tx\n".write(toFile: BuildCache.path(site: site.root, output: output), atomically: false, encoding: .utf8) }),
        ]
        for (name, change) in changes {
            change()
            let rebuilt = site.build()
            #expect(!rebuilt.upToDate, "\(name)")
            #expect(site.build().upToDate, "after \(name), the next build has nothing to do")
        }
        #expect(!SiteBuild(options: BuildOptions(site: site.root, output: output, includeDrafts: true)).run().upToDate, "other options")
    }

    /// `Content/` may be a link to a folder outside the site, which the load follows: the files
    /// there are stamped too, so an edit there builds again, and the result equals a clean build.
    @Test func aContentFolderLinkedFromElsewhereIsStampedToo() throws {
        let site = TestSite(["questlog.yml": "title: W\n"])
        defer { site.remove() }
        let elsewhere = NSTemporaryDirectory() + "questlog-content-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        for (path, text) in Self.files {
            let full = elsewhere + "/" + String(path.dropFirst("Content/".count))
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: false, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(atPath: site.root + "/Content", withDestinationPath: elsewhere)
        #expect(!site.build().diagnostics.hasErrors)
        #expect(site.build().upToDate)
        try "---\nname: Ranni\n---\nNew.\n".write(toFile: elsewhere + "/g/npcs/ranni.md", atomically: false, encoding: .utf8)
        let rebuilt = site.build()
        #expect(!rebuilt.upToDate, "a file added behind the link")
        #expect(site.page("g/npcs/ranni.html").contains("New."))
        try "---\nname: Ranni\n---\nChanged.\n".write(toFile: elsewhere + "/g/npcs/ranni.md", atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: elsewhere + "/g/npcs/ranni.md")
        #expect(!site.build().upToDate, "a file edited behind the link")
        #expect(site.page("g/npcs/ranni.html").contains("Changed."))
        let clean = SiteBuild(options: BuildOptions(site: site.root, output: site.root + "/Output")).render()
        #expect(!clean.files.isEmpty)
        TestSite.expectOutput(site.root + "/Output", equals: clean.files, "a Content/ linked from elsewhere")
    }

    /// A file hashed because it was just written, then changed in the same clock tick (same size and
    /// time), is still compared by its bytes once its time no longer looks recent.
    @Test func bytesHashedOnceAreComparedAgainLater() throws {
        let site = TestSite(Self.files)
        defer { site.remove() }
        let path = site.root + "/Content/g/npcs/kale.md"
        _ = site.build()
        var info = stat()
        #expect(stat(path, &info) == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "Sells things.", with: "Sells stones.").write(toFile: path, atomically: false, encoding: .utf8)
        // Put the old time back, as a coarse clock would have left it.
        #if canImport(Darwin)
        var times = [info.st_atimespec, info.st_mtimespec]
        #else
        var times = [info.st_atim, info.st_mtim]
        #endif
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        Thread.sleep(forTimeInterval: Double(SourceStamp.racyWindow) / 1e9 + 0.2)
        #expect(!site.build().upToDate, "the same size and time, other bytes")
        #expect(site.page("g/npcs/kale.html").contains("Sells stones."))
    }

    @Test func theCacheIsKeptInTheSiteNeverInThePublishedOutput() {
        let site = TestSite(Self.files)
        defer { site.remove() }
        _ = site.build()
        #expect(FileManager.default.fileExists(atPath: BuildCache.path(site: site.root, output: site.root + "/Output")))
        #expect(BuildCache.path(site: site.root, output: site.root + "/Output").hasPrefix(site.root + "/.questlog/"))
        #expect(!TestSite.tree(site.root + "/Output").keys.contains { $0.contains("cache") })
        #expect(BuildCache.path(site: site.root, output: "/a") != BuildCache.path(site: site.root, output: "/b"), "one cache per output folder")
    }

    /// Numbers are read from the bytes as a string would read them, limits and signs included.
    @Test func numbersAreReadAsStringsReadThem() {
        func check(_ text: String) {
            let bytes = Array(text.utf8)[...]
            #expect(BuildCache.number(bytes) as Int? == Int(text), "\(text)")
            #expect(BuildCache.number(bytes) as Int64? == Int64(text), "\(text)")
            #expect(BuildCache.number(bytes) as UInt64? == UInt64(text), "\(text)")
        }
        for text in ["", "0", "-0", "+0", "-", "+", "7", "-7", "+7", "007", "1a", " 1", "1 ", "--1", "+-1",
                     "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
                     "18446744073709551615", "18446744073709551616", "99999999999999999999999",
                     // Nineteen digits (the most read without a check of each step), beyond Int64 or not.
                     "9999999999999999999", "1000000000000000000", "0000000000000000001", "999999999999999999x"] {
            check(text)
        }
        var random = SplitMix64(seed: 5)
        let alphabet = Array("0123456789-+x")
        for _ in 0..<2000 {
            check(String((0..<Int(random.next() % 22)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }))
        }
    }

    /// A file given a new time with the bytes the last build used (a fresh checkout, a `touch`) is
    /// not counted as changed; one whose bytes changed at the same size is, and so is one whose bytes
    /// the last build did not know. A stamp as recorded takes the recorded bytes without a read, but
    /// for one recorded too recently for its time to tell versions apart.
    @Test func filesGivenNewTimesAreToldByTheirBytes() throws {
        let site = TestSite(["Content/g/npcs/a.md": "alpha", "Content/g/npcs/b.md": "bravo", "Content/g/npcs/c.md": "charl",
                             "Content/g/npcs/map.png": "PNG..", "Templates/page.mustache": "x"])
        defer { site.remove() }
        func time(_ path: String, _ seconds: Double) throws {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: site.root + "/" + path)
        }
        let paths = ["Content/g/npcs/a.md", "Content/g/npcs/b.md", "Content/g/npcs/c.md", "Content/g/npcs/map.png", "Templates/page.mustache"]
        for (number, path) in paths.enumerated() { try time(path, 1_700_000_000 + Double(number)) }
        let hash = { (text: String) in ContentHash.hash(Array(text.utf8)) }
        // Without a record, the files a load hashes itself are left to it, the rest hashed.
        let unrecorded = BuildCache.knowingContents(of: SourceStamp.collect(site: site.root), from: nil, site: site.root, jobs: 2,
                                                    skipping: SiteLoader.hashesWhenLoading)
        let contents = Dictionary(uniqueKeysWithValues: unrecorded.map { ($0.path, $0.content) })
        #expect(contents["Content/g/npcs/a.md"] == 0 && contents["Content/g/npcs/map.png"] == hash("PNG..") && contents["Templates/page.mustache"] == hash("x"))
        #expect(contents["Content/g"] == 0, "a folder has no bytes")
        // The load read c.md at another size than stamped: it had changed since, and keeps no content.
        var inputs = BuildCache.fillingContents(unrecorded, from: ["Content/g/npcs/a.md": (hash("alpha"), 5), "Content/g/npcs/b.md": (hash("bravo"), 5),
                                                                  "Content/g/npcs/c.md": (hash("charlie"), 7)])
        #expect(inputs.map(\.content) == unrecorded.map { stamp in
            ["Content/g/npcs/a.md": hash("alpha"), "Content/g/npcs/b.md": hash("bravo"), "Content/g/npcs/c.md": 0][stamp.path] ?? stamp.content
        })
        // What a record says of a file whose stamp is as recorded is taken without a read (a made-up
        // hash here), unless the stamp was hashed as too recent (then the file is read again).
        let template = try #require(inputs.firstIndex { $0.path == "Templates/page.mustache" })
        inputs[template].content = 12_345
        let picture = try #require(inputs.firstIndex { $0.path == "Content/g/npcs/map.png" })
        inputs[picture].content = 12_345
        inputs[picture].hash = hash("PNG..")
        let record = BuildCache(folder: "/o", key: "k", inputs: inputs, outputs: [], diagnostics: [], pageCount: 0, gameCount: 0)
        // A checkout: a.md and c.md keep their bytes under new times; b.md changes at its size.
        try time("Content/g/npcs/a.md", 1_750_000_000)
        try time("Content/g/npcs/c.md", 1_750_000_001)
        site.write("Content/g/npcs/b.md", "bravx")
        try time("Content/g/npcs/b.md", 1_750_000_002)
        let now = BuildCache.knowingContents(of: SourceStamp.collect(site: site.root), from: record, site: site.root, jobs: 2,
                                             skipping: SiteLoader.hashesWhenLoading)
        let known = Dictionary(uniqueKeysWithValues: now.map { ($0.path, $0.content) })
        #expect(known["Templates/page.mustache"] == 12_345, "taken from the record")
        #expect(known["Content/g/npcs/map.png"] == hash("PNG.."), "read again")
        #expect(known["Content/g/npcs/a.md"] == hash("alpha") && known["Content/g/npcs/b.md"] == hash("bravx"))
        #expect(record.changedInputs(now, site: site.root) == ["Content/g/npcs/b.md", "Content/g/npcs/c.md"])
        #expect(record.changedInputs(now, site: site.root, byContent: false) == ["Content/g/npcs/a.md", "Content/g/npcs/b.md", "Content/g/npcs/c.md"])
        // A file reached through a symbolic link is hashed as the load reads it, through the link.
        try FileManager.default.createSymbolicLink(atPath: site.root + "/Content/g/npcs/d.md", withDestinationPath: site.root + "/Content/g/npcs/a.md")
        let linked = BuildCache.knowingContents(of: SourceStamp.collect(site: site.root), from: record, site: site.root, jobs: 2,
                                                skipping: SiteLoader.hashesWhenLoading)
        #expect(linked.first { $0.path == "Content/g/npcs/d.md" }?.content == hash("alpha"))
    }

    @Test func numbersAreWrittenAsTheirDecimalText() {
        func line(size: Int, modified: Int64, hash: UInt64) -> Bool {
            let cache = BuildCache(folder: "/o", key: "k", inputs: [SourceStamp(path: "p", size: size, modified: modified, hash: hash, content: ~hash)],
                                   outputs: [], diagnostics: [], pageCount: 0, gameCount: 0)
            return String(decoding: cache.bytes, as: UTF8.self).contains("\nin\t\(size)\t\(modified)\t\(hash)\t\(~hash)\tp\n")
        }
        for number in [0, 1, -1, 9, 10, 99, 100, -100, 123_456_789, Int.max, Int.min, Int.min + 1] {
            #expect(line(size: number, modified: Int64(number), hash: UInt64(number.magnitude)), "\(number)")
        }
        for number in [UInt64.max, UInt64.max - 1, 1 << 63, 0, 10_000_000_000_000_000_000, 9_999_999_999_999_999_999] {
            #expect(line(size: 0, modified: 0, hash: number), "\(number)")
        }
        for number in [Int64.min, Int64.max, -1_700_000_000_123_456_789] {
            #expect(line(size: 5, modified: number, hash: 5), "\(number)")
        }
    }

    @Test func theCacheRoundTripsAndRefusesWhatItCannotRead() throws {
        let cache = BuildCache(folder: "/site/Out\tput\\", key: "k\tey", inputs: [SourceStamp(path: "Content/a b\n.md", size: 3, modified: 42, hash: 7, content: UInt64.max),
                                                                                      SourceStamp(path: "Content/c.md", size: 0, modified: 43, hash: 0)],
                               outputs: [SourceStamp(path: "g/a.html", size: 10, modified: 99, hash: 0xFEED_F00D_0000_0001)],
                               diagnostics: [.warning("'x' is not\ta field", code: "unknown-field", at: nil),
                                             .warning("w", code: "c", at: SourceLocation(path: "p\\q.md", line: 2, column: 3)),
                                             .warning("two\r\nlines\rand\\t", code: "c", at: SourceLocation(path: "é\t.md"))],
                               pageCount: 4, gameCount: 1)
        #expect(BuildCache(parsing: cache.bytes) == cache)
        var digested = cache
        digested.digest = SiteDigest(entries: [SiteDigest.Record(key: "g/npc/a", path: "Content/g/a\tb.md", shape: 1, notes: UInt64.max, links: 7, label: 8)],
                                     games: [3, 4], site: 5)
        #expect(BuildCache(parsing: digested.bytes) == digested)
        #expect(BuildCache(parsing: digested.bytes) != cache)
        var pieced = digested
        pieced.pieces = ["exports/g.json": [120, 4_096, 3, 0, 77], "exports/g/npc s.csv": [9, 1]]
        #expect(BuildCache(parsing: pieced.bytes) == pieced)
        #expect(BuildCache(parsing: pieced.bytes) != digested)
        let read = BuildCache(parsing: Array("questlog-cache 6\nfolder\t/o\nkey\tk\npages\t1\ngames\t1\nwritten\t1\npieces\t1 0 2\texports/g.json\n".utf8))
        #expect(read?.pieces == ["exports/g.json": [1, 0, 2]])
        // The format before output hashes is refused as a whole, so its build starts from scratch.
        for broken in ["", "questlog-cache 6\nfolder\t/o\n", "questlog-cache 6\nkey\tk\npages\t1\ngames\t1\n",
                       // The format before entries' connections, and an entry line of that format.
                       "questlog-cache 5\nfolder\t/o\nkey\tk\npages\t1\ngames\t1\nwritten\t1\n",
                       "questlog-cache 6\nfolder\t/o\nkey\tk\npages\t1\ngames\t1\nwritten\t1\nsite\t5\nentry\t1\t2\tg/npc/a\tContent/a.md\n",
                       // The format before inputs' contents, and an input line of that format.
                       "questlog-cache 4\nfolder\t/o\nkey\tk\npages\t1\ngames\t1\nwritten\t1\n",
                       "questlog-cache 6\nfolder\t/o\nkey\tk\npages\t1\ngames\t1\nwritten\t1\nin\t1\t2\t3\tContent/a.md\n",
                       "questlog-cache 6\nfolder\t/o\nkey\tk\npages\t1\ngames\t1\nwritten\t1\nin\t1\t2\t3\t-4\tContent/a.md\n",
                       // The format before the folder line; the folder line missing, relative, empty or not second.
                       "questlog-cache 3\nkey\tk\npages\t1\ngames\t1\nwritten\t1\n",
                       "questlog-cache 6\nkey\tk\npages\t1\ngames\t1\nwritten\t1\n",
                       "questlog-cache 6\nfolder\to\nkey\tk\npages\t1\ngames\t1\nwritten\t1\n",
                       "questlog-cache 6\nfolder\t\nkey\tk\npages\t1\ngames\t1\nwritten\t1\n",
                       "questlog-cache 6\nkey\tk\nfolder\t/o\npages\t1\ngames\t1\nwritten\t1\n",
                       "questlog-cache 6\nfolder\t/o\nfolder\t/o\nkey\tk\npages\t1\ngames\t1\nwritten\t1\n",
                       "questlog-cache 6\nfolder\t/o\nkey\tk\npages\t1\ngames\t1\ngame\t1\n", "questlog-cache 6\nfolder\t/o\nkey\tk\npages\t1\ngames\t1\nsite\tx\n",
                       "questlog-cache 2\nkey\tk\npages\t1\ngames\t1\n", "questlog-cache 2\nkey\tk\npages\t1\ngames\t1\nout\t1\t2\t3\t../../etc/passwd\n",
                       "questlog-cache 2\nkey\tk\npages\tx\ngames\t1\n", "questlog-cache 2\nkey\tk\npages\t1\ngames\t1",
                       "questlog-cache 1\nkey\tk\npages\t1\ngames\t1\nout\t1\t2\tg/a.html\n", "questlog-cache 2\nkey\tk\npages\t1\ngames\t1\nout\t1\t2\tg/a.html\n",
                       // Pieces: lengths that are not numbers, negative, missing, a path out of the folder, a path twice.
                       "questlog-cache 6\nfolder\t/o\nkey\tk\npages\t1\ngames\t1\nwritten\t1\npieces\t1 x\texports/g.json\n",
                       "questlog-cache 6\nfolder\t/o\nkey\tk\npages\t1\ngames\t1\nwritten\t1\npieces\t1 -2\texports/g.json\n",
                       "questlog-cache 6\nfolder\t/o\nkey\tk\npages\t1\ngames\t1\nwritten\t1\npieces\t\texports/g.json\n",
                       "questlog-cache 6\nfolder\t/o\nkey\tk\npages\t1\ngames\t1\nwritten\t1\npieces\t1 2\t../g.json\n",
                       "questlog-cache 6\nfolder\t/o\nkey\tk\npages\t1\ngames\t1\nwritten\t1\npieces\t1\tg.json\npieces\t2\tg.json\n",
                       // A tag no cache has, or one spelled otherwise.
                       "questlog-cache 6\nfolder\t/o\nkey\tk\npages\t1\ngames\t1\nwritten\t1\nink\t1\t2\t3\ta\n",
                       "questlog-cache 6\nfolder\t/o\nkey\tk\npages\t1\ngames\t1\nwritten\t1\nPages\t1\n"] {
            #expect(BuildCache(parsing: Array(broken.utf8)) == nil, "\(broken)")
        }
    }

    /// The records of output folders that are gone go when a build writes its own; those of folders
    /// still there stay, and a build into each of them still has nothing to do.
    @Test func aBuildRemovesTheRecordsOfOutputFoldersThatAreGone() throws {
        let site = TestSite(Self.files)
        defer { site.remove() }
        let outputs = ["A", "B", "C"].map { site.root + "/Out" + $0 }
        for output in outputs { #expect(!site.build(output: output).upToDate) }
        func records() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: site.root + "/.questlog")) ?? []).filter { $0.hasPrefix("build-") }.sorted()
        }
        let all = records()
        #expect(all.count == 3)
        for output in outputs {
            let record = try #require(FileContents.read(BuildCache.path(site: site.root, output: output)))
            #expect(BuildCache(parsing: record)?.folder == OutputFileSystem.canonical(output))
        }
        // The record of a folder removed stays until a build writes another record.
        try FileManager.default.removeItem(atPath: outputs[1])
        #expect(site.build(output: outputs[0]).upToDate, "a build with nothing to do writes no record and removes none")
        #expect(records() == all)
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\nmerchant: true\nlocations: [church]\n---\nSells more.\n")
        #expect(!site.build(output: outputs[0]).upToDate)
        #expect(!FileManager.default.fileExists(atPath: BuildCache.path(site: site.root, output: outputs[1])))
        #expect(records().count == 2)
        #expect(!site.build(output: outputs[2]).upToDate, "the edit is built into the other folder too")
        #expect(site.build(output: outputs[2]).upToDate && site.build(output: outputs[0]).upToDate)
        // The folder made again builds everything, as it would have without a record.
        #expect(!site.build(output: outputs[1]).upToDate)
        #expect(records().count == 3)
    }

    /// Beyond the folders that are gone, a site keeps the records of the `keptRecords` folders
    /// written into last (a record of another format counting among them), whatever order the
    /// folder lists them in; names a record is written or replaced under are left alone.
    @Test func aSiteKeepsTheRecordsOfTheFoldersBuiltIntoLast() throws {
        let site = TestSite(Self.files)
        defer { site.remove() }
        let records = site.root + "/.questlog"
        try FileManager.default.createDirectory(atPath: records, withIntermediateDirectories: true)
        let kept = BuildCache.keptRecords
        // Records of folders that are there, written a minute apart, the oldest first; one more of
        // a folder that is gone, written last; one of the format before, older than all.
        var names: [String] = []
        for number in 0..<(kept + 3) {
            let folder = OutputFileSystem.canonical(site.root + "/Old\(number)")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let name = BuildCache.recordName(folder: folder)
            let cache = BuildCache(folder: folder, key: "k", inputs: [], outputs: [], diagnostics: [], pageCount: 0, gameCount: 0)
            #expect(FileManager.default.createFile(atPath: records + "/" + name, contents: Data(cache.bytes)))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000 + Double(number) * 60)],
                                                  ofItemAtPath: records + "/" + name)
            names.append(name)
        }
        let gone = BuildCache.recordName(folder: site.root + "/Gone")
        let goneRecord = BuildCache(folder: site.root + "/Gone", key: "k", inputs: [], outputs: [], diagnostics: [], pageCount: 0, gameCount: 0)
        #expect(FileManager.default.createFile(atPath: records + "/" + gone, contents: Data(goneRecord.bytes)))
        #expect(FileManager.default.createFile(atPath: records + "/build-abc", contents: Data("questlog-cache 3\nkey\tk\n".utf8),
                                               attributes: [.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)]))
        for other in [names[0] + ".new", names[0] + ".old", "build-notes", "build-0123456789abcdef0"] {
            #expect(FileManager.default.createFile(atPath: records + "/" + other, contents: Data("x".utf8)))
        }
        let output = site.root + "/Output"
        #expect(!site.build(output: output).upToDate)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: records).filter { $0.hasPrefix("build-") })
        let expected = Set(names.suffix(kept) + [BuildCache.recordName(folder: OutputFileSystem.canonical(output))]
            + [names[0] + ".new", names[0] + ".old", "build-notes", "build-0123456789abcdef0"])
        #expect(left == expected)
    }

    /// Random edit sequences: after each, the cached build's output equals a clean build's, byte for byte.
    @Test func cachedBuildsEqualCleanBuildsOverRandomEdits() throws {
        let site = TestSite(Self.files)
        defer { site.remove() }
        var random = SplitMix64(seed: 0xCAC4E)
        let output = site.root + "/Output"
        _ = site.build()
        let paths = Self.files.keys.sorted().filter { $0 != "Content/g/game.md" }
        for step in 0..<25 {
            let path = paths[Int(random.next() % UInt64(paths.count))]
            switch random.next() % 4 {
            case 0: site.write(path, (try? String(contentsOfFile: site.root + "/" + path, encoding: .utf8)).map { $0 + "More \(step).\n" } ?? "")
            case 1: site.write("Content/g/npcs/extra-\(step % 3).md", "---\nname: Extra \(step % 3)\nlocations: [church]\n---\nStep \(step).\n")
            case 2: try? FileManager.default.removeItem(atPath: site.root + "/Content/g/npcs/extra-\(step % 3).md")
            default: break // no change at all
            }
            let cached = site.build()
            let clean = site.root + "/Clean"
            try? FileManager.default.removeItem(atPath: clean)
            let fresh = SiteBuild(options: BuildOptions(site: site.root, output: clean)).run()
            #expect(cached.diagnostics == fresh.diagnostics, "step \(step)")
            let produced = TestSite.tree(output)
            let expected = TestSite.tree(clean)
            #expect(produced == expected, "step \(step): the cached build differs from a clean one")
        }
    }

    /// A folder counts by being there: an empty game folder added is a game, and gone is none, as a
    /// clean build has it.
    @Test func anEmptyGameFolderAddedOrRemovedBuildsAsACleanBuildDoes() throws {
        let site = TestSite(Self.files)
        defer { site.remove() }
        let output = site.root + "/Output"
        #expect(site.build().gameCount == 1)
        func matchesClean(_ step: String) {
            let clean = site.root + "/Clean"
            try? FileManager.default.removeItem(atPath: clean)
            _ = SiteBuild(options: BuildOptions(site: site.root, output: clean)).run()
            #expect(TestSite.tree(output) == TestSite.tree(clean), "\(step)")
        }
        try FileManager.default.createDirectory(atPath: site.root + "/Content/new-game", withIntermediateDirectories: true)
        let added = site.build()
        #expect(!added.upToDate && added.gameCount == 2)
        matchesClean("added")
        try FileManager.default.removeItem(atPath: site.root + "/Content/new-game")
        let removed = site.build()
        #expect(!removed.upToDate && removed.gameCount == 1)
        matchesClean("removed")
        // The stamps list every folder under Content/, before what it holds.
        let stamps = SourceStamp.collect(site: site.root)
        let folders = stamps.filter { $0.size == SourceStamp.folderSize }.map(\.path)
        #expect(folders == ["Content/g", "Content/g/locations", "Content/g/npcs", "Content/g/quests"])
        #expect(stamps.firstIndex { $0.path == "Content/g/npcs" }! < stamps.firstIndex { $0.path == "Content/g/npcs/kale.md" }!)
    }
}
