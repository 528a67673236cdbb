@testable import QuestlogCore
import Testing
import TestSupport

struct ResolverTests {
    static let files: [String: String] = [
        "Content/elden-ring/game.md": "---\ntitle: Elden Ring\ncharacter: Vyke Jr.\nstarted: 2024-03-01\n---\nMet [[varre the bloody]] first.\n",
        "Content/elden-ring/npcs/white-mask-varre.md": """
        ---
        name: White Mask Varré
        locations: [Rose Church, the-first-step]
        quests: [go-to-the-castle]
        aliases: [Varre the Bloody]
        ---
        Told me to head for [[Stormveil Castle|the castle]] and [[quest:patches]].
        """,
        "Content/elden-ring/npcs/merchant-kale.md": "---\nname: Merchant Kalé\nmerchant: true\nlocations: [church-of-elleh]\n---\n",
        "Content/elden-ring/npcs/patches.md": "---\nname: Patches\nlocations: [church-of-elleh]\n---\n",
        "Content/elden-ring/quests/patches.md": "---\nname: Patches' Betrayal\ncomplete: false\n---\n",
        "Content/elden-ring/quests/go-to-the-castle.md": "---\nname: Go to the Castle\ncomplete: true\nlocation: stormveil-castle\n---\n",
        "Content/elden-ring/locations/stormveil-castle.md": "---\nname: Stormveil Castle\nregion: Limgrave\n---\n",
        "Content/elden-ring/locations/rose-church.md": "---\nname: Rose Church\n---\n",
        "Content/elden-ring/locations/church-of-elleh.md": "---\nname: Church of Elleh\nsmith_anvil: true\nmerchant: true\n---\n",
        "Content/elden-ring/locations/graces.yml": """
        - name: The First Step
          parent: church-of-elleh
          notes: |
            Close to [[Church of Elleh]].
        - id: gateside
          name: Gateside Chamber
          parent: Stormveil Castle
        """,
        "Content/dark-souls/locations/firelink-shrine.md": "---\nname: Firelink Shrine\n---\n",
        "Content/dark-souls/npcs/crestfallen.md": "---\nname: Crestfallen Warrior\nlocations: [firelink-shrine, elden-ring/rose-church]\n---\n",
    ]

    @Test func resolvesReferencesAndInverseRelations() throws {
        let builder = TestSite(Self.files)
        defer { builder.remove() }
        let (site, diagnostics) = builder.resolve()
        #expect(diagnostics.isEmpty, "\(diagnostics.formattedText())")
        let varre = try #require(site.entry(EntryRef(game: "elden-ring", kind: "npc", id: "white-mask-varre")))
        #expect(varre.fields["locations"] == .refs([
            EntryRef(game: "elden-ring", kind: "location", id: "rose-church"),
            EntryRef(game: "elden-ring", kind: "location", id: "the-first-step"),
        ]))
        #expect(varre.path == "elden-ring/npcs/white-mask-varre.html")

        let elleh = try #require(site.entry(EntryRef(game: "elden-ring", kind: "location", id: "church-of-elleh")))
        #expect(elleh.inverse.map(\.label) == ["NPCs here", "Sub-locations"])
        #expect(elleh.inverse[0].entries.map(\.id) == ["merchant-kale", "patches"])
        #expect(elleh.inverse[1].entries.map(\.id) == ["the-first-step"])

        let castle = try #require(site.entry(EntryRef(game: "elden-ring", kind: "quest", id: "go-to-the-castle")))
        #expect(castle.inverse.map(\.label) == ["Given by"])
        #expect(castle.inverse[0].entries.map(\.id) == ["white-mask-varre"])

        let gateside = try #require(site.entry(EntryRef(game: "elden-ring", kind: "location", id: "gateside")))
        #expect(gateside.fields["parent"] == .ref(EntryRef(game: "elden-ring", kind: "location", id: "stormveil-castle")))
    }

    @Test func crossGameReferencesAppearOnBothSides() throws {
        let builder = TestSite(Self.files)
        defer { builder.remove() }
        let (site, _) = builder.resolve()
        let rose = try #require(site.entry(EntryRef(game: "elden-ring", kind: "location", id: "rose-church")))
        let here = try #require(rose.inverse.first { $0.label == "NPCs here" })
        #expect(here.entries == [
            EntryRef(game: "dark-souls", kind: "npc", id: "crestfallen"),
            EntryRef(game: "elden-ring", kind: "npc", id: "white-mask-varre"),
        ])
    }

    @Test func wikiLinksBecomeMentions() throws {
        let builder = TestSite(Self.files)
        defer { builder.remove() }
        let (site, _) = builder.resolve()
        let castle = try #require(site.entry(EntryRef(game: "elden-ring", kind: "location", id: "stormveil-castle")))
        #expect(castle.mentions == [EntryRef(game: "elden-ring", kind: "npc", id: "white-mask-varre")])
        let betrayal = try #require(site.entry(EntryRef(game: "elden-ring", kind: "quest", id: "patches")))
        #expect(betrayal.mentions.map(\.id) == ["white-mask-varre"])
        let varre = try #require(site.entry(EntryRef(game: "elden-ring", kind: "npc", id: "white-mask-varre")))
        #expect(varre.mentions == [EntryRef(game: "elden-ring", kind: "game", id: "elden-ring")])
        let elleh = try #require(site.entry(EntryRef(game: "elden-ring", kind: "location", id: "church-of-elleh")))
        #expect(elleh.mentions.map(\.id) == ["the-first-step"])
        #expect(site.game(id: "elden-ring")?.links.map(\.id) == ["white-mask-varre"])
    }

    @Test func wikiLinksAreRelativeToTheirPage() throws {
        let builder = TestSite(Self.files)
        defer { builder.remove() }
        let (site, _) = builder.resolve()
        let varre = try #require(site.entry(EntryRef(game: "elden-ring", kind: "npc", id: "white-mask-varre")))
        #expect(varre.notes.html.contains(#"href="../locations/stormveil-castle.html""#))
        #expect(varre.notes.html.contains(#"href="../quests/patches.html""#))
        #expect(site.game(id: "elden-ring")?.notes.html.contains(#"href="npcs/white-mask-varre.html""#) == true)
    }

    @Test func gameFieldsAndOrdering() throws {
        let builder = TestSite(Self.files)
        defer { builder.remove() }
        let (site, _) = builder.resolve()
        #expect(site.games.map(\.id) == ["dark-souls", "elden-ring"])
        let game = try #require(site.game(id: "elden-ring"))
        #expect(game.title == "Elden Ring")
        #expect(game.fields["started"] == .date("2024-03-01"))
        #expect(game.fields["character"] == .string("Vyke Jr."))
        #expect(game.entries(of: "npc").map(\.name) == ["Merchant Kalé", "Patches", "White Mask Varré"])
        #expect(game.entries(of: "location").map(\.id) == ["church-of-elleh", "gateside", "rose-church", "stormveil-castle", "the-first-step"])
        #expect(site.game(id: "dark-souls")?.title == "dark-souls")
    }

    @Test func theSameSiteWhateverTheThreadCount() {
        let builder = TestSite(Self.files)
        defer { builder.remove() }
        let one = builder.resolve(jobs: 1)
        let four = builder.resolve(jobs: 4)
        #expect(one.site.games == four.site.games)
        #expect(one.diagnostics == four.diagnostics)
    }

    @Test func customKindsGetFieldsAndInverseRelations() throws {
        let builder = TestSite([
            "questlog.yml": """
            kinds:
              faction:
                folder: factions
                name: Faction
                plural: Factions
                fields:
                  leader: { type: ref npc, inverse_label: Leads }
                  members: refs npc
                  founded: date
                  influence: int
            """,
            "Content/delta/npcs/ba-duong.md": "---\nname: Bà Đường\n---\n",
            "Content/delta/npcs/suzuki-haruto.md": "---\nname: 鈴木春人\n---\n",
            "Content/delta/factions/lantern-guild.md": """
            ---
            name: Lantern Guild
            leader: ba duong
            members: [鈴木春人, Bà Đường]
            founded: 1802-05-01
            influence: 7
            ---
            Led by [[Ba Duong]]; see also [[faction:lantern-guild]].
            """,
        ])
        defer { builder.remove() }
        let (site, diagnostics) = builder.resolve()
        #expect(diagnostics.isEmpty, "\(diagnostics.formattedText())")
        let guild = try #require(site.entry(EntryRef(game: "delta", kind: "faction", id: "lantern-guild")))
        #expect(guild.path == "delta/factions/lantern-guild.html")
        #expect(guild.fields["influence"] == .int(7))
        #expect(guild.fields["leader"] == .ref(EntryRef(game: "delta", kind: "npc", id: "ba-duong")))
        let duong = try #require(site.entry(EntryRef(game: "delta", kind: "npc", id: "ba-duong")))
        #expect(duong.inverse.map(\.label) == ["Leads", "Factions (Members)"])
        #expect(duong.mentions.map(\.id) == ["lantern-guild"])
    }

    /// A note's targets without repeats, in the order each first comes, for few targets and many.
    @Test func distinctTargetsKeepTheirFirstOrder() {
        var random = SplitMix64(seed: 23)
        for count in [0, 1, 2, 5, 31, 32, 33, 200] {
            let targets = (0..<count).map { _ in ReferenceLookup.Target(game: Int(random.next() % 2), entry: Int(random.next() % 20)) }
            var seen = Set<ReferenceLookup.Target>()
            let expected = targets.filter { seen.insert($0).inserted }
            #expect(Resolver.distinct(targets) == expected, "\(count) targets")
        }
    }

    /// Inline tags go into `tags` before inverse relations are gathered, also when the schema makes
    /// `tags` a reference field, on one thread or several.
    @Test func inverseRelationsSeeTheTagsTheNotesMerged() throws {
        let site = TestSite([
            "questlog.yml": "kinds:\n  npc:\n    fields:\n      tags: { type: ref location }\n",
            "Content/g/game.md": "---\ntitle: G\n---\n",
            "Content/g/npcs/varre.md": "---\nname: Varre\ntags: church\n---\nSee #hidden here.\n",
            "Content/g/npcs/kale.md": "---\nname: Kale\ntags: church\n---\nNo inline tags.\n",
            "Content/g/locations/church.md": "---\nname: Church\n---\n",
        ])
        defer { site.remove() }
        for jobs in [1, 2] {
            let (resolved, diagnostics) = site.resolve(jobs: jobs)
            #expect(!diagnostics.hasErrors, "\(diagnostics.all)")
            let church = try #require(resolved.entry(EntryRef(game: "g", kind: "location", id: "church")))
            #expect(church.inverse.flatMap(\.entries).map(\.id) == ["kale"], "jobs \(jobs)")
            let varre = try #require(resolved.entry(EntryRef(game: "g", kind: "npc", id: "varre")))
            #expect(varre.fields["tags"] == .list(["hidden"]), "jobs \(jobs)")
        }
    }
}

