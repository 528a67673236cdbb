import Immortal
import Mustache
@testable import QuestlogCore
import Testing
import TestSupport

/// The data each page type gives its template, read back by dotted paths (`games.0.title`).
struct PageBuilderTests {
    static func pages(language: String = "en") throws -> [String: Page] {
        let site = TestSite(copying: TestSite.packageRoot + "/Tests/Fixtures/valid/wiki/site")
        defer { site.remove() }
        let (resolved, diagnostics) = Resolver(jobs: 1).resolve(SiteLoader(root: site.root, jobs: 1).load())
        #expect(!diagnostics.hasErrors)
        var config = resolved.config
        config.language = language
        let strings = UIStrings.load(language: language, theme: .embedded).0
        let pages = PageBuilder(site: Site(config: config, schema: resolved.schema, games: resolved.games), strings: strings).pages()
        return Dictionary(uniqueKeysWithValues: pages.map { ($0.path, $0) })
    }

    static func value(_ page: Page?, _ path: String) -> MustacheValue? {
        var current = page?.context
        for part in path.split(separator: ".") {
            switch current {
            case let .object(object)?: current = object[String(part)]
            case let .list(items)?: current = Int(part).flatMap { $0 < items.count ? items[$0] : nil }
            case let .sequence(items)?: current = Int(part).flatMap { $0 < items.count ? items[$0] : nil }
            default: return nil
            }
        }
        return current
    }

    static func text(_ page: Page?, _ path: String) -> String? {
        if case let .string(text)? = value(page, path) { return text }
        if case let .utf8(bytes)? = value(page, path) { return String(decoding: bytes, as: UTF8.self) }
        if case let .int(number)? = value(page, path) { return String(number) }
        return nil
    }

    static func count(_ page: Page?, _ path: String) -> Int {
        if case let .list(items)? = value(page, path) { return items.count }
        if case let .sequence(items)? = value(page, path) { return items.count }
        return -1
    }

    @Test func everyPageTypeIsThere() throws {
        let pages = try Self.pages()
        #expect(pages.count == 19)
        #expect(pages["index.html"]?.template == "home")
        #expect(pages["elden-ring/index.html"]?.template == "game")
        #expect(pages["elden-ring/bosses/index.html"]?.template == "kind")
        #expect(pages["elden-ring/bosses/margit.html"]?.template == "entry")
        #expect(pages["elden-ring/graph.html"]?.template == "graph")
        #expect(pages["search.html"]?.template == "search")
        #expect(pages["404.html"]?.template == "404")
    }

    @Test func homeShowsEachGameWithProgress() throws {
        let home = try Self.pages()["index.html"]
        #expect(Self.text(home, "root") == "")
        #expect(Self.text(home, "games.0.title") == "Elden Ring")
        #expect(Self.text(home, "games.0.url") == "elden-ring/index.html")
        #expect(Self.text(home, "games.0.progress.0.label") == "Quests complete")
        #expect(Self.text(home, "games.0.progress.0.text") == "1 of 2")
        #expect(Self.text(home, "games.0.progress.0.percent") == "50")
        #expect(Self.text(home, "games.0.progress.1.text") == "1 of 4")
        #expect(Self.text(home, "canonical") == "https://example.org/wiki/")
    }

    @Test func gamePageListsMerchantsAnvilsAndKinds() throws {
        let game = try Self.pages()["elden-ring/index.html"]
        #expect(Self.text(game, "root") == "../")
        #expect(Self.count(game, "game.highlights") == 2, "merchants and smith anvils: the schema's highlight fields")
        #expect(Self.text(game, "game.highlights.0.label") == "Merchants")
        #expect(Self.text(game, "game.highlights.0.groups.0.label") == "NPCs", "grouped by kind")
        #expect(Self.text(game, "game.highlights.0.groups.1.label") == "Locations")
        #expect(Self.text(game, "game.highlights.0.groups.1.items.0.name") == "Church of Elleh")
        #expect(Self.text(game, "game.highlights.1.label") == "Smith anvils")
        #expect(Self.text(game, "game.highlights.1.groups.0.items.0.url") == "locations/church-of-elleh.html")
        #expect(Self.text(game, "game.kinds.3.label") == "Bosses")
        #expect(Self.text(game, "game.facts.0.label") == "Character")
        #expect(Self.text(game, "breadcrumbs.0.url") == "../index.html")
        #expect(Self.text(game, "game.downloads.0.url") == "../exports/elden-ring.json")
    }

    @Test func kindIndexHasColumnsRowsAndFilters() throws {
        let quests = try Self.pages()["elden-ring/quests/index.html"]
        var labels: [String] = []
        for index in 0..<Self.count(quests, "columns") { labels.append(Self.text(quests, "columns.\(index).label") ?? "") }
        #expect(labels == ["Complete", "Location", "Tags", "Given by"])
        #expect(Self.text(quests, "toggles.0.label") == "Incomplete only")
        #expect(Self.text(quests, "toggles.0.value") == "false")
        #expect(Self.text(quests, "rows.0.name") == "Find Kalé")
        #expect(Self.text(quests, "rows.0.attributes.0.name") == "data-complete")
        #expect(Self.text(quests, "rows.0.attributes.0.value") == "true")
        #expect(Self.text(quests, "rows.1.cells.3.links.0.name") == "White Mask Varré")
        #expect(Self.text(quests, "rows.1.cells.2.tags.0.name") == "main")
        // The toggle's name and value in the page's address: ?complete=0.
        #expect(Self.text(quests, "toggles.0.field") == "complete")
        #expect(Self.text(quests, "toggles.0.param") == "0")
        #expect(Self.value(quests, "hasColumns") == true)
        #expect(Self.value(quests, "hasNav") == true)
    }

    /// A flag's filter reads as the flag, under "Show only": "Merchant", not "Has merchant", in
    /// every language the theme speaks.
    @Test func flagFiltersReadAsTheirField() throws {
        let expected = ["en": "Merchant", "ja": "商人", "zh": "商人", "vi": "Thương nhân", "hi": "व्यापारी"]
        for (language, word) in expected.sorted(by: { $0.key < $1.key }) {
            let npcs = try Self.pages(language: language)["elden-ring/npcs/index.html"]
            #expect(Self.text(npcs, "toggles.0.label") == word, "\(language)")
            #expect(Self.text(npcs, "toggles.0.field") == "merchant")
            #expect(Self.text(npcs, "toggles.0.value") == "true")
            #expect(Self.text(npcs, "toggles.0.param") == "1")
        }
        let strings = UIStrings.load(language: "en", theme: .embedded).0
        #expect(strings.optional("ui.has_merchant") == nil && strings.optional("ui.has_smith_anvil") == nil)
    }

    @Test func entryPageHasRelationsBothWays() throws {
        let pages = try Self.pages()
        let castle = pages["elden-ring/locations/stormveil-castle.html"]
        var labels: [String] = []
        for index in 0..<Self.count(castle, "entry.relations") { labels.append(Self.text(castle, "entry.relations.\(index).label") ?? "") }
        #expect(labels == ["Quests here", "Bosses (Arena)"])
        #expect(Self.text(castle, "entry.status.label") == "Not cleared")
        #expect(Self.count(castle, "breadcrumbs") == 4)
        let varre = pages["elden-ring/npcs/white-mask-varre.html"]
        #expect(Self.text(varre, "entry.relations.0.label") == "Found at")
        #expect(Self.text(varre, "entry.relations.0.items.0.url") == "../locations/the-first-step.html")
        #expect(Self.text(varre, "entry.aliases") == "Varré")
    }

    @Test func notFoundLinksThroughTheBaseURL() throws {
        let page = try Self.pages()["404.html"]
        #expect(Self.text(page, "root") == "https://example.org/wiki/")
        #expect(Self.text(page, "nav.0.url") == "https://example.org/wiki/elden-ring/index.html")
    }

    @Test func builtInLabelsAreTranslatedAndCustomOnesKept() throws {
        let pages = try Self.pages(language: "ja")
        let game = pages["elden-ring/index.html"]
        #expect(Self.text(game, "game.kinds.0.label") == "NPC")
        #expect(Self.text(game, "game.kinds.1.label") == "クエスト")
        #expect(Self.text(game, "game.kinds.3.label") == "Bosses")
        #expect(Self.text(game, "lang") == "ja")
        #expect(Self.text(game, "strings.ui.notes") == "メモ")
    }
}

extension PageBuilderTests {
    @Test func tagsThatFoldToOneSlugGetOneCheckboxNamedAsFirstWritten() throws {
        let site = TestSite([
            "Content/g/game.md": "---\ntitle: G\n---\n",
            "Content/g/npcs/a.md": "---\ntags: [Boss, Café]\n---\n",
            "Content/g/npcs/b.md": "---\ntags: [boss, cafe, BOSS!, Tree]\n---\n",
        ])
        defer { site.remove() }
        let (resolved, diagnostics) = site.resolve(jobs: 1)
        #expect(!diagnostics.hasErrors)
        let strings = UIStrings.load(language: "en", theme: .embedded).0
        let npcs = PageBuilder(site: resolved, strings: strings).pages().first { $0.path == "g/npcs/index.html" }
        var checkboxes: [String] = []
        for index in 0..<Self.count(npcs, "tags") {
            checkboxes.append("\(Self.text(npcs, "tags.\(index).slug") ?? "")=\(Self.text(npcs, "tags.\(index).name") ?? "")")
        }
        #expect(checkboxes == ["boss=Boss", "cafe=Café", "tree=Tree"])
    }

    /// The counted texts of lists and pictures, made once for the counts lists mostly have, read as
    /// each one made when asked, in the builder's language and in a game's own.
    @Test(arguments: ["en", "ja"])
    func countedTextsAreTheTextsMadeWhenAsked(language: String) throws {
        let strings = UIStrings.load(language: language, theme: .embedded).0
        let site = Site(config: SiteConfig(), schema: .builtIn, games: [])
        let builder = PageBuilder(site: site, strings: strings)
        for count in [0, 1, 2, 12, 63, 64, 65, 1_000] {
            #expect(builder.showAllText(count) == strings.format("ui.show_all", ["count": String(count)]))
            #expect(builder.graphListText(count) == strings.format("graph.list", ["count": String(count)]))
        }
        let other = UIStrings.load(language: "vi", theme: .embedded).0
        let game = Game(id: "g", title: "G", source: SourceLocation(path: "Content/g"), path: "g/index.html",
                        fields: ["language": .string("vi")], notes: .empty, entries: [:], links: [])
        let speaking = PageBuilder(site: site, strings: strings, gameStrings: ["vi": other]).speaking(for: game)
        #expect(speaking.showAllText(5) == other.format("ui.show_all", ["count": "5"]))
        #expect(speaking.graphListText(70) == other.format("graph.list", ["count": "70"]))
        #expect(speaking.showAllText(5) != builder.showAllText(5))
    }

    /// A kind page's cell of references looks each entry up once: its links and its sort text are
    /// the links and the display text made apart, whatever the references (another game's, the
    /// game's own, missing ones, repeated) and wherever the page is.
    @Test func linksAndDisplayAreTheLinksAndTheDisplayText() throws {
        let files = TestSite(ResolverTests.files)
        defer { files.remove() }
        let site = files.resolve().site
        let builder = PageBuilder(site: site, strings: UIStrings.load(language: "en", theme: .embedded).0)
        // In one order whatever the dictionaries' order, so the seed gives the same lists every run.
        let entries = site.games.flatMap { $0.entries.values.flatMap { $0 } }.map(\.ref)
            .sorted { ($0.game, $0.kind, $0.id) < ($1.game, $1.kind, $1.id) }
        #expect(Set(entries.map(\.game)).count == 2)
        let others = [EntryRef(game: "elden-ring", kind: "game", id: "elden-ring"), EntryRef(game: "elden-ring", kind: "npc", id: "nobody"),
                      EntryRef(game: "elden-ring", kind: "nothing", id: "white-mask-varre"), EntryRef(game: "nowhere", kind: "game", id: "nowhere")]
        var generator = SplitMix64(seed: 11)
        for round in 0..<200 {
            let refs = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                Int.random(in: 0..<5, using: &generator) == 0 ? others.randomElement(using: &generator)! : entries.randomElement(using: &generator)!
            }
            let path = ["elden-ring/npcs/index.html", "dark-souls/npcs/index.html", "index.html", "elden-ring/index.html"][round % 4]
            let (links, display) = builder.linksAndDisplay(refs, from: path)
            #expect(links == builder.links(refs, from: path), "\(refs) from \(path)")
            #expect(display == builder.display(.refs(refs)), "\(refs)")
        }
    }
}

/// A builder whose tables are made immortal (`PageBuilder.makeImmortal`) builds the same pages.
@Suite("Page builders made immortal")
struct PageBuilderImmortalTests {
    @Test func theTablesEveryPageReadsAreImmortalAndThePagesTheSame() throws {
        try #require(Immortal.isAvailable)
        let fixture = TestSite(copying: TestSite.packageRoot + "/Tests/Fixtures/valid/wiki/site")
        defer { fixture.remove() }
        let site = fixture.resolve().site
        let strings = UIStrings.load(language: "en", theme: .embedded).0
        let library = MustacheLibrary(templates: Theme.embedded.templates, strict: true)
        let render = { (builder: PageBuilder) -> [String: String] in
            Dictionary(uniqueKeysWithValues: builder.pages().map { page in
                (page.path, (try? library.template(named: page.template)).flatMap { $0 }.map { (try? library.render($0, with: page.context)) ?? "" } ?? "")
            })
        }
        let before = render(PageBuilder(site: site, strings: strings))
        let builder = PageBuilder(site: site, strings: strings)
        site.makeImmortal()
        builder.makeImmortal()
        guard case let .table(facts) = builder.graphFacts else {
            Issue.record("a builder of many pages keeps a table of the pictures' facts")
            return
        }
        let titles = facts.map(\.title).filter { $0.utf8.count > 15 }
        #expect(titles.count > 5)
        #expect(titles.allSatisfy(Immortal.isImmortal))
        let tableTexts = builder.strings.table.values.filter { $0.utf8.count > 15 }
        #expect(tableTexts.count > 10)
        #expect(tableTexts.allSatisfy(Immortal.isImmortal))
        let after = render(builder)
        #expect(after.count > 15)
        #expect(after == before)
    }
}
