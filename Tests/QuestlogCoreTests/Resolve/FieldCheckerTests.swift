@testable import QuestlogCore
import Testing
import YAML

struct FieldCheckerTests {
    static func check(_ yaml: String, kind: String = "npc") throws -> (CheckedEntry, [Diagnostic]) {
        let node = try #require(try YAMLParser.parse(yaml))
        let schema = Schema.builtIn
        let raw = RawEntry(kind: try #require(schema.kind(id: kind)), id: "x", source: SourceLocation(path: "x.md"),
                           fields: node.mapping ?? [], notes: "", notesLineOffset: 0, fallbackName: "Fallback")
        var problems: [Diagnostic] = []
        var unknown: [UnknownField] = []
        let checked = FieldChecker(game: "g").check(raw, diagnostics: &problems, unknown: &unknown)
        return (checked, problems + unknown.map { FieldChecker.unknownFieldWarning([$0]) })
    }

    @Test func aSingleValueIsAListOfOne() throws {
        let (entry, problems) = try Self.check("locations: church-of-elleh\ntags: boss\n")
        #expect(problems.isEmpty)
        #expect(entry.fields.first { $0.field.name == "tags" }.map { "\($0.value)" }?.contains("boss") == true)
        guard case let .refs(references)? = entry.fields.first(where: { $0.field.name == "locations" })?.value else {
            Issue.record("locations is not a list of references")
            return
        }
        #expect(references.map(\.text) == ["church-of-elleh"])
    }

    @Test func nullFieldsAreAbsentAndTheNameFallsBack() throws {
        let (entry, problems) = try Self.check("name:\nmerchant:\nlocations:\n")
        #expect(problems.isEmpty)
        #expect(entry.name == "Fallback")
        #expect(entry.fields.isEmpty)
    }

    @Test(arguments: [
        ("merchant: \"true\"\n", "merchant: expected true or false, found \"true\""),
        ("merchant: yes\n", "merchant: expected true or false, found \"yes\""),
        ("locations: {a: b}\n", "locations: expected a list of location references, found a mapping"),
        ("aliases: [[nested]]\n", "aliases: expected text in the list, found a list"),
        ("image: \"javascript:alert(1)\"\n", "image: expected a URL (https://… or a relative path), found \"javascript:alert(1)\""),
    ])
    func typeErrors(_ yaml: String, _ message: String) throws {
        let (_, problems) = try Self.check(yaml)
        #expect(problems.map(\.message) == [message])
        #expect(problems.first?.location?.line == 1)
    }

    @Test(arguments: ["2024-02-29", "2000-02-29", "1004-03-15"])
    func validDates(_ date: String) {
        #expect(FieldChecker.isISODate(date))
    }

    @Test(arguments: ["2023-02-29", "1900-02-29", "2024-13-01", "2024-1-01", "24-01-01", "2024-01-32", "2024-00-10", "２０２４-01-01"])
    func invalidDates(_ date: String) {
        #expect(!FieldChecker.isISODate(date))
    }
}
