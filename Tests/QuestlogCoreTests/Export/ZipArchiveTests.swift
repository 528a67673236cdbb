@testable import QuestlogCore
import Testing

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
        #expect(bytes.count > 8 * ZipArchive.Deflater.blockSize)
        let compressed = try ZipArchive.deflate(bytes, path: "sheet")
        #expect(ZipReader.inflate(compressed, size: bytes.count) == bytes)
        // Each block knows the 32 KB before it, so cutting costs little: within 2% of one stream.
        let single = try ZipReader.deflateAsOneStream(bytes)
        #expect(compressed.count <= single.count + single.count / 50, "\(compressed.count) against \(single.count)")
        // Bytes that end a block exactly, and one byte more, make streams that inflate too.
        for count in [ZipArchive.Deflater.blockSize, 2 * ZipArchive.Deflater.blockSize, 2 * ZipArchive.Deflater.blockSize + 1] {
            let part = Array(bytes.prefix(count))
            #expect(ZipReader.inflate(try ZipArchive.deflate(part, path: "p"), size: count) == part, "\(count) bytes")
        }
    }

    @Test func aPartOfOneBlockIsZlibsOneStream() throws {
        for bytes in [[], Array("<Types/>".utf8), Array(Self.sheetLike(rows: 40_000).prefix(ZipArchive.Deflater.blockSize))] {
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
}
