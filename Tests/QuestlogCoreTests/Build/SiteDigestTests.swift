import Foundation
import Markdown
@testable import QuestlogCore
import Testing

/// A build keeps the pages the last one wrote when the site changed only in some notes, and only
/// the pages that show none of them: the digest tells, and each page names what it shows.
struct SiteDigestTests {
    static let wiki = TestSite.packageRoot + "/Tests/Fixtures/valid/wiki/site"
    static let varre = "Content/elden-ring/npcs/white-mask-varre.md"

    static func resolved(_ folder: String = wiki) -> Site {
        let site = TestSite(copying: folder)
        defer { site.remove() }
        return site.resolve().site
    }

    @Test func onlyTheNotesThatChangedAreTold() throws {
        let site = Self.resolved()
        let digest = SiteDigest(of: site, jobs: 2)
        #expect(SiteDigest(of: site, jobs: 1) == digest, "the threads change nothing")
        #expect(digest.changedNotes(since: digest) == [])
        let entry = try #require(site.games.flatMap { $0.entries.values.flatMap { $0 } }.first { $0.source.path == Self.varre })

        var notes = entry.notes
        notes.html += "<p>More.</p>"
        var edited = site
        let replaced = edited.replaceNotes(of: entry.ref, with: notes)
        #expect(replaced)
        #expect(SiteDigest(of: edited).changedNotes(since: digest) == [Self.varre])

        // Anything but the notes: no page is kept.
        func changed(_ change: (inout Entry) -> Void) -> Set<String>? {
            var other = entry
            change(&other)
            var site = site
            let replaced = site.replaceEntry(other)
            #expect(replaced)
            return SiteDigest(of: site).changedNotes(since: digest)
        }
        let changes: [(String, (inout Entry) -> Void, Set<String>?)] = [
            ("$0.name += \"!\"", { $0.name += "!" }, nil),
            ("$0.displayName += \"!\"", { $0.displayName += "!" }, nil),
            ("$0.fields[\"merchant\"] = .bool(true)", { $0.fields["merchant"] = .bool(true) }, nil),
            ("$0.fields[\"level\"] = .int(3)", { $0.fields["level"] = .int(3) }, nil),
            ("$0.mentions = []", { $0.mentions = [] }, nil),
            ("$0.mentions.append(EntryRef(game: \"elden-ring\", kind: \"npc\", id: \"hostile\"))", { $0.mentions.append(EntryRef(game: "elden-ring", kind: "npc", id: "hostile")) }, nil),
            ("$0.inverse = [Relation(sourceKind: \"quest\", field: \"giver\", label: \"Gives\", entries: [entry.ref])]", { $0.inverse = [Relation(sourceKind: "quest", field: "giver", label: "Gives", entries: [entry.ref])] }, nil),
            ("$0.extra.append(ExtraField(name: \"mood\", value: .string(\"grim\")))", { $0.extra.append(ExtraField(name: "mood", value: .string("grim"))) }, nil),
            ("$0.isSpoiler.toggle()", { $0.isSpoiler.toggle() }, nil),
            ("$0.spoilerUntil = \"later\"", { $0.spoilerUntil = "later" }, nil),
            ("$0.notes.headings.append(Heading(level: 2, text: \"Where\", id: \"where\"))", { $0.notes.headings.append(Heading(level: 2, text: "Where", id: "where")) }, [Self.varre]),
        ]
        for (what, change, expected) in changes {
            #expect(changed(change) == expected, "\(what)")
        }
        var games = site
        games.games[0].title += "!"
        #expect(SiteDigest(of: games).changedNotes(since: digest) == nil)
        var pictures = site
        pictures.imageSizes["Content/elden-ring/map.png"] = ImageDimensions(width: 1, height: 1)
        #expect(SiteDigest(of: pictures).changedNotes(since: digest) == nil)
    }

    /// Beyond notes, the digest tells which entries changed, a connection made or lost at both
    /// ends, whatever their shapes show of it; and what they reach: the pages up to two steps
    /// away in the graph, the records one step away.
    @Test func entriesChangedBeyondTheirNotesAreToldWithWhatTheyReach() throws {
        let site = Self.resolved()
        let digest = SiteDigest(of: site)
        #expect(digest.changedEntries(since: digest) == SiteDigest.Changes())
        let entries = site.games.flatMap { $0.entries.values.flatMap { $0 } }
        let varre = try #require(entries.first { $0.source.path == Self.varre })
        let kale = try #require(entries.first { $0.source.path == "Content/elden-ring/npcs/merchant-kale.md" })

        var value = site
        var merchant = varre
        merchant.fields["merchant"] = .bool(true)
        let replacedMerchant = value.replaceEntry(merchant)
        #expect(replacedMerchant)
        let changed = try #require(SiteDigest(of: value).changedEntries(since: digest))
        #expect(changed == SiteDigest.Changes(reshaped: [Self.varre]))
        #expect(SiteDigest(of: value).changedNotes(since: digest) == nil)
        let reach = try #require(SiteBuild.Reach(of: changed, in: value))
        let graph = RelationGraph(site: value)
        let node = try #require(graph.node(of: varre.ref))
        let paths = Dictionary(entries.map { ($0.ref, $0.source.path) }, uniquingKeysWith: { first, _ in first })
        let near = Set(graph.neighbours[node].compactMap { paths[graph.refs[$0]] })
        let twoSteps = Set(graph.neighbours[node].flatMap { graph.neighbours[$0] }.compactMap { paths[graph.refs[$0]] })
        #expect(!near.isEmpty)
        // A value: its own record; the pages of the entries up to two steps away.
        #expect(reach.rows == [Self.varre])
        #expect(reach.pages == near.union(twoSteps).union([Self.varre]))
        #expect(reach.pages.count < Set(paths.values).count, "some page is out of reach: \(reach.pages.sorted())")

        // Another name to be shown by: the records of the entries connected to it show it too.
        var named = site
        var renamed = varre
        renamed.displayName += " (Mask)"
        let replacedRenamed = named.replaceEntry(renamed)
        #expect(replacedRenamed)
        let rename = try #require(SiteDigest(of: named).changedEntries(since: digest))
        #expect(rename == SiteDigest.Changes(reshaped: [Self.varre], renamed: [Self.varre]))
        #expect(try #require(SiteBuild.Reach(of: rename, in: named)).rows == near.union([Self.varre]))

        // A reference to Kale made in Varre's fields alone (the site not resolved again, so
        // Kale's shape shows nothing of it): Kale is told too, by its connections.
        var linked = site
        var naming = varre
        naming.fields["quests"] = .refs([kale.ref])
        let replacedNaming = linked.replaceEntry(naming)
        #expect(replacedNaming)
        #expect(SiteDigest(of: linked).changedEntries(since: digest) == SiteDigest.Changes(reshaped: [Self.varre, kale.source.path]))

        // A field the kind does not declare changes the columns of the kind's exports: not told.
        var extra = site
        var mood = varre
        mood.extra.append(ExtraField(name: "mood", value: .string("grim")))
        let replacedMood = extra.replaceEntry(mood)
        #expect(replacedMood)
        #expect(SiteDigest(of: extra).changedEntries(since: digest) == nil)
    }

    /// Builds `site` into its `Output` folder from what the last build left, expects the output of
    /// a clean build, and tells how many pages were kept and made, and whether the build worked
    /// out what changes reach (`SiteBuild.Reach`).
    static func buildComparedWithClean(_ site: TestSite, _ step: String,
                                       sourceLocation: Testing.SourceLocation = #_sourceLocation) -> (kept: Int, made: Int, reached: Bool) {
        let output = site.root + "/Output"
        let timings = BuildTimings()
        let result = SiteBuild(options: BuildOptions(site: site.root, output: output, jobs: 2)).run(timings: timings)
        #expect(result.report != nil, "\(step): \(result.diagnostics)", sourceLocation: sourceLocation)
        let clean = SiteBuild(options: BuildOptions(site: site.root, output: output)).render()
        #expect(!clean.files.isEmpty, "\(step)", sourceLocation: sourceLocation)
        TestSite.expectOutput(output, equals: clean.files, step)
        let pages = timings.stages.first { $0.name == "render pages" }
        return (pages?.reused ?? 0, (pages?.items ?? 0) - (pages?.reused ?? 0), timings.stages.contains { $0.name == "reach" })
    }

    /// Entries added, removed or moved in their kind's list are told by reference, with the
    /// entries after them in that list, whose exported records stand in other pieces; what they
    /// reach is told as for entries changed.
    @Test func entriesAddedRemovedOrMovedAreToldByReference() throws {
        let site = TestSite([
            "questlog.yml": "title: Wiki\n",
            "Content/g/game.md": "---\ntitle: G\n---\nA game.\n",
            "Content/g/locations/cave.md": "---\nname: Cave\n---\nDark.\n",
            "Content/g/locations/hill.md": "---\nname: Hill\n---\nWindy.\n",
            "Content/g/npcs/a.md": "---\nname: A\nlocations: [cave]\n---\nOne.\n",
            "Content/g/npcs/b.md": "---\nname: B\n---\nTwo.\n",
            "Content/g/npcs/c.md": "---\nname: C\n---\nThree.\n",
            "Content/g/quests/q.md": "---\nname: Q\n---\nA quest.\n",
        ])
        defer { site.remove() }
        func npc(_ id: String) -> String { "Content/g/npcs/\(id).md" }
        let cave = "Content/g/locations/cave.md", hill = "Content/g/locations/hill.md"
        func digest() -> (SiteDigest, Site) {
            let resolved = site.resolve()
            #expect(!resolved.diagnostics.hasErrors, "\(resolved.diagnostics)")
            return (SiteDigest(of: resolved.site), resolved.site)
        }
        let (first, _) = digest()

        // One added at the end, connected to the hill: the one before it too stands in another run.
        site.write(npc("d"), "---\nname: D\nlocations: [hill]\n---\nFour.\n")
        let (second, withD) = digest()
        let added = try #require(second.changedEntries(since: first))
        #expect(added == SiteDigest.Changes(reshaped: [hill], added: [npc("d")], moved: [npc("c"), npc("d")]))
        #expect(second.changedNotes(since: first) == nil)
        let reach = try #require(SiteBuild.Reach(of: added, in: withD))
        #expect(reach.pages == [npc("d"), hill])
        #expect(reach.rows == [npc("c"), npc("d"), hill])

        // One removed from the front: every entry after it stands elsewhere; the cave lost it.
        try FileManager.default.removeItem(atPath: site.root + "/" + npc("a"))
        let (third, withoutA) = digest()
        let removed = try #require(third.changedEntries(since: second))
        #expect(removed == SiteDigest.Changes(reshaped: [cave], removed: [npc("a")], moved: [npc("b"), npc("c"), npc("d")]))
        let reachRemoved = try #require(SiteBuild.Reach(of: removed, in: withoutA))
        #expect(reachRemoved.pages == [cave])

        // A name that moves an entry in its kind's list.
        site.write(npc("b"), "---\nname: Zed\n---\nTwo.\n")
        let (fourth, _) = digest()
        let renamed = try #require(fourth.changedEntries(since: third))
        #expect(renamed.reshaped == [npc("b")] && renamed.renamed == [npc("b")])
        #expect(renamed.moved == [npc("b"), npc("c"), npc("d")] && renamed.added.isEmpty && renamed.removed.isEmpty)

        // An entry with a field its kind declares nowhere else changes the kind's exports' columns;
        // a kind's last entry removed changes its game: neither is told.
        site.write(npc("e"), "---\nname: E\nmood: grim\n---\nFive.\n")
        #expect(digest().0.changedEntries(since: fourth) == nil)
        try FileManager.default.removeItem(atPath: site.root + "/" + npc("e"))
        #expect(digest().0.changedEntries(since: fourth) == SiteDigest.Changes())
        try FileManager.default.removeItem(atPath: site.root + "/Content/g/quests/q.md")
        #expect(digest().0.changedEntries(since: fourth) == nil)
    }

    /// A build after entries were added or removed keeps the pages, records and documents out of
    /// their reach; a file that came and holds no entry keeps nothing.
    @Test func aBuildAfterEntriesCameOrWentKeepsThePagesOutOfTheirReach() throws {
        let site = TestSite([
            "questlog.yml": "title: Wiki\n",
            "Content/g/game.md": "---\ntitle: G\n---\nA game.\n",
            "Content/g/locations/cave.md": "---\nname: Cave\n---\nDark.\n",
            "Content/g/locations/hill.md": "---\nname: Hill\n---\nWindy.\n",
            "Content/g/locations/places.yml": "- name: Ford\n  region: North\n- name: Marsh\n  region: South\n",
            "Content/g/npcs/a.md": "---\nname: A\nlocations: [cave]\n---\nOne.\n",
            "Content/g/npcs/b.md": "---\nname: B\nlocations: [ford]\n---\nTwo.\n",
            "Content/g/quests/q.md": "---\nname: Q\nlocation: hill\n---\nA quest.\n",
        ])
        defer { site.remove() }
        let output = site.root + "/Output"
        try site.setModificationDates(to: Date(timeIntervalSinceNow: -60))
        #expect(site.build().report != nil)
        func build(_ step: String) -> (kept: Int, made: Int, reached: Bool) {
            Self.buildComparedWithClean(site, step)
        }
        // At the hill, with a link to A in its notes: the pages of the entries up to two steps
        // from it, the hill or A are made (D, the hill, A, the quest, the cave); B's and the
        // places' are kept.
        site.write("Content/g/npcs/d.md", "---\nname: D\nlocations: [hill]\n---\nMet [[A]] once.\n")
        let added = build("an entry added")
        #expect(added.reached && added.kept >= 2 && added.made >= 2, "\(added)")
        #expect(FileManager.default.fileExists(atPath: output + "/g/npcs/d.html"))

        // An entry of a data file that nothing names.
        site.write("Content/g/locations/places.yml", "- name: Ford\n  region: North\n")
        let fewer = build("an entry of a data file removed")
        #expect(fewer.reached && fewer.kept >= 2, "\(fewer)")
        #expect(!FileManager.default.fileExists(atPath: output + "/g/locations/marsh.html"))

        try FileManager.default.removeItem(atPath: site.root + "/Content/g/npcs/d.md")
        let removed = build("an entry's file removed")
        #expect(removed.reached && removed.kept >= 2, "\(removed)")
        #expect(!FileManager.default.fileExists(atPath: output + "/g/npcs/d.html"))

        site.write("Content/g/npcs/notes.txt", "Not an entry.\n")
        let other = build("a file that holds no entry added")
        #expect(!other.reached && other.kept == 0, "\(other)")
    }

    /// A playthrough's page counts every entry of its game: an entry added or removed makes it
    /// again. An entry's page shows its state in every playthrough: a playthrough removed makes
    /// every page.
    @Test func entriesThatComeAndGoInAGameWithPlaythroughs() throws {
        let site = TestSite(copying: TestSite.packageRoot + "/Tests/Fixtures/valid/playthroughs/site")
        defer { site.remove() }
        try site.setModificationDates(to: Date(timeIntervalSinceNow: -60))
        #expect(site.build().report != nil)
        func build(_ step: String) -> (kept: Int, made: Int, reached: Bool) {
            Self.buildComparedWithClean(site, step)
        }
        let quest = "Content/elden-ring/quests/a-new-quest.md"
        site.write(quest, "---\nname: A New Quest\n---\nNobody gives it yet.\n")
        let added = build("a quest added")
        #expect(added.reached && added.kept > 0, "\(added)")
        try FileManager.default.removeItem(atPath: site.root + "/" + quest)
        let removed = build("a quest removed")
        #expect(removed.reached && removed.kept > 0, "\(removed)")
        let ash = "Content/elden-ring/playthroughs/ash.md"
        site.write(ash, "---\nname: Ash\ncomplete: [go-to-the-castle]\n---\nA third run.\n")
        let third = build("a playthrough added")
        #expect(!third.reached, "\(third)")
        try FileManager.default.removeItem(atPath: site.root + "/" + ash)
        let playthrough = build("a playthrough removed")
        #expect(!playthrough.reached, "\(playthrough)")
    }

    /// A playthrough's page shows every entry it counts, and an entry's page its state in every
    /// playthrough: a playthrough changed reaches every page.
    @Test func aPlaythroughChangedReachesEveryPage() throws {
        let site = Self.resolved(TestSite.packageRoot + "/Tests/Fixtures/valid/playthroughs/site")
        let game = try #require(site.games.first { $0.id == "elden-ring" })
        let wren = try #require(game.playthroughs.compactMap(\.entry).first { $0.id == "wren" })
        #expect(SiteBuild.Reach(of: SiteDigest.Changes(reshaped: [wren.source.path]), in: site) == nil)
        let quest = try #require(game.entries(of: "quest").first)
        let reach = try #require(SiteBuild.Reach(of: SiteDigest.Changes(reshaped: [quest.source.path]), in: site))
        // Every playthrough's page is made.
        #expect(reach.pages.contains(wren.source.path))
    }

    /// A state changed two steps away shows in the picture of an entry with few neighbours: that
    /// page is made again, and one out of reach is kept.
    @Test func aStateTwoStepsAwayRemakesThePicturesThatShowIt() throws {
        let site = TestSite([
            "questlog.yml": "title: Wiki\n",
            "Content/g/game.md": "---\ntitle: G\n---\nA game.\n",
            "Content/g/locations/cave.md": "---\nname: Cave\n---\nDark.\n",
            "Content/g/locations/hill.md": "---\nname: Hill\n---\nWindy.\n",
            "Content/g/quests/find.md": "---\nname: Find\nlocation: cave\ncomplete: false\n---\nLook.\n",
            "Content/g/npcs/near.md": "---\nname: Near\nlocations: [cave]\n---\nWaits.\n",
            "Content/g/npcs/far.md": "---\nname: Far\nlocations: [hill]\n---\nWaits too.\n",
        ])
        defer { site.remove() }
        let output = site.root + "/Output"
        try site.setModificationDates(to: Date(timeIntervalSinceNow: -60))
        #expect(site.build().report != nil)
        let before = try String(contentsOfFile: output + "/g/npcs/near.html", encoding: .utf8)
        site.write("Content/g/quests/find.md", "---\nname: Find\nlocation: cave\ncomplete: true\n---\nLook.\n")
        let timings = BuildTimings()
        #expect(SiteBuild(options: BuildOptions(site: site.root, output: output, jobs: 2)).run(timings: timings).report != nil)
        let clean = SiteBuild(options: BuildOptions(site: site.root, output: output)).render()
        TestSite.expectOutput(output, equals: clean.files, "a quest completed")
        let pages = try #require(timings.stages.first { $0.name == "render pages" })
        #expect(pages.reused >= 2, "the hill's and Far's pages are kept: \(pages.reused)")
        // Near's picture shows the quest, through the cave: it changed.
        let after = try String(contentsOfFile: output + "/g/npcs/near.html", encoding: .utf8)
        #expect(after != before)
    }

    /// Whether a game has a graph page shows on the page of every entry of it with a picture, near
    /// or far: a game that loses its last connection between two of its entries makes every page.
    @Test func aGameThatLosesItsGraphPageMakesEveryPage() throws {
        let site = TestSite([
            "questlog.yml": "title: Wiki\n",
            "Content/g/game.md": "---\ntitle: G\n---\nA game.\n",
            "Content/g/locations/cave.md": "---\nname: Cave\n---\nDark.\n",
            "Content/g/npcs/near.md": "---\nname: Near\nlocations: [cave]\n---\nWaits.\n",
            "Content/g/npcs/far.md": "---\nname: Far\nlocations: [h/hill]\n---\nWaits too.\n",
            "Content/h/game.md": "---\ntitle: H\n---\nAnother game.\n",
            "Content/h/locations/hill.md": "---\nname: Hill\n---\nWindy.\n",
        ])
        defer { site.remove() }
        let output = site.root + "/Output"
        try site.setModificationDates(to: Date(timeIntervalSinceNow: -60))
        #expect(site.build().report != nil)
        #expect(FileManager.default.fileExists(atPath: output + "/g/graph.html"))
        site.write("Content/g/npcs/near.md", "---\nname: Near\n---\nWaits.\n")
        let timings = BuildTimings()
        #expect(SiteBuild(options: BuildOptions(site: site.root, output: output, jobs: 2)).run(timings: timings).report != nil)
        let clean = SiteBuild(options: BuildOptions(site: site.root, output: output)).render()
        TestSite.expectOutput(output, equals: clean.files, "the game's last connection taken away")
        #expect(!FileManager.default.fileExists(atPath: output + "/g/graph.html"))
        #expect(timings.stages.first { $0.name == "render pages" }?.reused == 0)
    }

    /// Fields count by name and value, whatever order their table keeps them in.
    @Test func fieldsAreDigestedByNameAndValueInAnyOrder() {
        func shape(_ fields: [String: FieldValue]) -> UInt64 {
            let entry = Entry(ref: EntryRef(game: "g", kind: "npc", id: "a"), name: "A", source: SourceLocation(path: "p"), path: "g/a.html",
                              fields: fields, notes: .empty)
            var digest = StableDigest()
            SiteDigest.addShape(of: entry, to: &digest)
            return digest.value
        }
        var forward: [String: FieldValue] = [:]
        var backward: [String: FieldValue] = [:]
        let pairs: [(String, FieldValue)] = (0..<40).map { ("field\($0)", $0 % 2 == 0 ? .string("v\($0)") : .int($0)) }
        for (name, value) in pairs { forward[name] = value }
        for (name, value) in pairs.reversed() { backward[name] = value }
        #expect(shape(forward) == shape(backward))
        var swapped = forward
        swapped["field0"] = forward["field2"]
        swapped["field2"] = forward["field0"]
        #expect(shape(swapped) != shape(forward), "values traded between fields")
        var renamed = forward
        renamed["other"] = renamed.removeValue(forKey: "field3")
        #expect(shape(renamed) != shape(forward), "a field renamed")
        var doubled = forward
        doubled["field41"] = .int(1)
        doubled["field43"] = .int(1)
        #expect(shape(doubled) != shape(forward), "two fields added")
        #expect(shape(["a": .string("b")]) != shape(["b": .string("a")]))
        #expect(shape([:]) != shape(["a": .list([])]))
    }

    /// Every stored property of what the digest covers, by name: a property added to the model
    /// must be added to the digest (or said to be left out on purpose) before this passes again.
    @Test func theDigestCoversEveryPropertyOfTheModel() {
        func labels(_ value: Any) -> [String] {
            Mirror(reflecting: value).children.compactMap(\.label)
        }
        let ref = EntryRef(game: "g", kind: "npc", id: "a")
        let entry = Entry(ref: ref, name: "A", source: SourceLocation(path: "p"), path: "g/a.html", fields: [:], notes: .empty)
        // An entry's values are in its box.
        #expect(labels(entry) == ["storage"])
        #expect(labels(entry.storage) == ["ref", "name", "displayName", "source", "path", "fields", "notes", "inverse", "mentions", "extra",
                                          "isDraft", "isSpoiler", "spoilerUntil"])
        #expect(labels(Notes.empty) == ["texts", "headings", "tags"])
        // The texts as strings (or as the bytes of the three, read back from a memo).
        let texts = Mirror(reflecting: Notes.empty).children.first?.value
        let strings = texts.flatMap { Mirror(reflecting: $0).children.first }
        #expect(strings?.label == "strings")
        #expect(strings.map { labels($0.value) } == ["markdown", "html", "plainText"])
        #expect(labels(ref) == ["game", "kind", "id"])
        #expect(labels(SourceLocation(path: "p")) == ["path", "line", "column"])
        #expect(labels(Relation(sourceKind: "k", field: "f", label: "l", entries: [])) == ["sourceKind", "field", "label", "entries"])
        #expect(labels(ExtraField(name: "n", value: .bool(true))) == ["name", "value"])
        #expect(labels(Heading(level: 1, text: "t", id: "t")) == ["level", "text", "id"])
        #expect(labels(ImageDimensions(width: 1, height: 1)) == ["width", "height"])
        // `playthroughs` is made from the entries, each of which has a digest of its own.
        let game = Game(id: "g", title: "G", source: SourceLocation(path: "p"), path: "g/index.html", fields: [:], notes: .empty,
                        entries: [:], links: [])
        #expect(labels(game) == ["id", "title", "source", "path", "fields", "notes", "storage", "links", "extra", "sharedProgress", "playthroughs"])
    }

    @Test func eachPageNamesTheFilesItShowsBeforeItIsBuilt() throws {
        for name in ["wiki", "playthroughs", "tabletop", "scraped-wiki"] {
            let site = Self.resolved(TestSite.packageRoot + "/Tests/Fixtures/valid/\(name)/site")
            let builder = PageBuilder(site: site, strings: UIStrings.load(language: "en", theme: .embedded).0)
            let builders = builder.gameBuilders()
            let specs = builder.pageSpecs()
            #expect(specs.count > 5)
            for spec in specs {
                let page = builder.page(spec, builders: builders)
                #expect(builder.sources(of: spec) == page.sources, "\(name): \(page.path)")
            }
        }
    }

    /// What lets a build keep pages: changing an entry's notes alone (text, HTML, plain text,
    /// headings) changes no page but those that `notesShown(of:)` says show them, in every valid
    /// fixture site, entry by entry.
    @Test func notesAreShownOnlyWhereThePagesSay() throws {
        for name in ["wiki", "playthroughs", "tabletop", "scraped-wiki"] {
            let site = Self.resolved(TestSite.packageRoot + "/Tests/Fixtures/valid/\(name)/site")
            let renderer = SiteRenderer(theme: .embedded)
            func pages(of site: Site) throws -> [String: [UInt8]] {
                let set = try #require(renderer.pages(of: site).pages)
                var bytes: [String: [UInt8]] = [:]
                for path in set.paths {
                    if case let .success(file)? = set.page(at: path) { bytes[path] = file.bytes }
                }
                return bytes
            }
            let before = try pages(of: site)
            let builder = PageBuilder(site: site, strings: UIStrings.load(language: "en", theme: .embedded).0)
            let specs = builder.pageSpecs()
            var shown: [String: [String]] = [:]
            for spec in specs { shown[builder.path(of: spec)] = builder.notesShown(of: spec) }
            var checked = 0
            // Every entry, kinds in a fixed order.
            let entries = site.games.flatMap { game in game.entries.keys.sorted().flatMap { game.entries[$0] ?? [] } }
            for entry in entries {
                var notes = entry.notes
                notes.markdown += "\nMarked.\n"
                notes.html += "<p>Marked.</p>"
                notes.plainText += " Marked."
                notes.headings.append(Heading(level: 3, text: "Marked", id: "marked"))
                var edited = site
                let replaced = edited.replaceNotes(of: entry.ref, with: notes)
                #expect(replaced)
                let after = try pages(of: edited)
                #expect(after.keys.sorted() == before.keys.sorted())
                var changed = 0
                for (path, bytes) in after where before[path] != bytes {
                    changed += 1
                    #expect(shown[path]?.contains(entry.source.path) == true, "\(name): \(path) shows the notes of \(entry.ref)")
                }
                #expect(changed >= 1, "\(name): \(entry.ref)'s own page shows its notes")
                checked += 1
            }
            #expect(checked > 2, "\(name)")
        }
    }

    @Test func aBuildAfterAnEditOfNotesKeepsThePagesThatDoNotShowThem() throws {
        let site = TestSite(copying: Self.wiki)
        defer { site.remove() }
        let output = site.root + "/Output"
        #expect(site.build().report != nil)
        func stamps() -> [String: Int64] {
            var stamps: [String: Int64] = [:]
            for path in TestSite.tree(output).keys where path.hasSuffix(".html") {
                stamps[path] = SourceStamp.current(path, in: output)?.modified
            }
            return stamps
        }
        func build() -> (kept: Int, made: Int) {
            let timings = BuildTimings()
            let result = SiteBuild(options: BuildOptions(site: site.root, output: output, jobs: 2)).run(timings: timings)
            #expect(result.report != nil)
            let pages = timings.stages.first { $0.name == "render pages" }
            return (pages?.reused ?? 0, (pages?.items ?? 0) - (pages?.reused ?? 0))
        }
        func expectClean(_ step: String) {
            let clean = SiteBuild(options: BuildOptions(site: site.root, output: output)).render()
            #expect(!clean.files.isEmpty, "\(step)")
            TestSite.expectOutput(output, equals: clean.files, step)
        }
        // Old enough that a rewrite would show in the times.
        try site.setModificationDates(to: Date(timeIntervalSinceNow: -60))
        _ = build()
        let before = stamps()
        let text = try String(contentsOfFile: site.root + "/" + Self.varre, encoding: .utf8)
        site.write(Self.varre, text + "\nSeen again at the church.\n")
        let first = build()
        expectClean("notes edited")
        #expect(first.kept > 10 && first.made >= 1 && first.made < 10, "\(first)")
        let after = stamps()
        let rewritten = Set(after.keys.filter { after[$0] != before[$0] })
        #expect(rewritten.contains("elden-ring/npcs/white-mask-varre.html"))
        #expect(!rewritten.contains("elden-ring/npcs/merchant-kale.html"))

        // A kept page is one still on disk as it was written: one changed by hand is made again.
        try "tampered".write(toFile: output + "/elden-ring/npcs/merchant-kale.html", atomically: false, encoding: .utf8)
        site.write(Self.varre, text + "\nSeen once more.\n")
        let second = build()
        expectClean("notes edited, another page tampered with")
        #expect(second.kept > 10 && second.made >= 2, "\(second)")

        // A value changed reaches the pages that may show it (its own, the entries up to two steps
        // from it, tables and progress): those are made, the others kept.
        #expect(text.contains("merchant: false"))
        let beforeValue = stamps()
        site.write(Self.varre, text.replacingOccurrences(of: "merchant: false", with: "merchant: true"))
        let third = build()
        expectClean("a value edited")
        #expect(third.kept > 0 && third.made > 1, "\(third)")
        let afterValue = stamps()
        #expect(afterValue["elden-ring/npcs/white-mask-varre.html"] != beforeValue["elden-ring/npcs/white-mask-varre.html"])

        // Into an emptied output folder nothing can be kept: the build is made as a full one.
        try FileManager.default.removeItem(atPath: output)
        site.write(Self.varre, text + "\nSeen a last time.\n")
        let fourth = build()
        expectClean("notes edited, the output folder emptied")
        #expect(fourth.kept == 0 && fourth.made > 10, "\(fourth)")
    }
}
