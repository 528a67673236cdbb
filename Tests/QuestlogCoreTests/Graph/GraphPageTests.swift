import Mustache
@testable import QuestlogCore
import Testing

/// The pictures on the pages: each entry's neighbourhood, the game's graph page and the link to it.
struct GraphPageTests {
    static func text(_ page: Page?, _ path: String) -> String {
        PageBuilderTests.text(page, path) ?? ""
    }

    @Test func anEntryPageShowsItsNeighbourhoodWithRelativeLinks() throws {
        let pages = try PageBuilderTests.pages()
        let margit = pages["elden-ring/bosses/margit.html"]
        let svg = Self.text(margit, "graph.svg")
        #expect(svg.hasPrefix("<svg "))
        #expect(svg.contains("<title id=\"ql-graph-title\">Connections of Margit</title>"))
        #expect(svg.contains("href=\"../locations/stormveil-castle.html\""), "its arena, from the bosses folder")
        #expect(svg.contains("graph-current\"><title>Margit · Boss"), "the page's own entry, not a link")
        #expect(!svg.contains("href=\"margit.html\""))
        #expect(Self.text(margit, "graph.gameGraph") == "../graph.html")
        // The text list has the same links as the picture, its own entry left out.
        let links = PageBuilderTests.count(margit, "graph.links")
        #expect(links == svg.components(separatedBy: "<a ").count - 1)
        #expect(links > 0)
        let urls = (0..<links).map { Self.text(margit, "graph.links.\($0).url") }
        for url in urls { #expect(svg.contains("href=\"\(url)\"")) }
        #expect(Self.text(margit, "graph.listLabel") == "The same links as a list (\(links))")
    }

    @Test func theLegendNamesTheKindsShownInSchemaOrderThenTheStates() throws {
        let margit = try PageBuilderTests.pages()["elden-ring/bosses/margit.html"]
        let count = PageBuilderTests.count(margit, "graph.legend")
        let labels = (0..<count).map { Self.text(margit, "graph.legend.\($0).label") }
        #expect(labels.first == "NPCs" || labels.first == "Quests" || labels.first == "Locations")
        #expect(labels.suffix(2) == ["Done", "Not done"])
        #expect(labels.contains("Bosses"))
        let kinds = ["NPCs", "Quests", "Locations", "Bosses"].filter(labels.contains)
        #expect(Array(labels.prefix(kinds.count)) == kinds)
        #expect(Self.text(margit, "graph.legend.\(labels.firstIndex(of: "Bosses")!).class") == "graph-k3 graph-c3")
    }

    /// A build that makes few pages works out the pictures' facts for the nodes they show: every
    /// page is the same as when they come from the table of every node, the lists' order included
    /// (names the same, in other kinds, differing in case, or not in canonical composition).
    @Test func picturesAreTheSameWithFactsWorkedOutEachOrAllAtOnce() throws {
        let names = ["Zed", "alpha", "Alpha", "\u{2126}", "\u{3A9}a", "e\u{301}cole", "\u{E9}cole", "Same", "Same", "B"]
        var files: [String: String] = [:]
        var links: [String] = []
        for (index, name) in names.enumerated() {
            let kind = index % 3 == 0 ? "locations" : "npcs"
            files["Content/g/\(kind)/e\(index).md"] = "---\nname: \"\(name)\"\n---\n"
            links.append("[[e\(index)]]")
        }
        files["Content/g/npcs/hub.md"] = "---\nname: Hub\n---\nSee " + links.joined(separator: ", ") + ".\n"
        files["Content/g/quests/q.md"] = "---\nname: Q\n---\nWith [[hub]] and [[e1]].\n"
        let builder = TestSite(files)
        defer { builder.remove() }
        let strings = UIStrings.load(language: "en", theme: .embedded).0
        let fixture = TestSite(copying: TestSite.packageRoot + "/Tests/Fixtures/valid/wiki/site")
        defer { fixture.remove() }
        for site in [builder.resolve().site, fixture.resolve().site] {
            let all = PageBuilder(site: site, strings: strings).pages()
            let each = PageBuilder(site: site, strings: strings, fewPages: true).pages()
            #expect(all.map(\.path) == each.map(\.path))
            for (a, b) in zip(all, each) {
                #expect(a.context == b.context, "\(a.path)")
            }
        }
        let hub = PageBuilder(site: builder.resolve().site, strings: strings, fewPages: true).pages().first { $0.path == "g/npcs/hub.html" }
        #expect(PageBuilderTests.count(hub, "graph.links") == names.count + 1)
    }

    @Test func anEntryWithoutConnectionsHasNoPicture() throws {
        let files = ["Content/g/npcs/alone.md": "---\nname: Alone\n---\nNobody.\n",
                     "Content/g/npcs/a.md": "---\nname: A\n---\nSee [[b]].\n",
                     "Content/g/npcs/b.md": "---\nname: B\n---\n"]
        let builder = TestSite(files)
        defer { builder.remove() }
        let site = builder.resolve().site
        let pages = PageBuilder(site: site, strings: UIStrings.load(language: "en", theme: .embedded).0).pages()
        let byPath = Dictionary(uniqueKeysWithValues: pages.map { ($0.path, $0) })
        #expect(PageBuilderTests.value(byPath["g/npcs/alone.html"], "graph") == .null)
        #expect(Self.text(byPath["g/npcs/a.html"], "graph.svg").contains("href=\"b.html\""))
        #expect(Self.text(byPath["g/npcs/b.html"], "graph.svg").contains("href=\"a.html\""), "a note link counts from the linked side too")
        #expect(byPath["g/graph.html"]?.template == "graph")
    }

    @Test func aGameWithoutConnectionsHasNoGraphPage() throws {
        let builder = TestSite(["Content/g/npcs/alone.md": "---\nname: Alone\n---\n"])
        defer { builder.remove() }
        let pages = PageBuilder(site: builder.resolve().site, strings: UIStrings.load(language: "en", theme: .embedded).0).pages()
        #expect(!pages.contains { $0.path == "g/graph.html" })
        #expect(PageBuilderTests.value(pages.first { $0.path == "g/index.html" }, "game.graphUrl") == .null)
    }

    @Test func theGamesGraphPageShowsEveryEntryAndIsLinkedFromTheGamePage() throws {
        let pages = try PageBuilderTests.pages()
        #expect(Self.text(pages["elden-ring/index.html"], "game.graphUrl") == "graph.html")
        let graph = try #require(pages["elden-ring/graph.html"])
        #expect(graph.template == "graph")
        #expect(Self.text(graph, "page.title") == "Graph · Elden Ring")
        #expect(Self.text(graph, "breadcrumbs.1.url") == "index.html")
        let svg = Self.text(graph, "graph.svg")
        #expect(svg.contains("<title id=\"ql-graph-title\">Connections between the entries of Elden Ring</title>"))
        #expect(svg.contains("href=\"bosses/margit.html\""))
        #expect(svg.contains("<line class=\"graph-ek"), "filterable")
        #expect(!svg.contains("graph-current"))
        let entries = pages.values.filter { $0.template == "entry" }.count
        #expect(svg.components(separatedBy: "<a ").count - 1 == entries)
        #expect(PageBuilderTests.value(graph, "graph.capped") == .null)
        #expect(PageBuilderTests.count(graph, "graph.filters") == 4)
    }

    @Test func aLargeGameShowsItsMostConnectedEntriesAndSaysSo() throws {
        var files: [String: String] = [:]
        let count = RelationGraph.gameLimit + 20
        for index in 0..<count {
            // Each NPC names the location of its tens, so about a tenth of the entries are hubs.
            files["Content/big/npcs/n\(index).md"] = "---\nname: N\(index)\nlocations: [l\(index / 10)]\n---\n"
        }
        for index in 0..<(count / 10 + 1) { files["Content/big/locations/l\(index).md"] = "---\nname: L\(index)\n---\n" }
        let builder = TestSite(files)
        defer { builder.remove() }
        let site = builder.resolve(jobs: 2).site
        let page = PageBuilder(site: site, strings: UIStrings.load(language: "en", theme: .embedded).0).graphPage(site.games[0])
        let total = count + count / 10 + 1
        #expect(Self.text(page, "graph.capped") == "Showing the \(RelationGraph.gameLimit) most connected of \(total) entries.")
        let svg = Self.text(page, "graph.svg")
        #expect(svg.components(separatedBy: "<a ").count - 1 == RelationGraph.gameLimit)
        #expect(svg.contains("href=\"locations/l0.html\""), "the hubs are kept")
    }
}
