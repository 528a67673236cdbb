import Testing
import YAML

@Suite("Node accessors and descriptions")
struct YAMLNodeAccessorTests {
    static let entry = """
        name: White Mask Varré
        merchant: false
        level: 12
        weight: 2.5
        locations: [rose-church, first-step]
        stats: {hp: 10}
        nothing: ~
        quoted: "42"
        """

    @Test("typed accessors read the core schema")
    func accessors() throws {
        let root = try #require(try YAMLParser.parse(Self.entry))
        #expect(root["name"]?.string == "White Mask Varré")
        #expect(root["merchant"]?.bool == false)
        #expect(root["merchant"]?.string == "false")
        #expect(root["level"]?.int == 12)
        #expect(root["level"]?.double == 12)
        #expect(root["weight"]?.double == 2.5)
        #expect(root["weight"]?.int == nil)
        #expect(root["quoted"]?.int == nil)
        #expect(root["quoted"]?.string == "42")
        #expect(root["locations"]?.sequence?.compactMap(\.string) == ["rose-church", "first-step"])
        #expect(root["locations"]?.string == nil)
        #expect(root["stats"]?["hp"]?.int == 10)
        #expect(root["stats"]?.mapping?.count == 1)
        #expect(root["nothing"]?.isNull == true)
        #expect(root["name"]?.isNull == false)
        #expect(root["missing"] == nil)
        #expect(root["locations"]?["name"] == nil)
        #expect(root.sequence == nil)
        #expect(root["stats"]?.sequence == nil)
        #expect(root["name"]?.mapping == nil)
        #expect(root.mapping?.map { $0.key.string ?? "" } == [
            "name", "merchant", "level", "weight", "locations", "stats", "nothing", "quoted",
        ])
    }

    @Test("kind descriptions for type-error messages", arguments: [
        ("yes please", "\"yes please\""),
        ("\"42\"", "\"42\""),
        ("''", "\"\""),
        ("42", "42"),
        ("0x2A", "0x2A"),
        ("-1.5e3", "-1.5e3"),
        (".inf", ".inf"),
        ("true", "true"),
        ("FALSE", "FALSE"),
        ("~", "null"),
        ("null", "null"),
        ("!!int 7", "7"),
        ("!!int seven", "\"seven\""),
        ("[1, 2]", "a list"),
        ("- a", "a list"),
        ("{a: 1}", "a mapping"),
        ("a: 1", "a mapping"),
        ("'say \"hi\"'", "\"say \\\"hi\\\"\""),
        ("\"back\\\\slash\"", "\"back\\\\slash\""),
        ("|\n  two\n  lines\n", "\"two\\nlines\\n\""),
        ("\"tab\\tbell\\a\"", "\"tab\\tbell\\u{7}\""),
        ("Thành phố Hồ Chí Minh", "\"Thành phố Hồ Chí Minh\""),
    ])
    func kindDescription(source: String, description: String) throws {
        let node = try #require(try YAMLParser.parse(source))
        #expect(node.kindDescription == description)
    }

    @Test("an empty mapping value is described as null")
    func emptyValue() throws {
        let root = try #require(try YAMLParser.parse("merchant:\n"))
        #expect(root["merchant"]?.kindDescription == "null")
    }

    @Test("long strings are shortened in descriptions")
    func longDescription() throws {
        let node = try #require(try YAMLParser.parse(String(repeating: "ab", count: 100)))
        let expected = "\"" + String(repeating: "ab", count: 19) + "a…\""
        #expect(node.kindDescription == expected)
    }
}
