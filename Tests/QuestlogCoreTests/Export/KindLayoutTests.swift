@testable import QuestlogCore
import Testing

struct KindLayoutTests {
    static func layout(_ kind: String, in schema: Schema) throws -> KindLayout {
        KindLayout(kind: try #require(schema.kind(id: kind)), schema: schema)
    }

    @Test func builtInInverseRelationsAreNamedAfterTheirLabels() throws {
        #expect(try Self.layout("quest", in: .builtIn).relations.map(\.name) == ["given_by"])
        #expect(try Self.layout("location", in: .builtIn).relations.map(\.name) == ["npcs_here", "quests_here", "sub_locations"])
        #expect(try Self.layout("location", in: .builtIn).relations.map(\.idsColumn)
            == ["npcs_here_ids", "quests_here_ids", "sub_locations_ids"])
        #expect(try Self.layout("npc", in: .builtIn).relations.isEmpty)
    }

    @Test func customRelationsUseTheLabelOrTheSourceKindAndField() throws {
        let grace = Kind(id: "site-of-grace", folder: "graces", name: "Site of Grace", plural: "Sites of Grace", fields: [
            FieldDefinition("near", .ref("location")),
            FieldDefinition("linked", .refs("location"), inverseLabel: "Lieux liés à"),
            FieldDefinition("warps", .refs("location"), inverseLabel: "→"),
        ])
        let schema = SiteConfig(customKinds: [grace]).schema
        let names = try Self.layout("location", in: schema).relations.map(\.name)
        #expect(names == ["npcs_here", "quests_here", "sub_locations", "site_of_grace_near", "lieux_lies_a", "site_of_grace_warps"])
    }

    @Test func columnNamesStayUnique() throws {
        let link = Kind(id: "link", folder: "links", name: "Link", plural: "Links", fields: [
            FieldDefinition("url", .url),
            FieldDefinition("target", .ref("location"), inverseLabel: "NPCs here"),
            FieldDefinition("target_ids", .list),
        ])
        let schema = SiteConfig(customKinds: [link]).schema
        let own = try Self.layout("link", in: schema)
        #expect(own.header() == ["id", "name", "display_name", "url_2", "target", "target_ids", "target_ids_2", "image", "notes", "url"])
        #expect(own.fields.map(\.field.name) == ["url", "target", "target_ids", "image"])
        let location = try Self.layout("location", in: schema)
        #expect(location.relations.map(\.name) == ["npcs_here", "quests_here", "sub_locations", "npcs_here_2"])
        #expect(Set(location.header()).count == location.header().count)
    }

    @Test func extraColumnsComeInFirstSeenOrderAndStayUnique() throws {
        let layout = try Self.layout("quest", in: .builtIn)
        func quest(_ id: String, _ extras: [String]) -> Entry {
            ExportTestSite.entry(ExportTestSite.ref("g", "quest", id), id, extra: extras.map { ExtraField(name: $0, value: .bool(true)) })
        }
        let extras = layout.extraColumns(for: [quest("a", ["weight", "given_by"]), quest("b", []),
                                               quest("c", ["url", "weight", "url_2", "display_name", "notes"])])
        #expect(extras.map(\.field) == ["weight", "given_by", "url", "url_2", "display_name", "notes"])
        #expect(extras.map(\.column) == ["weight", "given_by_2", "url_2", "url_2_2", "display_name_2", "notes_2"])
        let header = layout.header(extras: extras)
        #expect(Set(header).count == header.count)
        #expect(Array(header.suffix(10)) == ["given_by", "given_by_ids", "weight", "given_by_2", "url_2", "url_2_2",
                                             "display_name_2", "notes_2", "notes", "url"])
    }

    @Test func relationsWithoutALabelGetOneForTheSchema() throws {
        let boss = try Self.layout("location", in: ExportTestSite.config.schema).relations.last
        #expect(boss?.name == "boss_arena")
        #expect(boss?.label == "Bosses (Arena)")
    }
}
