import Foundation
@testable import QuestlogCore
import Testing

/// A build after notes alone changed takes the runs of unchanged entries from the CSV files and
/// JSON documents the last build wrote, and the sheets of unchanged kinds from its workbooks, and
/// the exports are byte for byte those of a clean build;
/// whatever else changed, or a file that is no longer as written, means runs made afresh.
struct ExportReuseTests {
    /// A game with enough entries for several runs in every file: 70 NPCs (three JSON runs of
    /// 32) and 1,100 locations (two full CSV batches of 512 and a third).
    static func files() -> [String: String] {
        var files = ["questlog.yml": "title: Wiki\n", "Content/g/game.md": "---\ntitle: G\n---\nStart at [[Place 0]].\n"]
        for number in 0..<70 {
            files["Content/g/npcs/n\(number).md"] = "---\nname: Person \(number)\nlocations: [l\(number % 9)]\n---\n"
                + "Met at [[Place \(number % 9)]]. Trades *\(number)* runes.\n"
        }
        for number in 0..<1_100 {
            files["Content/g/locations/l\(number).md"] = "---\nname: Place \(number)\nregion: North\n---\nA place, number \(number).\n"
        }
        return files
    }

    /// The site of `files()`, built once.
    static func built() -> TestSite {
        let site = TestSite(files())
        _ = exports(of: site)
        return site
    }

    /// The exports stage of a build of `site`: how many runs it made and took.
    static func exports(of site: TestSite, clean: Bool = false) -> (made: Int, taken: Int)? {
        site.build(timing: "exports", clean: clean).map { (made: $0.items - $0.reused, taken: $0.reused) }
    }

    /// The site built from nothing into a folder of its own, for comparison.
    static func cleanTree(_ site: TestSite) -> [String: [UInt8]] {
        let output = site.root + "/Clean"
        try? FileManager.default.removeItem(atPath: output)
        _ = site.build(timing: "exports", output: output, clean: true)
        return TestSite.tree(output)
    }

    static func expectSameAsClean(_ site: TestSite, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let built = TestSite.tree(site.root + "/Output")
        let clean = cleanTree(site)
        let paths = Set(built.keys).symmetricDifference(clean.keys)
        #expect(paths.isEmpty, "in one output only: \(paths.sorted())", sourceLocation: sourceLocation)
        for (path, bytes) in clean where built[path] != bytes {
            Issue.record("\(path) differs from a clean build's", sourceLocation: sourceLocation)
        }
    }

    /// Moves a byte from piece `index + 1` to piece `index` of the file at `path` in the build
    /// cache of `site`'s only build: the same total, other boundaries.
    static func shiftPieces(of path: String, at index: Int, in site: TestSite) throws {
        let folder = site.root + "/.questlog"
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasPrefix("build-") })
        var text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("pieces\t") && $0.hasSuffix("\t" + path) })
        var lengths = line.split(separator: "\t")[1].split(separator: " ").map { Int($0)! }
        lengths[index] += 1
        lengths[index + 1] -= 1
        text = text.replacingOccurrences(of: String(line), with: "pieces\t" + lengths.map(String.init).joined(separator: " ") + "\t" + path)
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }

    @Test func aNoteEditedTakesEveryOtherRunFromTheLastExports() throws {
        let site = TestSite(Self.files())
        defer { site.remove() }
        let first = try #require(Self.exports(of: site))
        #expect(first.taken == 0)
        // g.json: 3 NPC runs, 35 location runs; the CSV files: 1 NPC batch, 3 location batches;
        // g.xlsx: the NPCs' sheet and the locations'.
        #expect(first.made == 3 + 35 + 1 + 3 + 2 + 7, "the runs, the sheets and the other files: \(first)")
        site.write("Content/g/npcs/n40.md", "---\nname: Person 40\nlocations: [l4]\n---\nMet at [[Place 4]]. Now sells *maps*.\n")
        let second = try #require(Self.exports(of: site))
        // All but the run of n40 in g.json (the second) and the one batch of NPCs; their sheet is
        // patched from the last workbook's, the row of n40 made again.
        #expect(second.taken == 3 + 35 + 1 + 3 + 2 - 2, "\(second)")
        Self.expectSameAsClean(site)
        let json = try String(contentsOfFile: site.root + "/Output/exports/g.json", encoding: .utf8)
        #expect(json.contains("Now sells *maps*."))

        // Two notes at once: a location's and an NPC's, each in one JSON run and one CSV batch
        // (entries are in name order, so where they fall is not worked out here).
        site.write("Content/g/locations/l999.md", "---\nname: Place 999\nregion: North\n---\nFlooded now.\n")
        site.write("Content/g/npcs/n0.md", "---\nname: Person 0\nlocations: [l0]\n---\nMet at [[Place 0]]. Gone.\n")
        let third = try #require(Self.exports(of: site))
        // Both sheets patched.
        #expect(third.made == 4 + 7 && third.taken == first.made - 11, "\(third)")
        Self.expectSameAsClean(site)
    }

    /// An entry changed in more than its notes changes its records and those of the entries
    /// connected to it (which name it), and a workbook's sheet holding any of them whole: those
    /// are made, the rest taken. A change that moves an entry in the order, or an entry added or
    /// removed, makes the runs from its place in its kind's list on. A field the kind does not
    /// declare given to an entry (a column of every row) makes every run. A note that links
    /// to one entry less changes what that entry shows (who mentions it): not notes alone.
    @Test func moreThanNotesChangedMakesTheRunsItReaches() throws {
        let site = Self.built()
        defer { site.remove() }
        // A value of a location no NPC names: its own runs and sheet.
        site.write("Content/g/locations/l1000.md", "---\nname: Place 1000\nregion: South\n---\nA place, number 1000.\n")
        let value = try #require(Self.exports(of: site))
        #expect(value.taken > 0 && value.made > 0, "\(value)")
        Self.expectSameAsClean(site)
        // A reference changed: the NPC's records, those of the places it named and names (who
        // names them), and of the NPCs connected to those.
        site.write("Content/g/npcs/n8.md", "---\nname: Person 8\nlocations: [l1000]\n---\nMet at [[Place 8]]. Trades *8* runes.\n")
        let reference = try #require(Self.exports(of: site))
        #expect(reference.taken > 0 && reference.made > value.made, "\(reference)")
        Self.expectSameAsClean(site)
        // A name that moves the entry in the order: the runs before its old place are taken.
        site.write("Content/g/locations/l500.md", "---\nname: Plaza 500\nregion: North\n---\nA place, number 500.\n")
        let moved = try #require(Self.exports(of: site))
        #expect(moved.taken > 0 && moved.made > reference.made, "\(moved)")
        Self.expectSameAsClean(site)
        // An entry added, then removed: the runs before its place are taken.
        site.write("Content/g/locations/l1001.md", "---\nname: Place 1001\nregion: South\n---\nA place, number 1001.\n")
        let added = try #require(Self.exports(of: site))
        #expect(added.taken > 0 && added.made > 0, "\(added)")
        Self.expectSameAsClean(site)
        try FileManager.default.removeItem(atPath: site.root + "/Content/g/locations/l1001.md")
        let removed = try #require(Self.exports(of: site))
        #expect(removed.taken > 0 && removed.made > 0, "\(removed)")
        Self.expectSameAsClean(site)
        // The last in the order removed: the run that held it holds the one before it.
        try FileManager.default.removeItem(atPath: site.root + "/Content/g/locations/l500.md")
        let last = try #require(Self.exports(of: site))
        #expect(last.taken > 0 && last.made > 0, "\(last)")
        Self.expectSameAsClean(site)
        // A field the kind does not declare: a column more in every row of the kind's files.
        site.write("Content/g/locations/l7.md", "---\nname: Place 7\nregion: North\nweather: rain\n---\nA place, number 7.\n")
        #expect(Self.exports(of: site)?.taken == 0)
        Self.expectSameAsClean(site)
        // A link taken out of a note.
        site.write("Content/g/npcs/n6.md", "---\nname: Person 6\nlocations: [l6]\n---\nNowhere.\n")
        let link = try #require(Self.exports(of: site))
        #expect(link.taken > 0 && link.made > 0, "\(link)")
        Self.expectSameAsClean(site)
        // A note edited, but the build is clean.
        site.write("Content/g/npcs/n5.md", "---\nname: Person 5\nlocations: [l5]\n---\nMet at [[Place 5]]. Quiet.\n")
        #expect(Self.exports(of: site, clean: true)?.taken == 0)
        Self.expectSameAsClean(site)
    }

    @Test func anExportChangedSinceTheLastBuildIsNotTakenFrom() throws {
        let site = Self.built()
        defer { site.remove() }
        // Someone edited the JSON document and a CSV file in the output folder.
        let json = site.root + "/Output/exports/g.json"
        try TestSite.damage(json)
        let csv = site.root + "/Output/exports/g/locations.csv"
        var bytes = try #require(FileManager.default.contents(atPath: csv))
        bytes.append(contentsOf: Array("extra\r\n".utf8))
        #expect(FileManager.default.createFile(atPath: csv, contents: bytes))
        site.write("Content/g/locations/l7.md", "---\nname: Place 7\nregion: North\n---\nA place, number 7. Flooded.\n")
        let second = try #require(Self.exports(of: site))
        // Only the NPC batch, of the CSV file left as written, and the NPCs' sheet are taken, and
        // the locations' sheet patched.
        #expect(second.taken == 3, "\(second)")
        Self.expectSameAsClean(site)
    }

    @Test func aWorkbookChangedSinceTheLastBuildIsMadeWhole() throws {
        let site = Self.built()
        defer { site.remove() }
        // The cache's pieces of the workbook, cut otherwise (the same total): its sheets are made.
        try Self.shiftPieces(of: "exports/g.xlsx", at: 0, in: site)
        site.write("Content/g/npcs/n3.md", "---\nname: Person 3\nlocations: [l3]\n---\nMet at [[Place 3]]. Left.\n")
        // The runs of the JSON document and the CSV files but those of n3; neither sheet.
        let second = try #require(Self.exports(of: site))
        #expect(second.taken == 3 + 35 + 1 + 3 - 2, "\(second)")
        Self.expectSameAsClean(site)

        // Someone opened the workbook and saved it again, a byte otherwise.
        try TestSite.damage(site.root + "/Output/exports/g.xlsx")
        site.write("Content/g/locations/l8.md", "---\nname: Place 8\nregion: North\n---\nA place, number 8. Burnt.\n")
        let third = try #require(Self.exports(of: site))
        #expect(third.taken == 3 + 35 + 1 + 3 - 2, "\(third)")
        Self.expectSameAsClean(site)
    }

    @Test func piecesThatDoNotAddUpToTheFileAreNotTrusted() throws {
        let site = Self.built()
        defer { site.remove() }
        // The cache's record of g.json's pieces, shifted: the same total, other boundaries.
        try Self.shiftPieces(of: "exports/g.json", at: 1, in: site)
        site.write("Content/g/npcs/n9.md", "---\nname: Person 9\nlocations: [l0]\n---\nMet at [[Place 0]]. Asleep.\n")
        let second = try #require(Self.exports(of: site))
        // The glue between the runs no longer lines up: g.json is made whole; the CSV files and
        // the workbook are taken from, the NPCs' sheet patched.
        #expect(second.taken == 5, "\(second)")
        Self.expectSameAsClean(site)
    }

    @Test func aPiecedFileReadsItsPiecesAndRefusesWrongLengths() throws {
        let folder = NSTemporaryDirectory() + "questlog-pieces-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/f"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("headrun one,run two;tail".utf8)))
        let file = try #require(PiecedFile(path: path, lengths: [4, 7, 1, 7, 5], size: 24))
        #expect(file.count == 5)
        #expect(file.piece(1).map { String(decoding: $0, as: UTF8.self) } == "run one")
        #expect(file.piece(4).map { String(decoding: $0, as: UTF8.self) } == ";tail")
        #expect(file.piece(5) == nil && file.piece(-1) == nil)
        #expect(file.linesUp(with: [Array("head".utf8), [], Array(",".utf8), [], Array(";tail".utf8)], fixed: { $0 % 2 == 0 }))
        #expect(!file.linesUp(with: [Array("head".utf8), [], Array(",,".utf8), [], Array(";tail".utf8)], fixed: { $0 % 2 == 0 }))
        #expect(!file.linesUp(with: [Array("head".utf8), []], fixed: { _ in false }))
        #expect(PiecedFile(path: path, lengths: [4, 7, 1, 7, 4], size: 23) == nil, "the file is longer than its pieces")
        #expect(PiecedFile(path: path, lengths: [4, 7, 1, 7, 4], size: 24) == nil, "the pieces fall short of the size")
        #expect(PiecedFile(path: path, lengths: [30, -6], size: 24) == nil)
        #expect(PiecedFile(path: folder + "/missing", lengths: [1], size: 1) == nil)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: path)
        #expect(PiecedFile(path: folder + "/link", lengths: [24], size: 24) == nil, "a link is not followed")
    }
}

/// A CSV file or a workbook none of whose entries' notes changed is the last build's file,
/// taken whole without being read (`ExportReuse.keep`); the others are made.
struct ExportKeepTests {
    /// The lengths of the pieces of every file of `format`, made without reuse.
    static func recorded(_ format: ExportFormat, site: Site) throws -> [String: [Int]] {
        var lengths: [String: [Int]] = [:]
        try format.files(for: site, options: ExportOptions(jobs: 2)) { lengths[$0.path] = $0.chunks.map(\.count) }
        return lengths
    }

    /// The files `format` makes and keeps when the notes of `changed` (source paths) alone changed.
    static func exports(_ format: ExportFormat, site: Site, changed: Set<String>, memo: DeflateMemo? = nil,
                        keeping: Set<String>? = nil) throws -> (made: [String], kept: [String], taken: Int, madeRuns: Int) {
        let lengths = try recorded(format, site: site)
        let reuse = ExportReuse(changed: changed, open: { _ in nil },
                                keep: { path in keeping.map { $0.contains(path) } ?? true ? lengths[path] : nil })
        var made: [String] = []
        try format.files(for: site, options: ExportOptions(jobs: 2), deflated: memo, reuse: reuse) { made.append($0.path) }
        for (path, kept) in reuse.keptFiles {
            #expect(kept == lengths[path], "\(path): the pieces the last build recorded")
        }
        return (made, reuse.keptFiles.map(\.path).sorted(), reuse.runs.taken, reuse.runs.made)
    }

    @Test func csvFilesOfUnchangedEntriesAreKeptUnread() throws {
        let site = ExportTestSite.make()
        let kale = "Content/elden-ring/npcs/merchant-kale.md"
        let csv = try Self.exports(.csv, site: site, changed: [kale])
        #expect(csv.made == ["elden-ring/npcs.csv"])
        // Those of kinds without entries too: a header alone.
        #expect(csv.kept == ["dark-souls/bosses.csv", "dark-souls/locations.csv", "dark-souls/npcs.csv", "dark-souls/quests.csv",
                             "elden-ring/bosses.csv", "elden-ring/locations.csv", "elden-ring/quests.csv"])
        #expect(csv.taken == 5 && csv.madeRuns == 1, "one batch of rows per file with rows: \(csv)")
        // A file that is no longer as the last build left it is made.
        let changedSince = try Self.exports(.csv, site: site, changed: [kale], keeping: ["elden-ring/quests.csv"])
        #expect(changedSince.kept == ["elden-ring/quests.csv"])
        #expect(changedSince.made.count == 7)
        // Nothing changed at all: every file kept.
        #expect(try Self.exports(.csv, site: site, changed: []).made.isEmpty)
    }

    @Test func aWorkbookOfUnchangedEntriesIsKeptUnreadWithItsBlocks() throws {
        let site = ExportTestSite.make()
        let memo = DeflateMemo()
        // Every block of both workbooks in the memo, as the last build left it.
        try XLSXExport.files(for: site, options: ExportOptions(jobs: 2), memo: memo) { _ in }
        memo.finishExports()
        let blocks = memo.count
        #expect(blocks > 0)
        let xlsx = try Self.exports(.xlsx, site: site, changed: ["Content/elden-ring/npcs/merchant-kale.md"], memo: memo)
        #expect(xlsx.made == ["elden-ring.xlsx"])
        #expect(xlsx.kept == ["dark-souls.xlsx"])
        memo.finishExports()
        #expect(memo.count == blocks, "the kept workbook's blocks stay in the memo")
        let none = try Self.exports(.xlsx, site: site, changed: ["Content/elden-ring/npcs/merchant-kale.md"], memo: memo, keeping: [])
        #expect(none.made == ["dark-souls.xlsx", "elden-ring.xlsx"] && none.kept.isEmpty)
    }
}
