@testable import QuestlogCore
import Testing

struct SiteConfigLoaderTests {
    @Test func readsEverySetting() {
        let (config, problems) = SiteConfigLoader.parse("""
        title: My wiki
        base_url: https://example.org/wiki
        language: vi
        unsafe_html: true
        dangling_links: warning
        kinds:
          faction:
            folder: factions
            name: Faction
            plural: Factions
            fields:
              leader: ref npc
              allies: refs faction
              seat: { type: ref location, label: Seat, inverse_label: Factions seated here }
        """, path: "questlog.yml")
        #expect(problems.isEmpty)
        #expect(config.title == "My wiki")
        #expect(config.baseURL == "https://example.org/wiki/")
        #expect(config.language == "vi")
        #expect(config.unsafeHTML)
        #expect(config.danglingLinksAreWarnings)
        let faction = config.schema.kind(id: "faction")
        #expect(faction?.folder == "factions")
        #expect(faction?.fields.map(\.name) == ["leader", "allies", "seat", "image"], "every kind gets an image field")
        #expect(faction?.fields[1].type == .refs("faction"), "a kind may reference itself")
        #expect(faction?.fields[2].label == "Seat")
        #expect(faction?.fields[2].inverseLabel == "Factions seated here")
        #expect(config.schema.kinds.map(\.id) == ["npc", "quest", "location", "faction", "playthrough"], "playthroughs come last")
    }

    @Test func customKindDefaultsComeFromItsId() {
        let (config, problems) = SiteConfigLoader.parse("kinds:\n  boss:\n    fields:\n      runes: int\n", path: "questlog.yml")
        #expect(problems.isEmpty)
        let boss = config.schema.kind(id: "boss")
        #expect(boss?.folder == "bosses")
        #expect(boss?.name == "Boss")
        #expect(boss?.plural == "Bosses")
        #expect(SiteConfigLoader.plural(of: "city") == "cities")
        #expect(SiteConfigLoader.plural(of: "day") == "days")
        #expect(SiteConfigLoader.plural(of: "item") == "items")
    }

    @Test(arguments: [
        ("kinds:\n  npcs:\n    folder: people\n", "kind 'npcs' cannot be declared (the kind is 'npc')"),
        ("kinds:\n  game:\n    folder: games\n", "kind 'game' cannot be declared"),
        ("kinds:\n  quest:\n    fields:\n      complete: { type: string, progress: true }\n", "field 'complete': progress and highlight need a bool field, not string"),
        ("kinds:\n  boss:\n    fields:\n      art: { type: string, display: image }\n", "field 'art': display: image needs a url field, not string"),
        ("kinds:\n  boss:\n    fields:\n      art: { type: url, display: picture }\n", "display: expected value or image, found \"picture\""),
        ("kinds:\n  Boss:\n    folder: bosses\n", "kind id 'Boss' must be a lowercase slug such as 'faction'"),
        ("kinds:\n  boss:\n    folder: npcs\n", "kind 'boss': folder 'npcs' is already used by the kind 'npc'"),
        ("kinds:\n  boss:\n    fields:\n      name: string\n", "field 'name' is reserved: every entry has it already"),
        ("kinds:\n  boss:\n    fields:\n      arena: { label: Arena }\n", "field 'arena': missing 'type'"),
        ("base_url: example.org\n", "base_url: expected an absolute http(s) URL such as https://example.org/wiki/, found \"example.org\""),
        ("dangling_links: sometimes\n", "dangling_links: expected error or warning, found \"sometimes\""),
        ("- title\n", "questlog.yml must be a mapping of settings, found a list"),
    ])
    func mistakesAreReported(_ text: String, _ message: String) {
        let (_, problems) = SiteConfigLoader.parse(text, path: "questlog.yml")
        #expect(problems.map(\.message).contains(message), "\(problems.map(\.message))")
        #expect(problems.allSatisfy { $0.location?.path == "questlog.yml" })
    }

    @Test func unknownSettingsAreWarningsWithASuggestion() {
        let (_, problems) = SiteConfigLoader.parse("titel: Wiki\n", path: "questlog.yml")
        #expect(problems.count == 1)
        #expect(problems.first?.severity == .warning)
        #expect(problems.first?.message == "unknown setting 'titel' (did you mean 'title'?)")
        #expect(problems.first?.location == SourceLocation(path: "questlog.yml", line: 1, column: 1))
    }
}

struct BuiltInKindExtensionTests {
    @Test func builtInKindsTakeNewFieldsLabelsAndFolders() {
        let (config, problems) = SiteConfigLoader.parse("""
        kinds:
          quest:
            name: Mission
            plural: Missions
            folder: missions
            fields:
              locations: refs location
              complete: { label: Done }
              reward: { type: int, label: Runes }
          location:
            fields:
              region: { type: ref location, inverse_label: Places in this region }
              boss_defeated: { type: bool, progress: true }
              has_shop: { type: bool, highlight: true }
              map: { type: url, display: image }
        """, path: "questlog.yml")
        #expect(problems.isEmpty, "\(problems)")
        let schema = config.schema
        let quest = schema.kind(id: "quest")
        #expect(quest?.folder == "missions")
        #expect(quest?.name == "Mission")
        #expect(quest?.fields.map(\.name) == ["complete", "location", "tags", "image", "locations", "reward"])
        #expect(quest?.field(named: "complete")?.label == "Done")
        #expect(quest?.field(named: "complete")?.type == .bool, "a relabelled field keeps its type")
        #expect(quest?.field(named: "complete")?.progress == true, "and its flags")
        #expect(quest?.field(named: "locations")?.type == .refs("location"))
        let location = schema.kind(id: "location")
        #expect(location?.field(named: "region")?.type == .ref("location"), "a redeclared field takes its new type")
        #expect(location?.field(named: "region")?.inverseLabel == "Places in this region")
        #expect(schema.progressFields.map { "\($0.kind.id).\($0.field.name)" } == ["quest.complete", "location.cleared", "location.boss_defeated"])
        #expect(schema.highlightFields.map { "\($0.kind.id).\($0.field.name)" }
            == ["npc.merchant", "location.smith_anvil", "location.merchant", "location.has_shop"])
        #expect(location?.field(named: "map")?.display == .image)
        #expect(schema.kinds.map(\.id) == ["npc", "quest", "location", "playthrough"])
    }

    @Test func aBuiltInKindMayMoveOutOfTheWayOfACustomOne() {
        let (config, problems) = SiteConfigLoader.parse("""
        kinds:
          npc: { folder: people }
          character: { folder: npcs }
        """, path: "questlog.yml")
        #expect(problems.isEmpty, "\(problems)")
        #expect(config.schema.kind(folder: "npcs")?.id == "character")
        #expect(config.schema.kind(folder: "people")?.id == "npc")
    }

    @Test func theSchemaTableListsEveryKindAndField() {
        let (config, _) = SiteConfigLoader.parse("kinds:\n  boss:\n    fields:\n      arena: { type: ref location, inverse_label: Bosses here }\n", path: "questlog.yml")
        let table = config.schema.table()
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("kind"))
        #expect(lines.contains { $0.hasPrefix("boss") && $0.contains("Boss / Bosses (bosses/)") })
        #expect(lines.contains { $0.contains("arena") && $0.contains("ref location") && $0.contains("Bosses here") })
        #expect(lines.contains { $0.contains("complete") && $0.contains("bool") && $0.hasSuffix("progress") })
        #expect(lines.contains { $0.contains("image") && $0.contains("url") && $0.hasSuffix("display: image") })
        #expect(lines.contains { $0.hasPrefix("playthrough") && $0.contains("Playthrough / Playthroughs (playthroughs/)") })
        #expect(lines.contains { $0.contains("cleared") && $0.contains("refs location") && $0.hasSuffix("progress list") },
                "a playthrough's list per progress field, not an inverse relation")
        #expect(!lines.contains { $0.hasSuffix(" ") })
    }
}
