import Foundation
@testable import QuestlogCore
import Testing
import TestSupport

struct ImageSizeTests {
    static func size(_ bytes: [UInt8]) -> [Int]? {
        ImageSize.of(bytes).map { [$0.width, $0.height] }
    }

    @Test func pngGifAndJpegFilesGiveTheirExactSize() {
        #expect(Self.size(TinyImages.png(width: 3, height: 2)) == [3, 2])
        #expect(Self.size(TinyImages.png(width: 1, height: 70_000)) == [1, 70_000])
        #expect(Self.size(TinyImages.gif(width: 5, height: 4)) == [5, 4])
        #expect(Self.size(TinyImages.gif(width: 300, height: 1)) == [300, 1])
        #expect(Self.size(TinyImages.jpeg(width: 7, height: 3)) == [7, 3])
        #expect(Self.size(TinyImages.jpeg(width: 8, height: 8, extraSegments: [Array("Exif\0\0".utf8) + [UInt8](repeating: 0xFF, count: 5000)])) == [8, 8])
    }

    @Test func webPFilesOfEachKindGiveTheirSize() {
        #expect(Self.size(TinyImages.webPLossy) == [1, 1])
        #expect(Self.size(TinyImages.webPLossless) == [1, 1])
        #expect(Self.size(TinyImages.webPExtended) == [1, 1])
    }

    @Test func webPHeadersGiveLargerSizes() {
        func riff(_ chunk: String, _ data: [UInt8]) -> [UInt8] {
            Array("RIFF".utf8) + TinyImages.littleEndian(4 + 8 + data.count, 4) + Array("WEBP".utf8)
                + Array(chunk.utf8) + TinyImages.littleEndian(data.count, 4) + data
        }
        let lossy = riff("VP8 ", [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A] + TinyImages.littleEndian(640 | 0x4000, 2) + TinyImages.littleEndian(480, 2) + [0, 0])
        #expect(Self.size(lossy) == [640, 480], "the two scaling bits are not part of the size")
        let bits = (1919 & 0x3FFF) | ((1079 & 0x3FFF) << 14)
        #expect(Self.size(riff("VP8L", [0x2F] + TinyImages.littleEndian(bits, 4) + [0])) == [1920, 1080])
        let extended = riff("VP8X", [0x10, 0, 0, 0] + TinyImages.littleEndian(99_999, 3) + TinyImages.littleEndian(4, 3))
        #expect(Self.size(extended) == [100_000, 5])
    }

    @Test func jpegMarkersBeforeTheFrameAreSkippedAndDHTIsNoFrame() {
        // Fill bytes, a standalone marker, and a Huffman table (C4) that must not be read as a frame.
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xFF, 0xD0, 0xFF, 0xC4, 0x00, 0x07, 0, 1, 2, 3, 4,
                              0xFF, 0xC2, 0x00, 0x0B, 8, 0x01, 0x2C, 0x00, 0xC8, 1, 1, 0x11, 0]
        #expect(Self.size(bytes) == [200, 300])
    }

    @Test func otherAndDamagedDataGiveNoSize() {
        let png = TinyImages.png(width: 3, height: 2)
        #expect(Self.size([]) == nil)
        #expect(Self.size(Array("not an image".utf8)) == nil)
        #expect(Self.size(Array(png.prefix(23))) == nil)
        #expect(Self.size(TinyImages.png(width: 0, height: 2)) == nil)
        #expect(Self.size([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01]) == nil, "a segment length below 2")
        #expect(Self.size([0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF, 0]) == nil, "a length past the end")
        #expect(Self.size([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02]) == nil, "the scan before any frame")
        #expect(Self.size(Array(TinyImages.gif(width: 2, height: 2).prefix(9))) == nil)
        #expect(Self.size(Array(TinyImages.webPLossy.prefix(29))) == nil)
    }

    @Test func anyCollectionOfBytesWorks() {
        let png = TinyImages.png(width: 9, height: 4)
        #expect(ImageSize.of(png[...]).map { [$0.width, $0.height] } == [9, 4])
        #expect(ImageSize.of(Data(png)).map { [$0.width, $0.height] } == [9, 4])
        #expect(ImageSize.of(AnyCollection(png)).map { [$0.width, $0.height] } == [9, 4])
    }

    @Test func filesAreReadOnlyAsFarAsNeeded() throws {
        let site = TestSite([:])
        defer { site.remove() }
        site.write("tiny.gif", bytes: TinyImages.gif(width: 6, height: 7))
        // A frame header beyond the first 64 KB is not read.
        site.write("late.jpg", bytes: TinyImages.jpeg(width: 2, height: 2, extraSegments: [[UInt8](repeating: 0, count: 40_000), [UInt8](repeating: 0, count: 40_000)]))
        site.write("early.jpg", bytes: TinyImages.jpeg(width: 2, height: 2, extraSegments: [[UInt8](repeating: 0, count: 60_000)]))
        #expect(ImageSize.ofFile(atPath: site.root + "/tiny.gif").map { [$0.width, $0.height] } == [6, 7])
        #expect(ImageSize.ofFile(atPath: site.root + "/late.jpg") == nil)
        #expect(ImageSize.ofFile(atPath: site.root + "/early.jpg").map { [$0.width, $0.height] } == [2, 2])
        #expect(ImageSize.ofFile(atPath: site.root + "/missing.png") == nil)
        #expect(ImageSize.ofFile(atPath: site.root) == nil)
    }

    /// Random bytes, and real headers damaged at random, return a size or nil and never crash.
    @Test func arbitraryBytesNeverCrash() {
        var random = SplitMix64(seed: 0x1_0A6E_517E)
        let seeds = [TinyImages.png(width: 3, height: 2), TinyImages.gif(width: 2, height: 2),
                     TinyImages.jpeg(width: 4, height: 4), TinyImages.webPLossy, TinyImages.webPLossless, TinyImages.webPExtended]
        for round in 0..<20_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int.random(in: 0..<64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                if let seed = seeds.randomElement(using: &random) { bytes = Array(seed.prefix(4)) + bytes }
            } else {
                bytes = seeds.randomElement(using: &random)!
                for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = [0x00, 0xFF, 0xC0, 0xD9, 0xDA, UInt8.random(in: 0...255, using: &random)].randomElement(using: &random)!
                }
                bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
            }
            if let size = ImageSize.of(bytes) {
                #expect(size.width > 0 && size.height > 0)
            }
        }
    }
}
