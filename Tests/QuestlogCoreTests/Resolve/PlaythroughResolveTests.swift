@testable import QuestlogCore
import Testing

/// Playthrough files: their progress lists, the implicit playthrough of a game without any, and the
/// warning for progress an entry still sets itself.
struct PlaythroughResolveTests {
    static let fixture = TestSite.packageRoot + "/Tests/Fixtures/valid/playthroughs/site"

    static func resolved() -> (site: Site, diagnostics: DiagnosticList) {
        let site = TestSite(copying: fixture)
        defer { site.remove() }
        return site.resolve()
    }

    @Test func theSchemaGetsAListPerProgressFieldName() throws {
        let (site, diagnostics) = Self.resolved()
        #expect(!diagnostics.hasErrors, "\(diagnostics.formattedText())")
        let kind = try #require(site.schema.playthrough)
        #expect(site.schema.kinds.last?.id == "playthrough")
        #expect(kind.fields.map(\.name) == ["character", "class", "platform", "started", "finished", "status",
                                            "complete", "cleared", "defeated", "tags", "image"])
        #expect(kind.field(named: "complete")?.progressOf == ["quest", "bounty"], "one list for every kind's 'complete'")
        #expect(kind.field(named: "defeated")?.progressOf == ["boss"])
        #expect(site.schema.inverseRelations(of: "quest").allSatisfy { $0.source.id != "playthrough" },
                "a playthrough's lists are not inverse relations")
    }

    @Test func listsResolveByIdOrNameAcrossTheKindsOfTheirField() throws {
        let (site, _) = Self.resolved()
        let game = try #require(site.game(id: "elden-ring"))
        #expect(game.playthroughEntries.map(\.id) == ["kaito", "wren"])
        let wren = try #require(game.playthroughs.first { $0.id == "wren" })
        let kaito = try #require(game.playthroughs.first { $0.id == "kaito" })
        let quest = try #require(game.entries(of: "quest").first { $0.id == "rannis-service" })
        let bounty = try #require(game.entries(of: "bounty").first)
        #expect(wren.isDone(quest, field: "complete"), "named by its name")
        #expect(!kaito.isDone(quest, field: "complete"))
        #expect(wren.isDone(bounty, field: "complete"), "a bounty in the shared 'complete' list")
        let boss = try #require(game.entries(of: "boss").first)
        #expect(wren.isDone(boss, field: "defeated") && !kaito.isDone(boss, field: "defeated"))
    }

    @Test func aGameWithoutPlaythroughsHasItsImplicitOne() throws {
        let (site, _) = Self.resolved()
        let game = try #require(site.game(id: "solo"))
        #expect(!game.hasPlaythroughs)
        #expect(game.playthroughs.count == 1 && game.playthroughs[0].entry == nil)
        let first = try #require(game.entries(of: "quest").first { $0.id == "first" })
        let second = try #require(game.entries(of: "quest").first { $0.id == "second" })
        #expect(game.playthroughs[0].isDone(first, field: "complete"))
        #expect(!game.playthroughs[0].isDone(second, field: "complete"))
    }

    @Test func sharedProgressCountsInEveryPlaythrough() throws {
        let (site, diagnostics) = Self.resolved()
        let game = try #require(site.game(id: "tarnished-tales"))
        #expect(game.sharedProgress)
        #expect(!diagnostics.all.contains { $0.code == "own-progress" }, "progress: shared allows own values")
        let prologue = try #require(game.entries(of: "quest").first { $0.id == "prologue" })
        let epilogue = try #require(game.entries(of: "quest").first { $0.id == "epilogue" })
        #expect(game.playthroughs.allSatisfy { $0.isDone(prologue, field: "complete") })
        #expect(game.playthroughs.map { $0.isDone(epilogue, field: "complete") } == [true, false], "first-run, then new-game-plus")
        #expect(game.playthroughEntries.first?.source.path.hasSuffix("playthroughs/runs.yml") == true, "from a data file")
    }

    @Test func ownProgressIsAWarningOnceTheGameHasPlaythroughs() throws {
        let site = TestSite([
            "Content/g/quests/a.md": "---\nname: A\ncomplete: true\n---\n",
            "Content/g/quests/b.md": "---\nname: B\n---\n",
            "Content/g/playthroughs/p.md": "---\nname: P\ncomplete: [b]\n---\n",
            "Content/h/quests/c.md": "---\nname: C\ncomplete: true\n---\n",
        ])
        defer { site.remove() }
        let (resolved, diagnostics) = site.resolve()
        let warnings = diagnostics.all.filter { $0.code == "own-progress" }
        #expect(warnings.count == 1, "only in the game that has playthroughs")
        #expect(warnings.first?.location == SourceLocation(path: "Content/g/quests/a.md", line: 3, column: 1))
        #expect(warnings.first?.severity == .warning)
        let game = try #require(resolved.game(id: "g"))
        let a = try #require(game.entries(of: "quest").first { $0.id == "a" })
        #expect(!game.playthroughs[0].isDone(a, field: "complete"), "the entry's own value is ignored")
    }

    @Test func listEntriesAreCheckedLikeEveryReference() {
        let site = TestSite([
            "Content/g/quests/castle.md": "---\nname: Go to the Castle\n---\n",
            "Content/g/npcs/varre.md": "---\nname: Varré\n---\n",
            "Content/g/playthroughs/p.md": "---\nname: P\ncomplete: [go-to-the-castel, varre]\n---\n",
        ])
        defer { site.remove() }
        let messages = site.resolve().diagnostics.all.map(\.message)
        #expect(messages.contains("unknown quest 'go-to-the-castel' (did you mean 'castle'?)")
                || messages.contains { $0.hasPrefix("unknown quest 'go-to-the-castel'") })
        #expect(messages.contains("complete: 'varre' is an NPC, but this field takes a quest"))
    }
}
