import Foundation
@testable import QuestlogCore
import Testing
import TestSupport

/// A digest is a function of the bytes its values write, however they cut them: the same as the
/// bytes written out whole and hashed in one go, and different for different values.
struct StableDigestTests {
    /// The bytes a sequence of values writes, as the digest's documentation gives them.
    private enum Value {
        case text(String)
        case number(Int)
        case flag(Bool)
        case tag(UInt8)
        case optional(String?)

        var bytes: [UInt8] {
            switch self {
            case let .text(text): Value.number(text.utf8.count).bytes + Array(text.utf8)
            case let .number(number): withUnsafeBytes(of: UInt64(bitPattern: Int64(number)).littleEndian) { Array($0) }
            case let .flag(flag): [flag ? 1 : 0]
            case let .tag(tag): [tag]
            case let .optional(text): Value.flag(text != nil).bytes + (text.map { Value.text($0).bytes } ?? [])
            }
        }
    }

    /// The digest of `bytes` hashed whole: blocks of sixteen bytes, then a word of eight, then the
    /// last ones followed by a set bit, then the count.
    private func reference(_ bytes: [UInt8]) -> UInt64 {
        func word(_ start: Int, _ count: Int) -> UInt64 {
            var word: UInt64 = 0
            for index in 0..<count { word |= UInt64(bytes[start + index]) << UInt64(index * 8) }
            return word
        }
        var state: UInt64 = 0x243F_6A88_85A3_08D3
        var offset = 0
        while offset + 16 <= bytes.count {
            state = ContentHash.block(state, word(offset, 8), word(offset + 8, 8))
            offset += 16
        }
        if bytes.count - offset >= 8 {
            state = ContentHash.mix(state ^ word(offset, 8))
            offset += 8
        }
        if offset < bytes.count {
            state = ContentHash.mix(state ^ word(offset, bytes.count - offset) ^ (UInt64(0x80) << UInt64((bytes.count - offset) * 8)))
        }
        return ContentHash.finish(ContentHash.mix(state ^ UInt64(bytes.count)))
    }

    private func digest(_ values: [Value]) -> UInt64 {
        var digest = StableDigest()
        for value in values {
            switch value {
            case let .text(text): digest.add(text)
            case let .number(number): digest.add(number)
            case let .flag(flag): digest.add(flag)
            case let .tag(tag): digest.tag(tag)
            case let .optional(text): digest.add(text)
            }
        }
        return digest.value
    }

    @Test func aDigestIsTheHashOfTheBytesWritten() {
        var random = SplitMix64(seed: 11)
        let words = ["", "a", "Varré", "seven77", "exactly8", "nine bytes", "Ranni the Witch, of the Carian royal family", "東の森"]
        var seen: [UInt64: [UInt8]] = [:]
        for _ in 0..<3_000 {
            var values: [Value] = []
            for _ in 0..<Int(random.next() % 12) {
                switch random.next() % 5 {
                case 0: values.append(.text(words[Int(random.next() % UInt64(words.count))]))
                case 1: values.append(.number(Int(bitPattern: UInt(random.next() >> (random.next() % 64)))))
                case 2: values.append(.flag(random.next() % 2 == 0))
                case 3: values.append(.tag(UInt8(random.next() % 256)))
                default: values.append(.optional(random.next() % 2 == 0 ? nil : words[Int(random.next() % UInt64(words.count))]))
                }
            }
            let bytes = values.flatMap(\.bytes)
            let value = digest(values)
            #expect(value == reference(bytes), "\(values)")
            if let other = seen[value] {
                #expect(other == bytes, "two byte sequences with one digest")
            }
            seen[value] = bytes
        }
        #expect(seen.count > 2_000)
    }

    @Test func theSameBytesCutOtherwiseGiveTheSameDigest() {
        // Nine one-byte tags then a number, and a number then nine tags, are other bytes; a text
        // is its length and bytes, whatever cuts it.
        #expect(digest([.tag(1), .number(7)]) != digest([.number(7), .tag(1)]))
        #expect(digest([.text("ab")]) == digest([.number(2), .tag(UInt8(ascii: "a")), .tag(UInt8(ascii: "b"))]))
        #expect(digest([.flag(true), .text("exactly8"), .number(-1)]) == reference(Value.flag(true).bytes + Value.text("exactly8").bytes + Value.number(-1).bytes))
        #expect(digest([]) == reference([]))
        #expect(digest([.tag(0)]) != digest([]), "a zero byte is not nothing")
    }
}
