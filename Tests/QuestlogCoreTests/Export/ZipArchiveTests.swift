import Foundation
@testable import QuestlogCore
import Testing
import TestSupport

struct ZipArchiveTests {
    static let entries: [ZipArchive.Entry] = [
        (path: "[Content_Types].xml", bytes: Array("<Types/>".utf8)),
        (path: "empty.txt", bytes: []),
        (path: "xl/big.xml", bytes: Array(String(repeating: "<row r=\"1\"><c/></row>", count: 5_000).utf8)),
        (path: "bytes.bin", bytes: (0..<4_096).map { UInt8(truncatingIfNeeded: $0 * 7919) }),
    ]

    @Test func readsBackWithZlibAndMatchingCRCs() throws {
        let archive = try ZipArchive().bytes(of: Self.entries)
        let parts = try #require(ZipReader.read(archive), "not a readable ZIP archive, or a CRC differs")
        #expect(parts.map(\.path) == Self.entries.map(\.path))
        #expect(parts.map(\.bytes) == Self.entries.map(\.bytes))
        for entry in Self.entries {
            #expect(ZipArchive.crc32(entry.bytes) == ZipReader.crc32(entry.bytes))
        }
        // Deflate really compresses: the repetitive part shrinks to a fraction.
        #expect(archive.count < Self.entries[2].bytes.count / 10 + 6_000)
    }

    @Test func theEntriesOfAnArchiveAreFoundAmongThePiecesItWasWrittenIn() throws {
        // A part compressed in several pieces (over a megabyte of compressed bytes) among small ones.
        var random = SplitMix64(seed: 5)
        let noise = (0..<(3 << 20)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let entries = Self.entries + [(path: "xl/noise.bin", bytes: noise)]
        var writer = ZipArchive.Writer(archive: ZipArchive())
        for entry in entries { try writer.add(path: entry.path, pieces: [entry.bytes]) }
        let chunks = try writer.finish()
        let folder = NSTemporaryDirectory() + "questlog-zip-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/book.xlsx"
        let whole = Array(chunks.joined())
        #expect(FileManager.default.createFile(atPath: path, contents: Data(whole)))
        let file = try #require(PiecedFile(path: path, lengths: chunks.map(\.count), size: whole.count))
        let found = try #require(ZipArchive.storedEntries(of: file))
        #expect(Set(found.keys) == Set(entries.map(\.path)))
        #expect(found["xl/noise.bin"].map { $0.pieces.count > 1 } == true, "several pieces")
        for entry in entries {
            let stored = try #require(found[entry.path])
            #expect(stored.size == UInt64(entry.bytes.count) && stored.crc == ZipArchive.crc32(entry.bytes), "\(entry.path)")
            let compressed = Array(stored.pieces.compactMap { file.piece($0) }.joined())
            #expect(ZipReader.inflate(compressed, size: entry.bytes.count) == entry.bytes, "\(entry.path)")
        }
        // Entries taken as they are make the same archive again.
        var again = ZipArchive.Writer(archive: ZipArchive())
        for entry in entries {
            let stored = try #require(found[entry.path])
            try again.append(path: entry.path, size: stored.size, crc: stored.crc, compressedPieces: stored.pieces.compactMap { file.piece($0) })
        }
        #expect(Array(try again.finish().joined()) == whole)

        // Pieces cut otherwise (the same total), or a header that is not one, are not trusted.
        var shifted = chunks.map(\.count)
        shifted[0] += 1
        shifted[1] -= 1
        #expect(ZipArchive.storedEntries(of: try #require(PiecedFile(path: path, lengths: shifted, size: whole.count))) == nil)
        var damaged = whole
        damaged[chunks[0].count + chunks[1].count] ^= 0xFF
        #expect(FileManager.default.createFile(atPath: path, contents: Data(damaged)))
        #expect(ZipArchive.storedEntries(of: try #require(PiecedFile(path: path, lengths: chunks.map(\.count), size: whole.count))) == nil)
    }

    @Test func everyTimestampIsTheFirstOf1980() throws {
        let parts = try #require(ZipReader.read(try ZipArchive().bytes(of: Self.entries)))
        for part in parts {
            #expect(part.dates == [0, 0x21, 0, 0x21], "\(part.path)")
        }
    }

    @Test func sameEntriesSameBytes() throws {
        #expect(try ZipArchive().bytes(of: Self.entries) == ZipArchive().bytes(of: Self.entries))
    }

    @Test func refusesMoreEntriesThanZipWithoutZip64Holds() {
        let entries = Array(repeating: (path: "a", bytes: [UInt8]()), count: 65_536)
        #expect(throws: ZipArchiveError.tooManyEntries(65_536)) { try ZipArchive().bytes(of: entries) }
        #expect((try? ZipArchive().bytes(of: Array(entries.prefix(3)))) != nil)
    }

    @Test func refusesSizesAndOffsetsBeyondTheLimit() {
        let small = ZipArchive(sizeLimit: 100)
        #expect(throws: ZipArchiveError.tooLarge("big")) {
            try small.bytes(of: [(path: "big", bytes: [UInt8](repeating: 1, count: 101))])
        }
        // Each entry fits, but the second one would start beyond the limit.
        let noise = (0..<90).map { UInt8(truncatingIfNeeded: $0 * 151) }
        #expect(throws: ZipArchiveError.tooLarge("second")) {
            try small.bytes(of: [(path: "first", bytes: noise), (path: "second", bytes: noise)])
        }
    }

    /// Rows of a sheet, repetitive as XML is, with some noise so that blocks do not all look alike.
    static func sheetLike(rows: Int) -> [UInt8] {
        var state: UInt64 = 0x2545_F491
        return Array((0..<rows).map { row -> String in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return "<row r=\"\(row)\"><c t=\"inlineStr\"><is><t>Name \(state >> 40)</t></is></c><c><v>\(row * 7)</v></c></row>"
        }.joined().utf8)
    }

    @Test func aPartOfManyBlocksIsOneStreamThatInflatesToItsBytes() throws {
        let bytes = Self.sheetLike(rows: 40_000)
        #expect(bytes.count > 8 * ZipArchive.Deflater.maximumBlock)
        let compressed = try ZipArchive.deflate(bytes, path: "sheet")
        #expect(ZipReader.inflate(compressed, size: bytes.count) == bytes)
        // Each block knows the 32 KB before it, so cutting costs little: within 2% of one stream.
        let single = try ZipReader.deflateAsOneStream(bytes)
        #expect(compressed.count <= single.count + single.count / 50, "\(compressed.count) against \(single.count)")
        // Parts about where blocks may end, and one byte more, make streams that inflate too.
        let minimum = ZipArchive.Deflater.minimumBlock, maximum = ZipArchive.Deflater.maximumBlock
        for count in [minimum, minimum + 1, maximum, maximum + 1, 2 * maximum, 2 * maximum + 1] {
            let part = Array(bytes.prefix(count))
            #expect(ZipReader.inflate(try ZipArchive.deflate(part, path: "p"), size: count) == part, "\(count) bytes")
        }
    }

    @Test func aPartOfOneBlockIsZlibsOneStream() throws {
        for bytes in [[], Array("<Types/>".utf8), Array(Self.sheetLike(rows: 40_000).prefix(ZipArchive.Deflater.minimumBlock))] {
            #expect(try ZipArchive.deflate(bytes, path: "p") == ZipReader.deflateAsOneStream(bytes), "\(bytes.count) bytes")
        }
    }

    @Test func theThreadsCompressingAPartChangeNoByte() throws {
        let bytes = Self.sheetLike(rows: 40_000)
        let alone = try ZipArchive.deflate(bytes, path: "sheet", jobs: 1)
        for jobs in [2, 3, 8] {
            #expect(try ZipArchive.deflate(bytes, path: "sheet", jobs: jobs) == alone, "\(jobs) threads")
            let deflater = try ZipArchive.Deflater(path: "sheet", sizeLimit: ZipArchive().sizeLimit, jobs: jobs)
            for start in stride(from: 0, to: bytes.count, by: 77_777) {
                try deflater.add(Array(bytes[start..<min(start + 77_777, bytes.count)]))
            }
            #expect(try deflater.finish() == alone, "\(jobs) threads, given in pieces")
        }
        let entries = [(path: "xl/sheet.xml", bytes: bytes)] + Self.entries
        #expect(try ZipArchive(jobs: 4).bytes(of: entries) == ZipArchive(jobs: 1).bytes(of: entries))
    }

    /// The part of `sheetLike(rows:)` with row `row`'s name changed (and a few bytes longer).
    static func edited(_ bytes: [UInt8], atRow row: Int) -> [UInt8] {
        let marker = Array("<row r=\"\(row)\">".utf8)
        var at = 0
        while !bytes[at...].starts(with: marker) { at += 1 }
        var edited = bytes
        edited.insert(contentsOf: Array("<c t=\"inlineStr\"><is><t>Edited</t></is></c>".utf8), at: at + marker.count)
        return edited
    }

    @Test func anEditDeflatesTheBlocksAroundItAlone() throws {
        let bytes = Self.sheetLike(rows: 60_000)
        let memo = DeflateMemo()
        let first = try ZipArchive.deflate(bytes, path: "sheet", memo: memo)
        memo.finishExports()
        #expect(first == (try ZipArchive.deflate(bytes, path: "sheet")))
        let blocks = memo.madeCount
        // Blocks average about 128 KB, between their least and most.
        #expect(blocks > bytes.count / ZipArchive.Deflater.maximumBlock && blocks <= bytes.count / ZipArchive.Deflater.minimumBlock + 1,
                "\(blocks) blocks of \(bytes.count) bytes")
        #expect(memo.count == blocks && memo.changed)

        // The same bytes again: every block is the memo's, and the memo is unchanged.
        #expect(try ZipArchive.deflate(bytes, path: "sheet", memo: memo) == first)
        memo.finishExports()
        #expect(memo.madeCount == 0 && memo.reusedCount == blocks && !memo.changed)

        // An edit near the start, in the middle and at the end: the cuts after it fall where they
        // fell, so one or two blocks are deflated again, and the bytes are those made without a memo.
        for row in [3, 30_000, 59_990] {
            let edited = Self.edited(bytes, atRow: row)
            let compressed = try ZipArchive.deflate(edited, path: "sheet", memo: memo)
            memo.finishExports()
            #expect(compressed == (try ZipArchive.deflate(edited, path: "sheet")), "row \(row)")
            #expect(ZipReader.inflate(compressed, size: edited.count) == edited, "row \(row)")
            #expect(memo.madeCount >= 1 && memo.madeCount <= 3, "row \(row): \(memo.madeCount) of \(blocks) blocks deflated again")
            // The memo keeps exactly the blocks of the last part.
            #expect(memo.count == memo.madeCount + memo.reusedCount)
            _ = try ZipArchive.deflate(bytes, path: "sheet", memo: memo)
            memo.finishExports()
        }
    }

    @Test func bytesWithoutAPlaceToCutAreCutAtTheLargestBlock() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 3 * ZipArchive.Deflater.maximumBlock)
        let memo = DeflateMemo()
        let compressed = try ZipArchive.deflate(bytes, path: "same", memo: memo)
        memo.finishExports()
        // Three blocks: the first with nothing before it, the second after the first, the last finishing.
        #expect(memo.madeCount == 3)
        #expect(ZipReader.inflate(compressed, size: bytes.count) == bytes)
    }

    @Test func theMemoChangesNoByteWhateverItHolds() throws {
        let bytes = Self.sheetLike(rows: 20_000)
        let alone = try ZipArchive.deflate(bytes, path: "sheet")
        // A memo of other parts, and one of this part given in other pieces on other threads.
        let memo = DeflateMemo()
        _ = try ZipArchive.deflate(Self.sheetLike(rows: 7_000), path: "other", memo: memo)
        _ = try ZipArchive.deflate(Self.edited(bytes, atRow: 100), path: "other", memo: memo)
        for jobs in [1, 3] {
            let deflater = try ZipArchive.Deflater(path: "sheet", sizeLimit: ZipArchive().sizeLimit, jobs: jobs, memo: memo)
            for start in stride(from: 0, to: bytes.count, by: 50_001) {
                try deflater.add(Array(bytes[start..<min(start + 50_001, bytes.count)]))
            }
            #expect(try deflater.finish() == alone, "\(jobs) threads")
            #expect(deflater.crc == ZipArchive.crc32(bytes))
        }
        let entries = [(path: "xl/sheet.xml", bytes: bytes)] + Self.entries
        #expect(try ZipArchive(jobs: 2, memo: memo).bytes(of: entries) == ZipArchive().bytes(of: entries))
    }
}
