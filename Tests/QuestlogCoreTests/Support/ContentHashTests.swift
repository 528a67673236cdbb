import Foundation
import Testing
@testable import QuestlogCore
import TestSupport

@Suite struct ContentHashTests {
    @Test func theHashIsStableAcrossRunsAndPlatforms() {
        // Recorded values, also computed by an independent implementation: the hash names file
        // contents in caches that outlive the process.
        #expect(ContentHash.hash([]) == ContentHash.hash([UInt8]()))
        #expect(ContentHash.hash(Array("questlog".utf8)) == ContentHash.hash(Array("questlog".utf8)))
        #expect(String(ContentHash.hash(Array("".utf8)), radix: 16) == Self.recorded[""])
        #expect(String(ContentHash.hash(Array("abc".utf8)), radix: 16) == Self.recorded["abc"])
        #expect(String(ContentHash.hash(Array("<!doctype html>\n".utf8)), radix: 16) == Self.recorded["<!doctype html>\n"])
    }

    static let recorded: [String: String] = ["": "e9e0033e3badaf36", "abc": "c567b1242cfba986", "<!doctype html>\n": "6131e7fe6498ecac"]

    @Test func everyByteAndTheLengthCount() {
        var random = SplitMix64(seed: 0x4A54)
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1000] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let hash = ContentHash.hash(bytes)
            #expect(ContentHash.hash(bytes + [0]) != hash, "a trailing zero byte changes the hash (\(length))")
            for index in bytes.indices {
                var changed = bytes
                changed[index] ^= 1 << UInt8(index % 8)
                #expect(ContentHash.hash(changed) != hash, "byte \(index) of \(length)")
            }
        }
    }

    @Test func piecesHashAsTheirJoinedBytes() {
        var random = SplitMix64(seed: 0xC4C5)
        for length in [0, 1, 5, 8, 13, 64, 100, 1001] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            for _ in 0..<20 {
                var pieces: [[UInt8]] = []
                var start = 0
                while start < length {
                    // Pieces shorter than a word, and pieces that fill a block and go on past it.
                    let end = min(length, start + Int(random.next() % (random.next() % 2 == 0 ? 12 : 48)))
                    pieces.append(Array(bytes[start..<end]))
                    start = end
                }
                if random.next() % 2 == 0 { pieces.insert([], at: 0) }
                #expect(ContentHash.hash(chunks: pieces) == ContentHash.hash(bytes), "\(length) bytes in \(pieces.count) pieces")
            }
        }
    }

    @Test func aFileHashesAsItsBytesReadABlockAtATime() throws {
        let folder = NSTemporaryDirectory() + "questlog-hash-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var random = SplitMix64(seed: 0xF11E)
        // Across the block size, so words straddle two reads.
        for length in [0, 1, 7, 8, 9, 1000, (1 << 20) - 3, 1 << 20, (1 << 20) + 5, 3 * (1 << 20) + 11] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let path = folder + "/f\(length)"
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            #expect(ContentHash.hash(ofFile: path) == ContentHash.hash(bytes), "\(length) bytes")
        }
        #expect(ContentHash.hash(ofFile: folder + "/missing") == nil)
        #expect(ContentHash.hash(ofFile: folder) == nil, "a folder is not a file")
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/f9")
        #expect(ContentHash.hash(ofFile: folder + "/link") == nil, "a link is not followed")
        #expect(ContentHash.hash(ofFile: folder + "/link", followingLinks: true) == ContentHash.hash(ofFile: folder + "/f9"), "unless asked to")
    }
}
