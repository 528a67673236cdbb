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
}
