import Foundation
@testable import QuestlogCore
import Testing

struct JSONExportTests {
    static let site = ExportTestSite.make()

    static func text(_ path: String, options: ExportOptions = ExportOptions()) throws -> String {
        let file = try #require(JSONExport.files(for: site, options: options).first { $0.path == path })
        return try #require(String(bytes: file.bytes, encoding: .utf8))
    }

    static func object(_ path: String, options: ExportOptions = ExportOptions()) throws -> [String: Any] {
        let data = Data(try text(path, options: options).utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func entry(_ ref: EntryRef) throws -> String {
        let entry = try #require(site.entry(ref))
        let layout = KindLayout(kind: try #require(site.schema.kind(id: ref.kind)), schema: site.schema)
        return JSONExport.entry(entry, layout: layout, site: site).rendered()
    }

    @Test func oneDocumentPerGameThenTheSiteAndTheSchema() {
        #expect(JSONExport.files(for: Self.site, options: ExportOptions()).map(\.path)
            == ["dark-souls.json", "elden-ring.json", "site.json", "questlog.schema.json"])
    }

    @Test func documentsStartWithVersionsAndTheSite() throws {
        let text = try Self.text("elden-ring.json")
        #expect(text.hasPrefix("""
        {
          "schema_version": 1,
          "generator": "Questlog \(Questlog.version)",
          "site": {
            "title": "Tarnished Notes",
            "language": "en",
            "base_url": "https://example.org/notes/"
          },
          "games": [
            {
              "id": "elden-ring",
              "title": "Elden Ring",
              "url": "elden-ring/index.html",
              "fields": {
                "character": "Vyke Jr.",
                "class": null,
                "platform": null,
                "started": "2024-03-01",
                "status": null,
                "language": null,
                "tags": [
                  "souls",
                  "open world"
                ],
                "image": null
              },
              "notes": {
                "markdown": "Started at [[Varré]].",
                "html": "<p>Started at Varré.</p>\\n"
              },
              "entries": {
                "npc": [
        """))
        #expect(text.hasSuffix("}\n"))
        let site = try Self.object("site.json")
        let games = try #require(site["games"] as? [[String: Any]])
        #expect(games.map { $0["id"] as? String } == ["dark-souls", "elden-ring"])
        let entries = try #require(games[1]["entries"] as? [String: Any])
        #expect(Set(entries.keys) == ["npc", "quest", "location", "boss"])
    }

    @Test func anEntryWithReferencesInverseRelationsAndMentions() throws {
        #expect(try Self.entry(ExportTestSite.varre) == """
        {
          "id": "white-mask-varre",
          "kind": "npc",
          "name": "White Mask Varré",
          "display_name": "White Mask Varré",
          "url": "elden-ring/npcs/white-mask-varre.html",
          "fields": {
            "merchant": false,
            "locations": [
              {
                "id": "rose-church",
                "name": "Rose Church",
                "display_name": "Rose Church",
                "url": "elden-ring/locations/rose-church.html"
              }
            ],
            "quests": [
              {
                "id": "go-to-the-castle",
                "name": "Go to the Castle",
                "display_name": "Go to the Castle",
                "url": "elden-ring/quests/go-to-the-castle.html"
              }
            ],
            "aliases": [
              "=HYPERLINK(\\"http://x\\")",
              "@Varré"
            ],
            "tags": [],
            "image": "images/varré.png"
          },
          "extra": {},
          "inverse": {
            "allied_bosses": [
              {
                "id": "margit",
                "name": "Margit, the Fell Omen",
                "display_name": "Margit, the Fell Omen",
                "url": "elden-ring/bosses/margit.html"
              }
            ]
          },
          "mentions": [
            {
              "id": "elden-ring",
              "kind": "game",
              "name": "Elden Ring",
              "display_name": "Elden Ring",
              "url": "elden-ring/index.html"
            }
          ],
          "notes": {
            "markdown": "  Met him, at last.\\n",
            "html": "<p>  Met him, at last.\\n</p>\\n"
          }
        }
        """)
    }

    @Test func typedFieldsOfACustomKind() throws {
        #expect(try Self.entry(ExportTestSite.margit) == """
        {
          "id": "margit",
          "kind": "boss",
          "name": "Margit, the Fell Omen",
          "display_name": "Margit, the Fell Omen",
          "url": "elden-ring/bosses/margit.html",
          "fields": {
            "hp": -5,
            "first_seen": "2024-03-02",
            "arena": {
              "id": "stormveil-castle",
              "name": "Stormveil Castle",
              "display_name": "Stormveil Castle",
              "url": "elden-ring/locations/stormveil-castle.html"
            },
            "drops": [
              "+3 Talisman",
              "Rune; Arc"
            ],
            "wiki": "https://example.org/margit",
            "allies": [
              {
                "id": "white-mask-varre",
                "name": "White Mask Varré",
                "display_name": "White Mask Varré",
                "url": "elden-ring/npcs/white-mask-varre.html"
              }
            ],
            "image": null
          },
          "extra": {},
          "inverse": {},
          "mentions": [],
          "notes": {
            "markdown": "",
            "html": ""
          }
        }
        """)
    }

    @Test func extraFieldsAreTypedAsTheirYAML() throws {
        #expect(try Self.entry(ExportTestSite.churchQuest) == """
        {
          "id": "clear-the-church",
          "kind": "quest",
          "name": "Clear the Church",
          "display_name": "Clear the Church",
          "url": "elden-ring/quests/clear-the-church.html",
          "fields": {
            "complete": false,
            "location": {
              "id": "smoldering-church-caelid",
              "name": "Smoldering Church",
              "display_name": "Smoldering Church (Caelid)",
              "url": "elden-ring/locations/smoldering-church-caelid.html"
            },
            "tags": [],
            "image": null
          },
          "extra": {
            "source": "https://example.org/church?a=1&b=2",
            "level": 3,
            "weight": 2.5,
            "optional": false,
            "found": "2024-03-05",
            "bosses": [
              "Demi-Human Queen",
              "Gideon"
            ],
            "rewards": "runes: 3000; item: [Flail, Shield]",
            "giver": "A hooded woman"
          },
          "inverse": {
            "given_by": []
          },
          "mentions": [],
          "notes": {
            "markdown": "",
            "html": ""
          }
        }
        """)
        // Hostile values are plain JSON strings: no formula rule, escapes for quotes and line breaks.
        #expect(try Self.entry(ExportTestSite.formulaQuest).contains("""
          "extra": {
            "level": 1,
            "motto": "=cmd|' /C calc'!A0",
            "url": "Line\\nbreak, \\"quoted\\", commas",
            "display_name": "@fake",
            "bosses": [
              "-Gideon",
              "a, \\"b\\""
            ],
            "offset": -0.5
          },
        """))
    }

    @Test func entriesSharingANameKeepItAndAddTheirDisplayName() throws {
        let document = try Self.object("elden-ring.json")
        let games = try #require(document["games"] as? [[String: Any]])
        let entries = try #require(games.first?["entries"] as? [String: Any])
        let locations = try #require(entries["location"] as? [[String: Any]])
        let churches = locations.filter { $0["name"] as? String == "Smoldering Church" }
        #expect(churches.map { $0["id"] as? String } == ["smoldering-church", "smoldering-church-caelid"])
        #expect(churches.map { $0["display_name"] as? String } == ["Smoldering Church (Limgrave)", "Smoldering Church (Caelid)"])
        let inverse = try #require(churches.last?["inverse"] as? [String: Any])
        let quests = try #require(inverse["quests_here"] as? [[String: Any]])
        #expect(quests.map { $0["display_name"] as? String } == ["Clear the Church"])
        let others = locations.filter { $0["name"] as? String != "Smoldering Church" }
        #expect(!others.isEmpty && others.allSatisfy { $0["display_name"] as? String == $0["name"] as? String })
    }

    @Test func absentValuesKeepTheirKeys() throws {
        let entry = try Self.entry(ExportTestSite.formulaQuest)
        #expect(entry.contains("""
          "fields": {
            "complete": false,
            "location": null,
            "tags": [],
            "image": null
          },
        """))
        #expect(entry.contains("""
          "inverse": {
            "given_by": []
          },
        """))
        let location = try Self.entry(ExportTestSite.gateside)
        #expect(location.contains("\"npcs_here\": [],\n    \"quests_here\": [],\n    \"sub_locations\": [],\n    \"boss_arena\": []"))
    }

    @Test func referencesToAnotherGameCarryTheGame() throws {
        let crestfallen = try Self.entry(ExportTestSite.crestfallen)
        #expect(crestfallen.contains("""
              {
                "game": "elden-ring",
                "id": "rose-church",
                "name": "Rose Church",
                "display_name": "Rose Church",
                "url": "elden-ring/locations/rose-church.html"
              }
        """))
        let rose = try Self.entry(ExportTestSite.roseChurch)
        #expect(rose.contains("""
              {
                "game": "dark-souls",
                "id": "crestfallen",
                "name": "Crestfallen Warrior",
                "display_name": "Crestfallen Warrior",
                "url": "dark-souls/npcs/crestfallen.html"
              }
        """))
        #expect(!rose.contains("\"game\": \"elden-ring\""))
    }

    @Test func filtersByGameAndKind() throws {
        let options = ExportOptions(games: ["elden-ring"], kinds: ["npcs"])
        #expect(JSONExport.files(for: Self.site, options: options).map(\.path) == ["elden-ring.json", "site.json", "questlog.schema.json"])
        let site = try Self.object("site.json", options: options)
        let games = try #require(site["games"] as? [[String: Any]])
        #expect(games.count == 1)
        let entries = try #require(games.first?["entries"] as? [String: Any])
        #expect(Array(entries.keys) == ["npc"])
        #expect(try Self.text("elden-ring.json", options: options) == Self.text("site.json", options: options))
    }

    @Test func sameBytesOnEveryRun() {
        #expect(JSONExport.files(for: ExportTestSite.make(), options: ExportOptions())
            == JSONExport.files(for: ExportTestSite.make(), options: ExportOptions()))
    }

    @Test func everyDocumentParses() throws {
        for file in JSONExport.files(for: Self.site, options: ExportOptions()) {
            #expect(throws: Never.self, "\(file.path)") { try JSONSerialization.jsonObject(with: Data(file.bytes)) }
        }
    }
}
