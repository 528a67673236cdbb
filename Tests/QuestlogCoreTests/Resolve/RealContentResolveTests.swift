@testable import QuestlogCore
import Testing

/// What real content brings: fields nobody declared, repeated names, drafts, Obsidian property links.
struct RealContentResolveTests {
    @Test func undeclaredFieldsAreKeptWithTheirYAMLTypes() throws {
        let site = TestSite([
            "Content/g/locations/church.md": """
            ---
            name: Church of Elleh
            source: https://eldenring.wiki.fextralife.com/Church+of+Elleh
            bosses: [Tree Sentinel, "[[Margit]]"]
            level: 3
            weight: 2.5
            visited: true
            first_seen: 2024-03-01
            note: plain words
            stats: { hp: 10, fp: [1, 2] }
            empty:
            ---
            """,
        ])
        defer { site.remove() }
        let (resolved, diagnostics) = site.resolve()
        #expect(!diagnostics.hasErrors, "\(diagnostics.formattedText())")
        let entry = try #require(resolved.entry(EntryRef(game: "g", kind: "location", id: "church")))
        #expect(entry.extra.map(\.name) == ["source", "bosses", "level", "weight", "visited", "first_seen", "note", "stats"])
        #expect(entry.extra[0].value == .url("https://eldenring.wiki.fextralife.com/Church+of+Elleh"))
        #expect(entry.extra[1].value == .list(["Tree Sentinel", "[[Margit]]"]), "never guessed to be references")
        #expect(entry.extra[2].value == .int(3))
        #expect(entry.extra[3].value == .number(2.5))
        #expect(entry.extra[4].value == .bool(true))
        #expect(entry.extra[5].value == .date("2024-03-01"))
        #expect(entry.extra[6].value == .string("plain words"))
        #expect(entry.extra[7].value == .text("hp: 10; fp: [1, 2]"))
    }

    @Test func unknownFieldsAreReportedOncePerKindAndField() {
        var files: [String: String] = [:]
        for number in 1...5 {
            files["Content/g/locations/place-\(number).md"] = "---\nname: Place \(number)\nsource: wiki\nregoin: Caelid\n---\n"
        }
        files["Content/g/quests/q.md"] = "---\nname: Q\nsource: wiki\n---\n"
        let site = TestSite(files)
        defer { site.remove() }
        let grouped = site.resolve().diagnostics.all.filter { $0.code == "unknown-field" }.map(\.description)
        #expect(grouped == [
            "warning: 'source' is not a field of location (5 files, first at Content/g/locations/place-1.md:3:1); declare it in questlog.yml to give it a type [unknown-field]",
            "warning: 'regoin' is not a field of location (did you mean 'region'?) (5 files, first at Content/g/locations/place-1.md:4:1); declare it in questlog.yml to give it a type [unknown-field]",
            "Content/g/quests/q.md:3:1: warning: 'source' is not a field of quest; declare it in questlog.yml to give it a type [unknown-field]",
        ])
        let everyUse = site.resolve(ResolveOptions(listEveryUse: true)).diagnostics.all.filter { $0.code == "unknown-field" }
        #expect(everyUse.count == 11)
        #expect(everyUse.allSatisfy { $0.location != nil && $0.severity == .warning })
        let strict = site.resolve(ResolveOptions(strict: true)).diagnostics.all.filter { $0.code == "unknown-field" }
        #expect(strict.count == 11, "--strict lists every file, so each can be fixed")
    }

    @Test func sharedNamesAreLegalAndToldApart() throws {
        let site = TestSite([
            "Content/g/locations/smoldering-church.md": "---\nname: Smoldering Church\nregion: Limgrave\n---\n",
            "Content/g/locations/smoldering-church-caelid.md": "---\nname: Smoldering Church\nregion: Caelid\n---\n",
            "Content/g/locations/cave.md": "---\nname: Abandoned Cave\nparent: Caelid Wilds\n---\n",
            "Content/g/locations/cave-2.md": "---\nname: Abandoned Cave\nparent: gate\n---\n",
            "Content/g/locations/cave-3.md": "---\nname: Abandoned Cave\n---\n",
            "Content/g/locations/wilds.md": "---\nname: Caelid Wilds\n---\n",
            "Content/g/locations/gate.md": "---\nname: Gate Town\n---\n",
            "Content/g/quests/visit.md": "---\nname: Visit\nlocation: smoldering-church-caelid\n---\nSee [[location:cave-3]].\n",
        ])
        defer { site.remove() }
        let (resolved, diagnostics) = site.resolve()
        #expect(diagnostics.isEmpty, "\(diagnostics.formattedText())")
        func name(_ id: String) -> String? { resolved.entry(EntryRef(game: "g", kind: "location", id: id))?.displayName }
        #expect(name("smoldering-church") == "Smoldering Church (Limgrave)")
        #expect(name("smoldering-church-caelid") == "Smoldering Church (Caelid)")
        #expect(name("cave") == "Abandoned Cave (Caelid Wilds)")
        #expect(name("cave-2") == "Abandoned Cave (Gate Town)")
        #expect(name("cave-3") == "Abandoned Cave (cave-3)")
        #expect(name("wilds") == "Caelid Wilds", "a unique name stays as it is")
        let strict = site.resolve(ResolveOptions(strict: true)).diagnostics.all.filter { $0.code == "duplicate-name" }
        #expect(strict.count == 3)
        #expect(strict.allSatisfy { $0.location?.line == 2 && $0.location?.column == 1 }, "at the name: line")
    }

    @Test func draftsAreLeftOutAndReferencesToThemWarn() throws {
        let site = TestSite([
            "Content/g/npcs/secret.md": "---\nname: Secret Boss\ndraft: true\nlocations: [church]\n---\nSpoilers.\n",
            "Content/g/npcs/varre.md": "---\nname: Varre\nlocations: [church]\n---\nKnows [[Secret Boss]].\n",
            "Content/g/quests/q.md": "---\nname: Q\ndraft: yes\n---\n",
            "Content/g/locations/church.md": "---\nname: Church\n---\n",
            "Content/g/locations/boss-room.md": "---\nname: Boss room\n---\nWhere [[npc:secret]] waits.\n",
            "Content/g/npcs/friend.md": "---\nname: Friend\nquests: [Q]\n---\n",
        ])
        defer { site.remove() }
        let (resolved, diagnostics) = site.resolve()
        #expect(diagnostics.all.map(\.code).sorted() == ["draft-reference", "draft-reference", "type-mismatch"], "\(diagnostics.formattedText())")
        #expect(resolved.entry(EntryRef(game: "g", kind: "npc", id: "secret")) == nil)
        let church = try #require(resolved.entry(EntryRef(game: "g", kind: "location", id: "church")))
        #expect(church.inverse.first?.entries == [EntryRef(game: "g", kind: "npc", id: "varre")], "no inverse relation from a draft")
        let varre = try #require(resolved.entry(EntryRef(game: "g", kind: "npc", id: "varre")))
        #expect(!varre.notes.html.contains("href"))
        #expect(varre.notes.html.contains("Secret Boss"))

        let (withDrafts, draftDiagnostics) = site.resolve(ResolveOptions(includeDrafts: true))
        #expect(draftDiagnostics.all.map(\.code) == ["type-mismatch"])
        let secret = try #require(withDrafts.entry(EntryRef(game: "g", kind: "npc", id: "secret")))
        #expect(secret.isDraft)
        #expect(withDrafts.entry(EntryRef(game: "g", kind: "location", id: "church"))?.inverse.first?.entries.count == 2)
    }

    @Test func aDraftGameIsLeftOutWhole() {
        let site = TestSite([
            "Content/wip/game.md": "---\ntitle: Work in progress\ndraft: true\n---\n",
            "Content/wip/npcs/a.md": "---\nname: A\n---\n",
            "Content/done/game.md": "---\ntitle: Done\n---\n",
        ])
        defer { site.remove() }
        #expect(site.resolve().site.games.map(\.id) == ["done"])
        #expect(site.resolve(ResolveOptions(includeDrafts: true)).site.games.map(\.id) == ["done", "wip"])
        #expect(site.resolve(ResolveOptions(includeDrafts: true)).site.entry(EntryRef(game: "wip", kind: "npc", id: "a"))?.isDraft == true)
    }

    @Test func obsidianPropertyLinksResolveLikeNames() throws {
        let site = TestSite([
            "Content/g/npcs/tom.md": "---\nname: Old Tom\nlocations: [\"[[Church of Elleh]]\", \"[[gate|the gate]]\"]\nquests: \"[[Find the Key#Start]]\"\n---\n",
            "Content/g/locations/church.md": "---\nname: Church of Elleh\n---\n",
            "Content/g/locations/gate.md": "---\nname: Gate\nparent: \"[[Church of Elleh]]\"\n---\n",
            "Content/g/quests/key.md": "---\nname: Find the Key\n---\n",
            "Content/g/quests/bad.md": "---\nname: Bad\nlocation: \"[[Nowhere]]\"\n---\n",
        ])
        defer { site.remove() }
        let (resolved, diagnostics) = site.resolve()
        #expect(diagnostics.all.map(\.description) == [
            "Content/g/quests/bad.md:3:11: error: unknown location 'Nowhere' [dangling-reference]",
        ])
        let tom = try #require(resolved.entry(EntryRef(game: "g", kind: "npc", id: "tom")))
        #expect(tom.fields["locations"] == .refs([EntryRef(game: "g", kind: "location", id: "church"), EntryRef(game: "g", kind: "location", id: "gate")]))
        #expect(tom.fields["quests"] == .refs([EntryRef(game: "g", kind: "quest", id: "key")]))
        #expect(resolved.entry(EntryRef(game: "g", kind: "location", id: "gate"))?.fields["parent"] == .ref(EntryRef(game: "g", kind: "location", id: "church")))
    }

    @Test func aGameMayChooseItsLanguage() {
        let site = TestSite([
            "Content/ja-game/game.md": "---\ntitle: 日本のキャンペーン\nlanguage: ja\n---\n",
            "Content/bad/game.md": "---\ntitle: Bad\nlanguage: jp\n---\n",
        ])
        defer { site.remove() }
        let (resolved, diagnostics) = site.resolve()
        #expect(diagnostics.all.map(\.description) == [
            "Content/bad/game.md:3:11: error: language: expected one of en, vi, hi, ja, zh, found \"jp\" (did you mean 'ja'?) [invalid-value]",
        ])
        #expect(resolved.game(id: "ja-game")?.fields["language"] == .string("ja"))
    }
}
