@testable import QuestlogCore
import Testing

/// The writer writes what `JSONValue` writes for the same document, byte for byte, at any depth.
struct JSONPrettyWriterTests {
    /// `value` written by the writer, as it stands `indent` levels deep.
    static func written(_ value: JSONValue, indent: Int) -> [UInt8] {
        var writer = JSONPrettyWriter(indent: indent)
        write(value, to: &writer)
        return writer.take()
    }

    static func write(_ value: JSONValue, to writer: inout JSONPrettyWriter) {
        switch value {
        case .null: writer.null()
        case let .bool(flag): writer.bool(flag)
        case let .int(number): writer.int(number)
        case let .double(number): writer.double(number)
        case let .string(text): writer.string(text)
        case let .array(items):
            writer.openArray()
            for item in items {
                writer.item()
                write(item, to: &writer)
            }
            writer.closeArray()
        case let .object(members):
            writer.openObject()
            for (key, member) in members {
                writer.key(string: key)
                write(member, to: &writer)
            }
            writer.closeObject()
        case .prerendered:
            Issue.record("no prerendered values here")
        }
    }

    /// A random document of at most `depth` levels, from `generator`.
    static func document(depth: Int, using generator: inout SplitMix) -> JSONValue {
        let strings = ["", "Varré", "a \"quoted\" word", "line\nbreak", "Mưa Tâm", "योद्धा", "\u{2028}", "tab\there"]
        let choice = depth == 0 ? Int(generator.next() % 6) : Int(generator.next() % 9)
        switch choice {
        case 0: return .null
        case 1: return .bool(generator.next() % 2 == 0)
        case 2: return .int(Int(truncatingIfNeeded: generator.next()) >> Int(generator.next() % 60))
        case 3: return .double([0.5, -3, 1e20, 12.25, .infinity, 7][Int(generator.next() % 6)])
        case 4, 5: return .string(strings[Int(generator.next() % UInt64(strings.count))])
        case 6, 7:
            let count = Int(generator.next() % 4)
            return .object((0..<count).map { ("key \($0)", document(depth: depth - 1, using: &generator)) })
        default:
            let count = Int(generator.next() % 4)
            return .array((0..<count).map { _ in document(depth: depth - 1, using: &generator) })
        }
    }

    @Test func writesWhatTheTreeWrites() {
        var generator = SplitMix(seed: 20_261_205)
        for round in 0..<500 {
            let value = Self.document(depth: 5, using: &generator)
            for indent in [0, 1, 5] {
                let tree = JSONValue.prerendered(value, indent: indent).bytesAtTheirDepth
                #expect(Self.written(value, indent: indent) == tree, "document \(round) at depth \(indent)")
            }
        }
    }

    @Test func emptyContainersAndSiblingsAtOneDepth() {
        let value: JSONValue = .object([
            ("a", .array([])), ("b", .object([])), ("c", .array([.object([]), .array([.int(1)]), .object([("d", .null)])])),
            ("e", .object([("f", .array([]))])),
        ])
        let text = String(decoding: Self.written(value, indent: 0), as: UTF8.self)
        #expect(text == value.rendered())
        #expect(text.contains("\"a\": [],\n  \"b\": {},"))
    }

    @Test func keysWrittenInTheCodeAreWrittenAsStringKeys() {
        func written(_ literal: Bool) -> [UInt8] {
            var writer = JSONPrettyWriter(indent: 1)
            writer.openObject()
            if literal { writer.key("display_name") } else { writer.key(string: "display_name") }
            writer.openObject()
            if literal { writer.member("id", "a\"b") } else { writer.key(string: "id"); writer.string("a\"b") }
            "<p>x</p>".utf8CString.withUnsafeBufferPointer { chars in
                chars.withMemoryRebound(to: UInt8.self) { bytes in
                    let text = UnsafeBufferPointer(rebasing: bytes.dropLast())
                    if literal { writer.member("html", utf8: text) } else { writer.key(string: "html"); writer.string("<p>x</p>") }
                }
            }
            writer.closeObject()
            writer.closeObject()
            return writer.take()
        }
        #expect(written(true) == written(false))
        #expect(String(decoding: written(true), as: UTF8.self) == "{\n    \"display_name\": {\n      \"id\": \"a\\\"b\",\n      \"html\": \"<p>x</p>\"\n    }\n  }")
    }

    @Test func separatedItemsAreTheItemsOfAnArray() {
        var writer = JSONPrettyWriter(indent: 2)
        Self.write(.object([("x", .int(1))]), to: &writer)
        writer.separateItems()
        Self.write(.array([.string("y")]), to: &writer)
        let items: [JSONValue] = [.object([("x", .int(1))]), .array([.string("y")])]
        guard case let .prerendered(bytes, _) = JSONValue.prerendered(items: items, indent: 2) else {
            Issue.record("prerendered items are bytes")
            return
        }
        #expect(writer.take() == bytes)
    }
}

/// A small seeded generator, the same sequence on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private extension JSONValue {
    /// The bytes of a value prerendered at its depth.
    var bytesAtTheirDepth: [UInt8] {
        guard case let .prerendered(bytes, _) = self else { return [] }
        return bytes
    }
}
