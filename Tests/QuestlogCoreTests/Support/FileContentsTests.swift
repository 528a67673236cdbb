import Foundation
@testable import QuestlogCore
import Testing
import TestSupport

/// Files read whole or in part, as their bytes.
struct FileContentsTests {
    @Test func aFileIsReadWholeOrUpToTheLimit() throws {
        let folder = NSTemporaryDirectory() + "questlog-contents-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var random = SplitMix64(seed: 0xF1)
        for length in [0, 1, 4095, 4096, 4097, 65_537, 1 << 20] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let path = folder + "/f\(length)"
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            #expect(FileContents.read(path) == bytes, "\(length) bytes")
            for limit in [0, 1, length / 2, length, length + 1] {
                #expect(FileContents.read(path, limit: limit) == Array(bytes.prefix(limit)), "\(length) bytes, limit \(limit)")
            }
        }
        #expect(FileContents.read(folder + "/missing") == nil)
        #expect(FileContents.read(folder) == nil, "a folder is not read")
    }

    #if os(Linux)
    /// A file longer than its size says (as those of /proc are, always 0) is read to its end.
    @Test func aFileLongerThanItsSizeIsReadToItsEnd() throws {
        let bytes = try #require(FileContents.read("/proc/self/status"))
        #expect(String(decoding: bytes, as: UTF8.self).contains("Name:"))
        #expect(bytes.last == UInt8(ascii: "\n"))
        #expect(FileContents.read("/proc/self/status", limit: 5) == Array(bytes.prefix(5)))
    }
    #endif
}
