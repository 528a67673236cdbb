import Testing
import YAML

@Suite("Documents, styles and positions")
struct YAMLParserDocumentTests {
    @Test("texts without content are nil", arguments: [
        "", " ", "\n\n\n", "   \n  \n", "# only a comment\n", "# one\n\n# two", "---\n", "--- # c\n# c\n",
        "\u{FEFF}", "\u{FEFF}# c\n", "\r\n\r\n", "--- \n...\n",
    ])
    func empty(text: String) throws {
        #expect(try YAMLParser.parse(text) == nil)
    }

    @Test("an explicit null document is a node")
    func explicitNull() throws {
        let node = try #require(try YAMLParser.parse("~\n"))
        #expect(node.isNull)
        #expect(node.mark == Mark(line: 1, column: 1))
    }

    @Test("document markers around one document are accepted")
    func markers() throws {
        let node = try #require(try YAMLParser.parse("---\nname: Varre\n...\n"))
        #expect(node["name"]?.string == "Varre")
        #expect(node.mark == Mark(line: 2, column: 1))
    }

    @Test("a second document is an error at its start", arguments: [
        ("a: 1\n---\nb: 2\n", 0, Mark(line: 2, column: 1)),
        ("---\na: 1\n---\n", 0, Mark(line: 3, column: 1)),
        ("a: 1\n...\n---\nb\n", 0, Mark(line: 3, column: 1)),
        ("a: 1\n---\nb: 2\n", 3, Mark(line: 5, column: 1)),
    ])
    func secondDocument(text: String, lineOffset: Int, mark: Mark) {
        let error = YAMLTesting.error(text, lineOffset: lineOffset)
        #expect(error == YAMLError("found a second document, but only one is allowed", at: mark))
    }

    @Test("scalar styles are recorded with their values")
    func styles() throws {
        let text = """
            plain: Limgrave east
            single: 'it''s here'
            double: "tab\\there \\u00e9"
            literal: |
              line one
              line two
            folded: >-
              folded
              text
            """
        let root = try #require(try YAMLParser.parse(text))
        #expect(root["plain"]?.content == .scalar("Limgrave east", .plain))
        #expect(root["single"]?.content == .scalar("it's here", .singleQuoted))
        #expect(root["double"]?.content == .scalar("tab\there é", .doubleQuoted))
        #expect(root["literal"]?.content == .scalar("line one\nline two\n", .literal))
        #expect(root["folded"]?.content == .scalar("folded text", .folded))
    }

    @Test("tags are kept, with the standard prefix shortened")
    func tags() throws {
        let text = """
            a: !!str 1
            b: !custom x
            c: !!map {}
            d: !<tag:example.com,2024:level> y
            e: ! z
            f: !!seq [1]
            g: plain
            """
        let root = try #require(try YAMLParser.parse(text))
        #expect(root["a"]?.tag == "!!str")
        #expect(root["b"]?.tag == "!custom")
        #expect(root["c"]?.tag == "!!map")
        #expect(root["c"]?.mapping?.isEmpty == true)
        #expect(root["d"]?.tag == "tag:example.com,2024:level")
        #expect(root["e"]?.tag == "!")
        #expect(root["f"]?.tag == "!!seq")
        #expect(root["g"]?.tag == nil)
        #expect(root.tag == nil)
    }

    static let nested = """
        a: 1
        b:
          - x
          - y: 2
            z: 3
        c:
        - p
        - q
        d:
        e: [1, {f: g}]
        """

    @Test("marks of nested nodes", arguments: [0, 1, 41])
    func nestedMarks(lineOffset: Int) throws {
        let root = try #require(try YAMLParser.parse(Self.nested, lineOffset: lineOffset))
        func at(_ line: Int, _ column: Int) -> Mark { Mark(line: line + lineOffset, column: column) }

        #expect(root.mark == at(1, 1))
        let entries = try #require(root.mapping)
        #expect(entries.map { $0.key.string } == ["a", "b", "c", "d", "e"])
        #expect(entries.map(\.key.mark) == [at(1, 1), at(2, 1), at(6, 1), at(9, 1), at(10, 1)])
        #expect(root["a"]?.mark == at(1, 4))

        let b = try #require(root["b"]?.sequence)
        #expect(root["b"]?.mark == at(3, 3))
        #expect(b[0].mark == at(3, 5))
        #expect(b[1].mark == at(4, 5))
        #expect(b[1]["y"]?.mark == at(4, 8))
        #expect(b[1].mapping?[1].key.mark == at(5, 5))
        #expect(b[1]["z"]?.int == 3)

        let c = try #require(root["c"]?.sequence)
        #expect(root["c"]?.mark == at(7, 1))
        #expect(c.map(\.mark) == [at(7, 3), at(8, 3)])

        #expect(root["d"]?.isNull == true)
        #expect(root["d"]?.mark == at(9, 3))

        let e = try #require(root["e"]?.sequence)
        #expect(root["e"]?.mark == at(10, 4))
        #expect(e[0].mark == at(10, 5))
        #expect(e[1].mark == at(10, 8))
        #expect(e[1]["f"]?.mark == at(10, 12))
    }

    @Test("CRLF line endings keep positions and values right")
    func crlf() throws {
        let text = "a: 1\r\nb:\r\n  - x\r\n  - \"y\r\n    z\"\r\nt: |\r\n  l1\r\n  l2\r\nc: [1,\r\n 2]\r\n"
        let root = try #require(try YAMLParser.parse(text, lineOffset: 2))
        #expect(root["a"]?.mark == Mark(line: 3, column: 4))
        let b = try #require(root["b"]?.sequence)
        #expect(b[0].mark == Mark(line: 5, column: 5))
        #expect(b[1].string == "y z")
        #expect(b[1].mark == Mark(line: 6, column: 5))
        #expect(root["t"]?.string == "l1\nl2\n")
        #expect(root["c"]?.sequence?[1].mark == Mark(line: 12, column: 2))
    }

    @Test("a byte order mark is tolerated and not counted as a column")
    func byteOrderMark() throws {
        let root = try #require(try YAMLParser.parse("\u{FEFF}name: Varre\nrole: merchant\n"))
        #expect(root.mapping?.first?.key.string == "name")
        #expect(root["name"]?.mark == Mark(line: 1, column: 7))
        #expect(root["role"]?.mark == Mark(line: 2, column: 7))
    }

    @Test("columns count Unicode scalars after Vietnamese, Japanese and emoji text")
    func unicodeColumns() throws {
        let text = """
            tên: Việt Nam
            日本語: 東京 # 首都
            emoji: 😀😀 done
            after: [😀, x]
            caf\u{65}\u{301}: NFD
            """
        let root = try #require(try YAMLParser.parse(text))
        #expect(root["tên"]?.string == "Việt Nam")
        #expect(root["tên"]?.mark == Mark(line: 1, column: 6))
        #expect(root["日本語"]?.string == "東京")
        #expect(root["日本語"]?.mark == Mark(line: 2, column: 6))
        #expect(root["emoji"]?.string == "😀😀 done")
        #expect(root["emoji"]?.mark == Mark(line: 3, column: 8))
        #expect(root["after"]?.sequence?.map(\.mark) == [Mark(line: 4, column: 9), Mark(line: 4, column: 12)])
        // A decomposed accent is its own scalar, as libyaml counts it.
        #expect(root["café"]?.mark == Mark(line: 5, column: 8))
    }

    @Test("very long scalars are read whole")
    func longScalars() throws {
        let long = String(repeating: "Tarnished ", count: 100_000)
        let text = "plain: \(long)end\nquoted: \"\(long)\"\nnext: 1\n"
        let root = try #require(try YAMLParser.parse(text))
        #expect(root["plain"]?.string == long + "end")
        #expect(root["quoted"]?.string == long)
        #expect(root["next"]?.mark == Mark(line: 3, column: 7))
    }

    @Test("positions at the end of a text without a final line break stay on its last line")
    func endWithoutLineBreak() throws {
        let explicitKey = try #require(try YAMLParser.parse("? x", lineOffset: 1))
        #expect(explicitKey.mapping?.first?.value.mark == Mark(line: 2, column: 4))
        let withBreak = try #require(try YAMLParser.parse("? x\n", lineOffset: 1))
        #expect(withBreak.mapping?.first?.value.mark == Mark(line: 3, column: 1))
        let unicode = try #require(try YAMLParser.parse("\u{FEFF}a: 1\r\n? 東京"))
        #expect(unicode.mapping?.last?.value.mark == Mark(line: 2, column: 5))
        let nel = try #require(try YAMLParser.parse("a: 1\u{85}? b"))
        #expect(nel.mapping?.last?.value.mark == Mark(line: 2, column: 4))
        #expect(YAMLTesting.error("tags: [")?.mark == Mark(line: 1, column: 8))
    }

    @Test("escaped NUL characters inside quoted scalars are kept")
    func escapedNul() throws {
        let root = try #require(try YAMLParser.parse("a: \"x\\0y\"\nb: 1\n"))
        #expect(root["a"]?.string == "x\u{0}y")
        #expect(root["b"]?.int == 1)
    }
}
