@testable import QuestlogCore

/// A resolved site built in code for export tests: two games, a custom kind, hostile values, a
/// reference across games, fields the kinds do not declare and two locations sharing a name.
enum ExportTestSite {
    static let boss = Kind(id: "boss", folder: "bosses", name: "Boss", plural: "Bosses", fields: [
        FieldDefinition("hp", .int),
        FieldDefinition("first_seen", .date),
        FieldDefinition("arena", .ref("location")),
        FieldDefinition("drops", .list),
        FieldDefinition("wiki", .url),
        FieldDefinition("allies", .refs("npc"), label: "Allies", inverseLabel: "Allied bosses"),
    ])

    static let config = SiteConfig(title: "Tarnished Notes", baseURL: "https://example.org/notes/", language: "en",
                                   customKinds: [boss])

    static func ref(_ game: String, _ kind: String, _ id: String) -> EntryRef {
        EntryRef(game: game, kind: kind, id: id)
    }

    static func entry(_ ref: EntryRef, _ name: String, _ fields: [String: FieldValue] = [:], notes: String = "",
                      inverse: [Relation] = [], mentions: [EntryRef] = [], displayName: String? = nil,
                      extra: [ExtraField] = []) -> Entry {
        let folder = config.schema.kind(id: ref.kind)!.folder
        return Entry(ref: ref, name: name, source: SourceLocation(path: "Content/\(ref.game)/\(folder)/\(ref.id).md"),
                     path: RelativeURL.entryPage(game: ref.game, folder: folder, id: ref.id), fields: fields,
                     notes: Notes(markdown: notes, html: notes.isEmpty ? "" : "<p>\(notes)</p>\n", plainText: notes, headings: []),
                     inverse: inverse, mentions: mentions, displayName: displayName, extra: extra)
    }

    static let varre = ref("elden-ring", "npc", "white-mask-varre")
    static let kale = ref("elden-ring", "npc", "merchant-kale")
    static let duong = ref("elden-ring", "npc", "ba-duong")
    static let castleQuest = ref("elden-ring", "quest", "go-to-the-castle")
    static let formulaQuest = ref("elden-ring", "quest", "formula")
    static let churchQuest = ref("elden-ring", "quest", "clear-the-church")
    static let roseChurch = ref("elden-ring", "location", "rose-church")
    static let stormveil = ref("elden-ring", "location", "stormveil-castle")
    static let gateside = ref("elden-ring", "location", "gateside")
    static let limgraveChurch = ref("elden-ring", "location", "smoldering-church")
    static let caelidChurch = ref("elden-ring", "location", "smoldering-church-caelid")
    static let margit = ref("elden-ring", "boss", "margit")
    static let firelink = ref("dark-souls", "location", "firelink-shrine")
    static let crestfallen = ref("dark-souls", "npc", "crestfallen")

    static func make() -> Site {
        let eldenRing = Game(
            id: "elden-ring", title: "Elden Ring", source: SourceLocation(path: "Content/elden-ring/game.md"),
            path: "elden-ring/index.html",
            fields: ["title": .string("Elden Ring"), "character": .string("Vyke Jr."), "started": .date("2024-03-01"),
                     "tags": .list(["souls", "open world"])],
            notes: Notes(markdown: "Started at [[Varré]].", html: "<p>Started at Varré.</p>\n", plainText: "Started at Varré.", headings: []),
            entries: [
                "npc": [
                    entry(duong, "Bà Đường", ["aliases": .list(["龙王", "Bà Đường 🐉"]), "tags": .list([])]),
                    entry(kale, "Merchant Kalé", ["merchant": .bool(true), "locations": .refs([roseChurch]),
                                                 "tags": .list(["-5 apples", "-5"])],
                          notes: "Sells \"Telescope\", 2 × =SUM(A1).\nSecond line"),
                    entry(varre, "White Mask Varré", ["merchant": .bool(false), "locations": .refs([roseChurch]),
                                                      "quests": .refs([castleQuest]),
                                                      "aliases": .list(["=HYPERLINK(\"http://x\")", "@Varré"]),
                                                      "image": .url("images/varré.png")],
                          notes: "  Met him, at last.\n",
                          inverse: [Relation(sourceKind: "boss", field: "allies", label: "Allied bosses", entries: [margit])],
                          mentions: [ref("elden-ring", "game", "elden-ring")]),
                ],
                "quest": [
                    entry(formulaQuest, "=1+1", ["complete": .bool(false)], extra: [
                        ExtraField(name: "level", value: .int(1)),
                        ExtraField(name: "motto", value: .string("=cmd|' /C calc'!A0")),
                        ExtraField(name: "url", value: .text("Line\nbreak, \"quoted\", commas")),
                        ExtraField(name: "display_name", value: .string("@fake")),
                        ExtraField(name: "bosses", value: .list(["-Gideon", "a, \"b\""])),
                        ExtraField(name: "offset", value: .number(-0.5)),
                    ]),
                    entry(churchQuest, "Clear the Church", ["location": .ref(caelidChurch)], extra: [
                        ExtraField(name: "source", value: .url("https://example.org/church?a=1&b=2")),
                        ExtraField(name: "level", value: .int(3)),
                        ExtraField(name: "weight", value: .number(2.5)),
                        ExtraField(name: "optional", value: .bool(false)),
                        ExtraField(name: "found", value: .date("2024-03-05")),
                        ExtraField(name: "bosses", value: .list(["Demi-Human Queen", "Gideon"])),
                        ExtraField(name: "rewards", value: .text("runes: 3000; item: [Flail, Shield]")),
                        ExtraField(name: "giver", value: .string("A hooded woman")),
                    ]),
                    entry(castleQuest, "Go to the Castle", ["complete": .bool(true), "location": .ref(stormveil)],
                          inverse: [Relation(sourceKind: "npc", field: "quests", label: "Given by", entries: [varre])]),
                ],
                "location": [
                    entry(gateside, "Gateside Chamber", ["parent": .ref(stormveil)]),
                    entry(roseChurch, "Rose Church", ["region": .string("Liurnia, \"Lake\"")],
                          inverse: [Relation(sourceKind: "npc", field: "locations", label: "NPCs here",
                                             entries: [kale, varre, crestfallen])]),
                    entry(limgraveChurch, "Smoldering Church", ["region": .string("Limgrave")],
                          displayName: "Smoldering Church (Limgrave)"),
                    entry(caelidChurch, "Smoldering Church", ["region": .string("Caelid")],
                          inverse: [Relation(sourceKind: "quest", field: "location", label: "Quests here", entries: [churchQuest])],
                          displayName: "Smoldering Church (Caelid)"),
                    entry(stormveil, "Stormveil Castle", ["cleared": .bool(true), "smith_anvil": .bool(true)],
                          inverse: [Relation(sourceKind: "quest", field: "location", label: "Quests here", entries: [castleQuest]),
                                    Relation(sourceKind: "location", field: "parent", label: "Sub-locations", entries: [gateside]),
                                    Relation(sourceKind: "boss", field: "arena", label: "Bosses (Arena)", entries: [margit])]),
                ],
                "boss": [
                    entry(margit, "Margit, the Fell Omen", ["hp": .int(-5), "first_seen": .date("2024-03-02"),
                                                           "arena": .ref(stormveil), "drops": .list(["+3 Talisman", "Rune; Arc"]),
                                                           "wiki": .url("https://example.org/margit"),
                                                           "allies": .refs([varre])]),
                ],
            ],
            links: [varre])
        let darkSouls = Game(
            id: "dark-souls", title: "Dark Souls", source: SourceLocation(path: "Content/dark-souls"),
            path: "dark-souls/index.html", fields: [:], notes: .empty,
            entries: [
                "npc": [entry(crestfallen, "Crestfallen Warrior", ["locations": .refs([firelink, roseChurch])])],
                "location": [entry(firelink, "Firelink Shrine",
                                   inverse: [Relation(sourceKind: "npc", field: "locations", label: "NPCs here", entries: [crestfallen])])],
            ],
            links: [])
        return Site(config: config, schema: config.schema, games: [darkSouls, eldenRing])
    }

    /// A one-game site whose only NPC has the given name, aliases, tags, notes and extra fields.
    static func single(name: String, aliases: [String] = [], tags: [String] = [], notes: String = "",
                       extra: [ExtraField] = []) -> Site {
        let npc = entry(ref("g", "npc", "n"), name, ["aliases": .list(aliases), "tags": .list(tags)], notes: notes, extra: extra)
        let game = Game(id: "g", title: "G", source: SourceLocation(path: "Content/g"), path: "g/index.html", fields: [:],
                        notes: .empty, entries: ["npc": [npc]], links: [])
        return Site(config: SiteConfig(), schema: Schema.builtIn, games: [game])
    }
}
