@testable import Mustache
import Foundation
import Testing

@Suite("OutputBuffer")
struct OutputBufferTests {
    /// Bytes 0, 1, 2, … 250, 0, 1, … so that a misplaced piece shows.
    static func pattern(_ count: Int, from start: Int = 0) -> [UInt8] {
        (start..<start + count).map { UInt8($0 % 251) }
    }

    @Test func piecesSpanningBlocksComeOutInOrder() {
        var buffer = OutputBuffer(capacity: 100)
        var expected: [UInt8] = []
        // Short pieces, one piece bigger than a block, and pieces that straddle block ends.
        for size in [7, 90, 33, OutputBuffer.blockSize + 5, 1, OutputBuffer.blockSize - 20, 64, 3] {
            let piece = Self.pattern(size, from: expected.count)
            buffer.append(piece)
            expected += piece
            #expect(buffer.count == expected.count)
        }
        #expect(buffer.withBytes { Array($0) } == expected)
        var output: [UInt8] = [42]
        buffer.move(appendingTo: &output)
        #expect(output == [42] + expected)
        #expect(buffer.count == 0)
    }

    @Test func truncatingDropsWholeBlocksAndPartOfOne() {
        var buffer = OutputBuffer(capacity: 64)
        let bytes = Self.pattern(2 * OutputBuffer.blockSize + 100)
        bytes.withUnsafeBufferPointer { all in
            var offset = 0
            for size in [50, 30, OutputBuffer.blockSize, OutputBuffer.blockSize, 20] {
                buffer.append(UnsafeBufferPointer(rebasing: all[offset..<offset + size]))
                offset += size
            }
        }
        for keep in [bytes.count - 1, OutputBuffer.blockSize + 70, 64, 10] {
            buffer.truncate(to: keep)
            #expect(buffer.count == keep)
            #expect(buffer.withBytes { Array($0) } == Array(bytes.prefix(keep)))
        }
        buffer.append([1, 2, 3])
        #expect(buffer.withBytes { Array($0) } == Array(bytes.prefix(10)) + [1, 2, 3])
    }

    @Test func aPageBiggerThanABlockRendersWhole() throws {
        let text = String(repeating: "wyrm & hoard ", count: OutputBuffer.blockSize / 5)
        let library = MustacheLibrary(templates: ["page": "<p>{{text}}</p>{{{raw}}}|{{#rows}}{{.}}{{/rows}}"])
        let template = try #require(try library.template(named: "page"))
        let data: MustacheValue = ["text": .string(text), "raw": .string(text), "rows": [1, 2, 3]]
        let expected = "<p>" + text.replacingOccurrences(of: "&", with: "&amp;") + "</p>" + text + "|123"
        #expect(try library.render(template, with: data) == expected)
        var bytes: [UInt8] = Array("head:".utf8)
        try library.render(template, with: data, appendingTo: &bytes)
        #expect(bytes == Array(("head:" + expected).utf8))
    }
}

@Suite("OutputBuffer chunks")
struct OutputBufferChunkTests {
    @Test func aSmallPageIsOneChunk() throws {
        let library = MustacheLibrary(templates: ["page": "<b>{{name}}</b>"])
        let template = try #require(try library.template(named: "page"))
        var chunks: [[UInt8]] = [[9]]
        try library.render(template, with: ["name": "Varré"], appendingChunksTo: &chunks)
        #expect(chunks == [[9], Array("<b>Varré</b>".utf8)])
    }

    @Test func aBigPageComesInPiecesThatJoinToIt() throws {
        let text = String(repeating: "ember <glow> ", count: OutputBuffer.blockSize / 4)
        let library = MustacheLibrary(templates: ["page": "[{{{raw}}}]{{text}}{{#rows}}-{{.}}{{/rows}}"])
        let template = try #require(try library.template(named: "page"))
        let data: MustacheValue = ["text": .string(text), "raw": .string(text), "rows": [1, 2]]
        var chunks: [[UInt8]] = []
        try library.render(template, with: data, appendingChunksTo: &chunks)
        #expect(chunks.count > 2)
        #expect(chunks.allSatisfy { $0.count <= OutputBuffer.blockSize })
        let expected = try library.render(template, with: data)
        #expect(Array(chunks.joined()) == Array(expected.utf8))
        #expect(expected == "[" + text + "]" + text.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;") + "-1-2")
    }
}
