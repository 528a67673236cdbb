import Foundation
@testable import QuestlogCore
import Testing

/// The workbooks' compressed blocks kept for the next exports: read back whole or not at all, and
/// reused by the next build, which writes the bytes a build from nothing writes.
struct DeflateMemoTests {
    @Test func theMemoFileIsReadBackAndRefusedWhenDamagedOrForeign() throws {
        let bytes = ZipArchiveTests.sheetLike(rows: 20_000)
        let memo = DeflateMemo()
        let compressed = try ZipArchive.deflate(bytes, path: "sheet", memo: memo)
        memo.finishExports()
        let file = memo.bytes(identity: "questlog test")
        #expect(file == memo.bytes(identity: "questlog test"))
        let read = try #require(DeflateMemo(parsing: file, identity: "questlog test"))
        #expect(read.count == memo.count)
        #expect(try ZipArchive.deflate(bytes, path: "sheet", memo: read) == compressed)
        read.finishExports()
        #expect(read.madeCount == 0 && read.reusedCount == memo.count)

        #expect(DeflateMemo(parsing: file, identity: "another questlog") == nil)
        #expect(DeflateMemo(parsing: Array(file.dropLast(9)), identity: "questlog test") == nil)
        for offset in [file.count / 3, file.count / 2, file.count - 9] {
            var damaged = file
            damaged[offset] ^= 0x20
            #expect(DeflateMemo(parsing: damaged, identity: "questlog test") == nil, "byte \(offset)")
        }
    }

    @Test func aPartTakenWholeKeepsItsBlocksForTheNextExports() throws {
        let a = ZipArchiveTests.sheetLike(rows: 20_000)
        let b = Array(a.reversed())
        let memo = DeflateMemo()
        _ = try ZipArchive.deflate(a, path: "book.xlsx:a", memo: memo)
        _ = try ZipArchive.deflate(b, path: "book.xlsx:b", memo: memo)
        memo.finishExports()
        let both = memo.count
        // Part b taken whole from the last workbook: its blocks stay, unused, beside a's.
        _ = try ZipArchive.deflate(a, path: "book.xlsx:a", memo: memo)
        memo.keep(part: "book.xlsx:b")
        memo.finishExports()
        #expect(memo.count == both && memo.madeCount == 0)
        // Read back from its file, the memo still knows whose blocks they are.
        let read = try #require(DeflateMemo(parsing: memo.bytes(identity: "questlog test"), identity: "questlog test"))
        _ = try ZipArchive.deflate(b, path: "book.xlsx:b", memo: read)
        read.finishExports()
        #expect(read.madeCount == 0 && read.count < both, "b's blocks all taken, a's let go")
        // Neither used nor taken whole: b's blocks go.
        _ = try ZipArchive.deflate(a, path: "book.xlsx:a", memo: memo)
        memo.finishExports()
        let onlyA = memo.count
        #expect(onlyA < both)
        _ = try ZipArchive.deflate(b, path: "book.xlsx:b", memo: memo)
        memo.finishExports()
        #expect(memo.madeCount == both - onlyA)
    }

    /// A site whose one sheet is several blocks: each note a few hundred bytes of words; with
    /// `locations`, a second sheet of as many locations, as long.
    static func site(entries: Int, locations: Int = 0) -> TestSite {
        var files = ["Content/g/game.md": "---\ntitle: G\n---\n"]
        var state: UInt64 = 0x1234_5678
        func note() -> String {
            (0..<60).map { _ -> String in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return ["cave", "merchant", "moon", "tower", "lake", "blade", "rune", "frost"][Int(state >> 61)] + String(state >> 50)
            }.joined(separator: " ") + "\n"
        }
        for number in 0..<entries {
            files["Content/g/npcs/n\(number).md"] = "---\nname: Person \(number)\n---\n" + note()
        }
        for number in 0..<locations {
            files["Content/g/locations/l\(number).md"] = "---\nname: Place \(number)\n---\n" + note()
        }
        return TestSite(files)
    }

    @Test func aSheetTakenWholeKeepsItsBlocksForTheBuildThatNextMakesIt() throws {
        let site = Self.site(entries: 100, locations: 500)
        defer { site.remove() }
        func build() -> BuildTimings.Stage? { site.build(timing: "keep deflated") }
        let first = try #require(build())
        // An NPC's note: the locations' sheet is taken from the workbook, its blocks neither used
        // nor deflated (the memo keeps them).
        site.write("Content/g/npcs/n50.md", "---\nname: Person 50\n---\nMoved away.\n")
        let npc = try #require(build())
        #expect(npc.items < first.items && npc.items - npc.reused <= 3, "\(npc.items - npc.reused) of \(npc.items) blocks deflated")
        // Then a location's: its sheet is made again, every block but those around the edit the
        // memo's, kept while the sheet was taken.
        site.write("Content/g/locations/l250.md", "---\nname: Place 250\n---\nFlooded.\n")
        let location = try #require(build())
        #expect(location.items - location.reused <= 3 && location.reused >= 4,
                "\(location.items - location.reused) of \(location.items) blocks deflated")
        let clean = site.root + "/Clean"
        _ = site.build(timing: "keep deflated", output: clean, clean: true)
        #expect(FileManager.default.contents(atPath: site.root + "/Output/exports/g.xlsx") == FileManager.default.contents(atPath: clean + "/exports/g.xlsx"))
    }

    @Test func theNextBuildDeflatesOnlyTheBlocksAnEditChanged() throws {
        let site = Self.site(entries: 500)
        defer { site.remove() }
        let output = site.root + "/Output", clean = site.root + "/Clean"
        func build() -> BuildTimings.Stage? { site.build(timing: "keep deflated") }
        func workbook(_ folder: String) -> [UInt8] {
            FileManager.default.contents(atPath: folder + "/exports/g.xlsx").map { Array($0) } ?? []
        }
        let first = try #require(build(), "the blocks are kept")
        #expect(first.items >= 4 && first.reused == 0, "\(first.items) blocks")
        #expect(FileManager.default.fileExists(atPath: BuildMemo.deflatedPath(site: site.root)))

        // One note edited: the blocks around it are deflated again, the others are the memo's.
        site.write("Content/g/npcs/n250.md", "---\nname: Person 250\n---\nA new note, and a longer one than before.\n")
        let edited = try #require(build())
        #expect(edited.reused >= first.items - 3, "\(edited.reused) of \(edited.items) blocks reused")
        _ = site.build(timing: "keep deflated", output: clean, clean: true)
        #expect(!workbook(output).isEmpty && workbook(output) == workbook(clean))

        // A damaged memo is not trusted: every block is deflated, and the workbook is the same.
        try TestSite.damage(BuildMemo.deflatedPath(site: site.root))
        site.write("Content/g/npcs/n3.md", "---\nname: Person 3\n---\nEdited too.\n")
        let afresh = try #require(build())
        #expect(afresh.reused == 0)
        _ = site.build(timing: "keep deflated", output: clean, clean: true)
        #expect(workbook(output) == workbook(clean))
    }
}
