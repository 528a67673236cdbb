import TestSupport
import Testing
import YAML

@Suite("Arbitrary input returns or throws")
struct YAMLParserRobustnessTests {
    /// Bytes that mean something to YAML, drawn more often than the rest.
    static let significantBytes = Array("-?:,[]{}#&*!|>'\"%@` \t\r\n\\.~0x1eE+".utf8) + [0, 0xC3, 0xA9, 0xEF, 0xBB, 0xBF, 0xF0, 0x9F, 0x98, 0x80]

    static let fragments = [
        "key", "name", "tên", "日本", "😀", "- ", "-", "? ", ": ", ":", ", ", ",", "[", "]", "{", "}",
        "\n", "\r\n", "\r", "  ", "    ", "\t", " ", "#c ", "&a ", "&b ", "*a", "*b", " *a", "!!str ",
        "!!int ", "!x ", "!<tag:x> ", "! ", "\"", "'", "\"q\\\"x\"", "'it''s'", "\\u00e9", "\\", "|", ">-",
        "|+2", "---", "...", "---\n", "%YAML 1.2\n", "%TAG ! tag:x:\n", "~", "null", "true", "yes",
        "0x1F", "0o17", "1.5e3", ".inf", "\u{0}", "\u{7}", "\u{FEFF}", "\u{85}", "\u{2028}", "@", "`",
        "&a [lol, lol]\n", "[*a, *a, *a, *a]\n", "a: &a\n  b: *a\n",
    ]

    /// The number of lines as libyaml counts them (CR, LF, CRLF, NEL, LS and PS end a line).
    static func lineCount(_ text: String) -> Int {
        let scalars = Array(text.unicodeScalars)
        var lines = 1
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\n", "\u{85}", "\u{2028}", "\u{2029}": lines += 1
            case "\r" where index + 1 == scalars.count || scalars[index + 1] != "\n": lines += 1
            default: break
            }
        }
        return lines
    }

    /// Parses `text` and checks that any node or error carries a position inside it.
    /// Returns whether the text parsed.
    @discardableResult
    static func check(_ text: String, lineOffset: Int) -> Bool {
        let lines = lineCount(text)
        do {
            if let root = try YAMLParser.parse(text, lineOffset: lineOffset) {
                var pending = [root]
                var visited = 0
                while let node = pending.popLast(), visited < 10_000 {
                    visited += 1
                    #expect(node.mark.line > lineOffset && node.mark.line <= lineOffset + lines, "\(text.debugDescription) \(node.mark) \(node.content)")
                    #expect(node.mark.column >= 1)
                    if let items = node.sequence { pending += items }
                    if let entries = node.mapping { pending += entries.flatMap { [$0.key, $0.value] } }
                }
            }
            return true
        } catch {
            #expect(!error.message.isEmpty)
            #expect(error.mark.line > lineOffset && error.mark.line <= lineOffset + lines, "\(text.debugDescription): \(error)")
            #expect(error.mark.column >= 1)
            return false
        }
    }

    @Test("random byte strings", .timeLimit(.minutes(2)))
    func randomBytes() {
        var generator = SplitMix64(seed: 0x5155_4553_544C_4F47)
        var parsed = 0
        for _ in 0..<4_000 {
            let length = Int.random(in: 0...160, using: &generator)
            let bytes: [UInt8] = (0..<length).map { _ in
                Bool.random(using: &generator)
                    ? Self.significantBytes.randomElement(using: &generator)!
                    : UInt8.random(in: 0...255, using: &generator)
            }
            let text = String(decoding: bytes, as: UTF8.self)
            if Self.check(text, lineOffset: Int.random(in: 0...3, using: &generator)) { parsed += 1 }
        }
        // Both outcomes must be exercised for the test to mean something.
        #expect(parsed > 100 && parsed < 3_900)
    }

    @Test("random sequences of YAML fragments", .timeLimit(.minutes(2)))
    func randomFragments() {
        var generator = SplitMix64(seed: 2_024)
        var parsed = 0
        for _ in 0..<6_000 {
            let count = Int.random(in: 0...40, using: &generator)
            let text = (0..<count).map { _ in Self.fragments.randomElement(using: &generator)! }.joined()
            if Self.check(text, lineOffset: Int.random(in: 0...3, using: &generator)) { parsed += 1 }
        }
        #expect(parsed > 300 && parsed < 5_700)
    }

    @Test("the generator is deterministic")
    func deterministicGenerator() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        let a = (0..<5).map { _ in first.next() }
        #expect(a == (0..<5).map { _ in second.next() })
        #expect(Set(a).count == 5)
    }
}
