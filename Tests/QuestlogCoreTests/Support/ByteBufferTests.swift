@testable import QuestlogCore
import Foundation
import Testing

/// The buffer holds what was appended, in order, however often it grew; the writers generic over
/// a sink write the same bytes into it as into an array.
struct ByteBufferTests {
    @Test func holdsWhatWasAppendedThroughEveryGrowth() {
        var generator = SplitMix(seed: 20_261_206)
        var buffer = ByteBuffer(capacity: 1)
        var expected: [UInt8] = []
        for round in 0..<2_000 {
            switch generator.next() % 5 {
            case 0:
                let byte = UInt8(truncatingIfNeeded: generator.next())
                buffer.appendByte(byte)
                expected.append(byte)
            case 1:
                let bytes = (0..<Int(generator.next() % 300)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                bytes.withUnsafeBufferPointer { buffer.appendBytes($0) }
                expected += bytes
            case 2:
                let count = Int(generator.next() % 70)
                buffer.appendSpaces(count)
                expected += [UInt8](repeating: 0x20, count: count)
            case 3:
                buffer.append("<row r=\"")
                expected += Array("<row r=\"".utf8)
            default:
                let number = Int(truncatingIfNeeded: generator.next()) >> Int(generator.next() % 64)
                buffer.appendDecimal(number)
                expected += Array(String(number).utf8)
            }
            #expect(buffer.count == expected.count, "round \(round)")
        }
        #expect(buffer.bytes == expected)
        #expect(buffer.take() == expected)
        #expect(buffer.count == 0 && buffer.bytes.isEmpty)
        buffer.append("again")
        #expect(buffer.take() == Array("again".utf8))
    }

    @Test func decimalsAreWrittenAsStringWritesThem() {
        for number in [0, 1, -1, 9, 10, -10, 99, 100, 1_000_000, Int.max, Int.min, Int.max - 1, Int.min + 1, 1_000_000_000_000_000_000, -999_999_999_999_999_999] {
            var buffer = ByteBuffer()
            buffer.appendDecimal(number)
            #expect(buffer.bytes == Array(String(number).utf8), "\(number)")
        }
    }

    /// Strings of quotes, backslashes, commas, controls, separators and text in other scripts, at every
    /// place among runs long enough to be read eight bytes at a time.
    static func hostile(using generator: inout SplitMix) -> String {
        let pieces = ["a", "plain text ", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{2028}", "\u{2029}", "é", "Mưa",
                      "योद्धा", "🐉", "<", ">", "&", "\u{FFFE}", "\u{FFFF}", "\u{EFFF}", "12345678", ",", "=", "-", "\u{301}"]
        return (0..<Int(generator.next() % 24)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
    }

    @Test func aJSONStringIsTheSameInABufferAndReadsBackAsTheText() throws {
        var generator = SplitMix(seed: 6_122_026)
        for _ in 0..<1_000 {
            let text = Self.hostile(using: &generator)
            var array: [UInt8] = []
            JSONValue.writeString(text, to: &array)
            var buffer = ByteBuffer(capacity: 1)
            JSONValue.writeString(text, to: &buffer)
            #expect(buffer.bytes == array, "\(text.debugDescription)")
            #expect(try JSONDecoder().decode(String.self, from: Data(array)) == text, "\(text.debugDescription)")
        }
    }

    @Test func XMLTextIsTheSameInABufferAndIsTheEscapedText() {
        var generator = SplitMix(seed: 20_261_207)
        for _ in 0..<1_000 {
            let text = Self.hostile(using: &generator)
            var content = ByteBuffer(capacity: 1), attribute = ByteBuffer(capacity: 1)
            XMLText.appendContent(text, to: &content)
            XMLText.appendAttribute(text, to: &attribute)
            #expect(content.bytes == Array(XMLText.content(text).utf8), "\(text.debugDescription)")
            #expect(attribute.bytes == Array(XMLText.attribute(text).utf8), "\(text.debugDescription)")
        }
    }
}
