import Testing
import YAML

@Suite("Keys, aliases and limits")
struct YAMLParserStructureRuleTests {
    @Test("duplicate keys are errors at the second key", arguments: [
        ("name: a\nage: 1\nname: b\n", 0, Mark(line: 3, column: 1), "duplicate key 'name' (first defined at line 1)"),
        ("name: a\nname: b\n", 2, Mark(line: 4, column: 1), "duplicate key 'name' (first defined at line 3)"),
        ("npc:\n  name: a\n  quests:\n    - id: q1\n      id: q2\n", 0, Mark(line: 5, column: 7),
         "duplicate key 'id' (first defined at line 4)"),
        ("{a: 1, b: 2, a: 3}", 0, Mark(line: 1, column: 14), "duplicate key 'a' (first defined at line 1, column 2)"),
        ("1: a\n\"1\": b\n", 0, Mark(line: 2, column: 1), "duplicate key '1' (first defined at line 1)"),
        ("tên: a\n'tên': b\n", 0, Mark(line: 2, column: 1), "duplicate key 'tên' (first defined at line 1)"),
        ("- &k id\n- {id: 1, *k : 2}\n", 0, Mark(line: 2, column: 11), "duplicate key 'id' (first defined at line 2, column 4)"),
    ])
    func duplicateKeys(text: String, lineOffset: Int, mark: Mark, message: String) {
        #expect(YAMLTesting.error(text, lineOffset: lineOffset) == YAMLError(message, at: mark))
    }

    @Test("equal keys in different mappings are fine")
    func keysInSiblingMappings() throws {
        let root = try #require(try YAMLParser.parse("- id: 1\n  name: a\n- id: 2\n  name: a\n"))
        #expect(root.sequence?.map { $0["id"]?.int } == [1, 2])
    }

    @Test("keys that are collections are errors at the key", arguments: [
        ("? [a]\n: b\n", Mark(line: 1, column: 3)),
        ("? {x: 1}\n: y\n", Mark(line: 1, column: 3)),
        ("{[a]: b}", Mark(line: 1, column: 2)),
        ("a:\n  ? - x\n  : y\n", Mark(line: 2, column: 5)),
        ("- &l [a]\n- {*l : b}\n", Mark(line: 2, column: 4)),
    ])
    func collectionKeys(text: String, mark: Mark) {
        #expect(YAMLTesting.error(text) == YAMLError("mapping keys must be scalars", at: mark))
    }

    @Test("aliases resolve to a copy of the anchored node")
    func aliases() throws {
        let text = """
            base: &base
              hp: 10
              tags: [a, b]
            boss: *base
            name: &n Varre
            again: *n
            list: [&x 1, *x, *x]
            """
        let root = try #require(try YAMLParser.parse(text))
        let base = try #require(root["base"])
        let boss = try #require(root["boss"])
        #expect(boss.content == base.content)
        #expect(boss.mark == Mark(line: 4, column: 7))
        #expect(boss["hp"]?.mark == Mark(line: 2, column: 7))
        #expect(root["again"]?.string == "Varre")
        #expect(root["again"]?.mark == Mark(line: 6, column: 8))
        #expect(root["list"]?.sequence?.map(\.int) == [1, 1, 1])
    }

    @Test("a redefined anchor refers to its latest node")
    func redefinedAnchor() throws {
        let root = try #require(try YAMLParser.parse("- &a 1\n- &a 2\n- *a\n"))
        #expect(root.sequence?.last?.int == 2)
    }

    @Test("unknown and self-referencing aliases are errors", arguments: [
        ("a: *nope\n", YAMLError("unknown alias '*nope'", at: Mark(line: 1, column: 4))),
        ("a: 1\nb: [*a]\n", YAMLError("unknown alias '*a'", at: Mark(line: 2, column: 5))),
        ("&a [1, *a]", YAMLError("alias '*a' refers to a node that contains it", at: Mark(line: 1, column: 8))),
        ("x: &m\n  y: *m\n", YAMLError("alias '*m' refers to a node that contains it", at: Mark(line: 2, column: 6))),
    ])
    func badAliases(text: String, error: YAMLError) {
        #expect(YAMLTesting.error(text) == error)
    }

    /// The "billion laughs" document: each level aliases the previous one nine times.
    static func laughs(levels: Int) -> String {
        var lines = ["l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1..<levels {
            let aliases = Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ")
            lines.append("l\(level): &l\(level) [\(aliases)]")
        }
        return lines.joined(separator: "\n")
    }

    @Test("alias expansion within the node limit is allowed")
    func moderateExpansion() throws {
        let root = try #require(try YAMLParser.parse(Self.laughs(levels: 4)))
        let top = try #require(root["l3"]?.sequence)
        #expect(top.count == 9)
        #expect(top[8].sequence?[8].sequence?[8].sequence?[8].string == "lol")
    }

    @Test("alias bombs stop at the node limit", .timeLimit(.minutes(1)))
    func aliasBomb() {
        let error = YAMLTesting.error(Self.laughs(levels: 10))
        #expect(error?.message.hasPrefix("alias '*l") == true)
        #expect(error?.message.hasSuffix("' makes aliases copy more than 1000000 nodes into the document") == true)
        // The aliases on lines l1 to l5 already copy 672,588 nodes; each alias on the l6 line copies
        // 597,871 more, so the first one crosses the limit.
        #expect(error?.mark == Mark(line: 7, column: 10))
    }

    @Test("aliases cannot nest collections beyond the limit")
    func deepAliases() {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let text = "a: &a \(deep)\nb: \(String(repeating: "[", count: 300)) *a \(String(repeating: "]", count: 300))\n"
        #expect(YAMLTesting.error(text) == YAMLError(
            "alias '*a' nests collections more than 512 levels deep",
            at: Mark(line: 2, column: 305)
        ))
    }

    @Test("nesting up to the limit is allowed")
    func deepestAllowed() throws {
        let depth = YAMLParser.maximumDepth
        var node = try #require(try YAMLParser.parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)))
        for _ in 1..<depth { node = try #require(node.sequence?.first) }
        #expect(node.sequence?.isEmpty == true)
    }

    @Test("nesting beyond the limit is an error, not a crash", .timeLimit(.minutes(1)), arguments: [
        (String(repeating: "[", count: 513) + String(repeating: "]", count: 513), Mark(line: 1, column: 513)),
        (String(repeating: "{a: ", count: 100_000), Mark(line: 1, column: 2049)),
        (String(repeating: "[", count: 1_000_000), Mark(line: 1, column: 513)),
        (String(repeating: "- ", count: 600) + "x", Mark(line: 1, column: 1025)),
        ((0..<600).map { String(repeating: " ", count: $0) + "k:\n" }.joined(), Mark(line: 513, column: 513)),
    ])
    func tooDeep(text: String, mark: Mark) {
        #expect(YAMLTesting.error(text) == YAMLError("collections are nested more than 512 levels deep", at: mark))
    }
}
