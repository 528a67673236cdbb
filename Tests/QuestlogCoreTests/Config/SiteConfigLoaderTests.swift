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
        #expect(faction?.fields.map(\.name) == ["leader", "allies", "seat"])
        #expect(faction?.fields[1].type == .refs("faction"), "a kind may reference itself")
        #expect(faction?.fields[2].label == "Seat")
        #expect(faction?.fields[2].inverseLabel == "Factions seated here")
        #expect(config.schema.kinds.map(\.id) == ["npc", "quest", "location", "faction"])
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
        ("kinds:\n  npc:\n    folder: people\n", "kind 'npc' is built in and cannot be redeclared"),
        ("kinds:\n  Boss:\n    folder: bosses\n", "kind id 'Boss' must be a lowercase slug such as 'faction'"),
        ("kinds:\n  boss:\n    folder: npcs\n", "kind 'boss': folder 'npcs' is already used by another kind"),
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
