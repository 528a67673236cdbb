import Testing
import YAML

@Suite("Syntax errors point where a reader would look")
struct YAMLParserSyntaxErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { text.debugDescription }
    }

    static let cases: [Case] = [
        // Unclosed quotes: at the opening quote, not at the end of the file.
        Case(text: "name: \"Varre\nage: 3\n", line: 1, column: 7,
             message: "found unexpected end of stream while scanning a quoted scalar (is the closing quote missing?)"),
        Case(text: "name: 'Varre\nage: 3\n", line: 1, column: 7,
             message: "found unexpected end of stream while scanning a quoted scalar (is the closing quote missing?)"),
        Case(text: "a: 1\nnote: \"open\n---\nb: 2\n", line: 2, column: 7,
             message: "found unexpected document indicator while scanning a quoted scalar (is the closing quote missing?)"),
        // Bad indentation.
        Case(text: "name: Varre\n  age: 3\n", line: 2, column: 3,
             message: "mapping values are not allowed in this context (check the indentation of this line)"),
        Case(text: "a:\n  b: 1\n c: 2\n", line: 3, column: 2,
             message: "did not find expected key while parsing a block mapping started at line 1, column 1"),
        Case(text: "quests:\n  - a\n  name: b\n", line: 3, column: 3,
             message: "did not find expected '-' indicator while parsing a block collection started at line 2, column 3"),
        Case(text: "a: |\n    x\n  y\n", line: 3, column: 3,
             message: "did not find expected key while parsing a block mapping started at line 1, column 1"),
        // Tabs.
        Case(text: "a:\n\tb: 1\n", line: 2, column: 1,
             message: "found a tab character that cannot start any token (YAML indentation must use spaces)"),
        Case(text: "a: 1\n\tb: 2\n", line: 2, column: 1,
             message: "found a tab character that violates indentation while scanning a plain scalar started at line 1, column 4"),
        // Unclosed flow collections: at the opening bracket.
        Case(text: "a: [a, b\n", line: 1, column: 4,
             message: "did not find expected ',' or ']' while parsing a flow sequence (is the closing ']' missing?)"),
        Case(text: "a: [a, b", line: 1, column: 4,
             message: "did not find expected ',' or ']' while parsing a flow sequence (is the closing ']' missing?)"),
        Case(text: "x: [1]\nz: {a: 1, b\n", line: 2, column: 4,
             message: "did not find expected ',' or '}' while parsing a flow mapping (is the closing '}' missing?)"),
        Case(text: "tags: [a,\n  b\nname: x\n", line: 3, column: 5,
             message: "did not find expected ',' or ']' while parsing a flow sequence started at line 1, column 7"),
        // Values that need quoting.
        Case(text: "key: value: other\n", line: 1, column: 11,
             message: "mapping values are not allowed in this context (quote a value that contains ': ')"),
        Case(text: "- title: Varre: the mask\n", line: 1, column: 15,
             message: "mapping values are not allowed in this context (quote a value that contains ': ')"),
        Case(text: "handle: @varre\n", line: 1, column: 9,
             message: "found character '@' that cannot start any token (quote values that start with '@' or '`')"),
        Case(text: "code: `x`\n", line: 1, column: 7,
             message: "found character '`' that cannot start any token (quote values that start with '@' or '`')"),
        // A stray list item in a mapping.
        Case(text: "name: Varre\n- merchant\n", line: 2, column: 1,
             message: "did not find expected key while parsing a block mapping started at line 1, column 1 (a '- ' list item cannot stand among the keys of a mapping)"),
        Case(text: "npc:\n  name: Varre\n  - merchant\n", line: 3, column: 3,
             message: "did not find expected key while parsing a block mapping started at line 2, column 3 (a '- ' list item cannot stand among the keys of a mapping)"),
        // A key without ':'.
        Case(text: "a: 1\nb\nc: 1\n", line: 2, column: 1,
             message: "could not find expected ':' while scanning a simple key"),
        // Text after a quoted value, bad escapes, bad tags and directives.
        Case(text: "key: \"x\" y\n", line: 1, column: 10,
             message: "did not find expected key while parsing a block mapping"),
        Case(text: "a: \"x\\qy\"\n", line: 1, column: 6,
             message: "found unknown escape character while parsing a quoted scalar"),
        Case(text: "a: !<x y\n", line: 1, column: 7,
             message: "did not find the expected '>' while scanning a tag"),
        Case(text: "%YAML 1.1\n%YAML 1.1\n---\na\n", line: 2, column: 1,
             message: "found duplicate %YAML directive"),
        Case(text: "{a: b: c}\n", line: 1, column: 6,
             message: "did not find expected ',' or '}' while parsing a flow mapping"),
        // Characters YAML does not allow in a file.
        Case(text: "x\u{0}y", line: 1, column: 2, message: "control characters are not allowed (found U+0000)"),
        Case(text: "a: b\nc: d\u{0}\n", line: 2, column: 5, message: "control characters are not allowed (found U+0000)"),
        Case(text: "\u{FEFF}tên: Việt\r\nb: 😀\u{7}", line: 2, column: 5,
             message: "control characters are not allowed (found U+0007)"),
        Case(text: "a: 日本\u{7F}", line: 1, column: 6, message: "control characters are not allowed (found U+007F)"),
    ]

    @Test("line, column and message", arguments: cases)
    func syntaxError(_ example: Case) {
        let error = YAMLTesting.error(example.text)
        #expect(error?.message == example.message)
        #expect(error?.mark == Mark(line: example.line, column: example.column))
    }

    @Test("line offsets apply to the position and to lines named in the message")
    func offset() {
        #expect(YAMLTesting.error("tags: [a,\n  b\nname: x\n", lineOffset: 1) == YAMLError(
            "did not find expected ',' or ']' while parsing a flow sequence started at line 2, column 7",
            at: Mark(line: 4, column: 5)
        ))
        #expect(YAMLTesting.error("a: 1\nb: c\u{0}", lineOffset: 10)?.mark == Mark(line: 12, column: 5))
        #expect(YAMLTesting.error("name: \"Varre\n", lineOffset: 1)?.mark == Mark(line: 2, column: 7))
    }

    @Test("CRLF endings and wide characters before an error keep its column right")
    func crlfAndUnicode() {
        #expect(YAMLTesting.error("a: 1\r\ntên: \"Việt\r\n", lineOffset: 1)?.mark == Mark(line: 3, column: 6))
        #expect(YAMLTesting.error("a: 1\r\n日本: 東京: 首都\r\n")?.mark == Mark(line: 2, column: 7))
        #expect(YAMLTesting.error("😀: [a, b\r\n")?.mark == Mark(line: 1, column: 4))
        #expect(YAMLTesting.error("\u{FEFF}key: value: other\r\n")?.mark == Mark(line: 1, column: 11))
    }

    @Test("errors describe themselves as line:column: message")
    func description() {
        let error = YAMLTesting.error("key: value: other\n", lineOffset: 1)
        #expect(error?.description == "2:11: mapping values are not allowed in this context (quote a value that contains ': ')")
    }
}
