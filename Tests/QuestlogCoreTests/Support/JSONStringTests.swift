@testable import QuestlogCore
import Testing
import TestSupport

/// Strings are written into JSON eight bytes at a time where none needs escaping, and byte by byte
/// around the others; the result is the escaping of each character on its own.
struct JSONStringTests {
    /// The JSON string literal of `text`, one scalar at a time.
    static func reference(_ text: String) -> [UInt8] {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u00" + (hex.count == 1 ? "0" + hex : hex)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return Array((out + "\"").utf8)
    }

    @Test func everyCharacterIsEscapedAsOnItsOwnWhereverItFalls() {
        let pieces: [String] = ["a", "plain words ", "\"", "\\", "\n", "\r\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", " ", "!", "#",
                                "é", "龙", "🐉", "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}", "\u{E2}", "ÿ", "[]{}"]
        var random = SplitMix64(seed: 23)
        var texts = [""] + pieces
        for _ in 0..<3_000 {
            texts.append((0..<Int(random.next() % 24)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
        }
        for text in texts {
            var out: [UInt8] = [0x41]
            JSONValue.writeString(text, to: &out)
            #expect(out == [0x41] + Self.reference(text), "\(Array(text.unicodeScalars))")
        }
    }

    /// Each special byte at each place of strings of up to twenty bytes: told wherever it falls,
    /// in a whole word or among the last bytes.
    @Test func aSpecialByteIsFoundAtEveryPlace() {
        let specials: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, 0x22, 0x5C, 0xE2]
        for length in 1...20 {
            for place in 0..<length {
                for special in specials {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[place] = special
                    #expect(bytes.withUnsafeBufferPointer(JSONValue.hasSpecialBytes), "\(length), \(place), \(special)")
                }
                let plain = [UInt8](repeating: 0xC3, count: length)
                #expect(!plain.withUnsafeBufferPointer(JSONValue.hasSpecialBytes), "\(length)")
            }
        }
        #expect(!JSONValue.hasSpecialBytes(UnsafeBufferPointer(start: nil, count: 0)), "no bytes")
    }

    @Test func aWordIsSpecialExactlyWhenOneOfItsBytesIs() {
        var random = SplitMix64(seed: 29)
        let interesting: [UInt8] = [0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xA0, 0xA2, 0xDC, 0xE1, 0xE2, 0xE3, 0x62, 0xFF]
        for _ in 0..<20_000 {
            let bytes = (0..<8).map { _ in random.next() % 3 == 0 ? interesting[Int(random.next() % UInt64(interesting.count))] : UInt8(truncatingIfNeeded: random.next()) }
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            let special = bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }
            #expect(JSONValue.hasSpecialByte(word) == special, "\(bytes)")
        }
    }
}
