import Foundation
@testable import QuestlogCore
import Testing

struct JSONExportSchemaTests {
    static func schema() throws -> [String: Any] {
        let site = ExportTestSite.make()
        let file = try #require(JSONExport.files(for: site, options: ExportOptions(games: [])).last)
        #expect(file.path == "questlog.schema.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(file.bytes)) as? [String: Any])
    }

    static func definition(_ schema: [String: Any], _ name: String) throws -> [String: Any] {
        let definitions = try #require(schema["$defs"] as? [String: Any])
        return try #require(definitions[name] as? [String: Any])
    }

    static func properties(_ object: [String: Any]?) throws -> [String: Any] {
        try #require(object?["properties"] as? [String: Any])
    }

    @Test func draft2020AndClosedObjects() throws {
        let schema = try Self.schema()
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["additionalProperties"] as? Bool == false)
        #expect(schema["required"] as? [String] == ["schema_version", "generator", "site", "games"])
        let version = try Self.properties(schema)["schema_version"] as? [String: Any]
        #expect(version?["const"] as? Int == JSONExport.schemaVersion)
    }

    @Test func eachKindIsDescribedExactly() throws {
        let schema = try Self.schema()
        let boss = try Self.definition(schema, "entry-boss")
        #expect(boss["additionalProperties"] as? Bool == false)
        let fields = try Self.properties(Self.properties(boss)["fields"] as? [String: Any])
        #expect(Set(fields.keys) == ["hp", "first_seen", "arena", "drops", "wiki", "allies", "image"])
        let date = try #require(fields["first_seen"] as? [String: Any])
        #expect(date["format"] as? String == "date")
        #expect(date["type"] as? [String] == ["string", "null"])
        let hp = try #require(fields["hp"] as? [String: Any])
        #expect(hp["type"] as? [String] == ["integer", "null"])
        let kind = try #require(try Self.properties(boss)["kind"] as? [String: Any])
        #expect(kind["const"] as? String == "boss")

        let location = try Self.definition(schema, "entry-location")
        let inverse = try #require(try Self.properties(location)["inverse"] as? [String: Any])
        #expect(inverse["required"] as? [String] == ["npcs_here", "quests_here", "sub_locations", "boss_arena"])
        let npcFields = try Self.properties(Self.properties(Self.definition(schema, "entry-npc"))["fields"] as? [String: Any])
        #expect((npcFields["merchant"] as? [String: Any])?["type"] as? String == "boolean")
    }

    @Test func entriesListTheKindsWithoutRequiringThem() throws {
        let game = try Self.definition(Self.schema(), "game")
        let entries = try #require(try Self.properties(game)["entries"] as? [String: Any])
        #expect(Set(try Self.properties(entries).keys) == ["npc", "quest", "location", "boss"])
        #expect((entries["required"] as? [Any])?.isEmpty == true)
        #expect(entries["additionalProperties"] as? Bool == false)
        let fields = try Self.properties(Self.properties(game)["fields"] as? [String: Any])
        #expect(fields["title"] == nil)
        #expect((fields["started"] as? [String: Any])?["format"] as? String == "date")
    }

    @Test func extraIsOpenButTyped() throws {
        let schema = try Self.schema()
        let quest = try Self.definition(schema, "entry-quest")
        #expect(quest["required"] as? [String] == [
            "id", "kind", "name", "display_name", "url", "fields", "extra", "inverse", "mentions", "notes",
        ])
        #expect((try Self.properties(quest)["extra"] as? [String: Any])?["$ref"] as? String == "#/$defs/extra")
        let extra = try Self.definition(schema, "extra")
        #expect(extra["type"] as? String == "object")
        let values = try #require(extra["additionalProperties"] as? [String: Any])
        #expect(values["type"] as? [String] == ["string", "number", "boolean", "array"])
        #expect((values["items"] as? [String: Any])?["type"] as? String == "string")
        // Declared fields stay closed.
        let fields = try #require(try Self.properties(quest)["fields"] as? [String: Any])
        #expect(fields["additionalProperties"] as? Bool == false)
        #expect(try Self.definition(schema, "reference")["required"] as? [String] == ["id", "name", "display_name", "url"])
    }

    @Test func mentionsMayNameTheGame() throws {
        let mention = try Self.definition(Self.schema(), "mention")
        let kind = try #require(try Self.properties(mention)["kind"] as? [String: Any])
        #expect(kind["enum"] as? [String] == ["game", "npc", "quest", "location", "boss"])
        #expect(mention["required"] as? [String] == ["id", "kind", "name", "display_name", "url"])
    }
}
