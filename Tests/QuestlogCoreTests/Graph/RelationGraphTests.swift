@testable import QuestlogCore
import Testing

/// Who the pictures of the graph show: references and note links both ways, bounded neighbourhoods
/// that keep the nearest and most connected, ties by id.
struct RelationGraphTests {
    static func ref(_ game: String, _ kind: String, _ id: String) -> EntryRef {
        EntryRef(game: game, kind: kind, id: id)
    }

    static func graph() -> RelationGraph {
        let builder = TestSite(ResolverTests.files)
        defer { builder.remove() }
        return RelationGraph(site: builder.resolve().site)
    }

    static func ids(_ graph: RelationGraph, _ nodes: [Int]) -> [String] {
        nodes.map { graph.refs[$0].id }
    }

    @Test func referencesAndNoteLinksConnectBothWays() throws {
        let graph = Self.graph()
        let varre = try #require(graph.node(Self.ref("elden-ring", "npc", "white-mask-varre")))
        // Its fields name rose-church, the-first-step and go-to-the-castle; its notes link to
        // stormveil-castle and the quest patches.
        #expect(Self.ids(graph, graph.neighbours[varre]).sorted()
            == ["go-to-the-castle", "patches", "rose-church", "stormveil-castle", "the-first-step"])
        let castle = try #require(graph.node(Self.ref("elden-ring", "location", "stormveil-castle")))
        let castleNeighbours = Set(Self.ids(graph, graph.neighbours[castle]))
        #expect(castleNeighbours.isSuperset(of: ["white-mask-varre", "go-to-the-castle", "gateside"]), "links made to it count too")
        for (node, list) in graph.neighbours.enumerated() {
            #expect(!list.contains(node))
            #expect(list == list.sorted() && Set(list).count == list.count)
            for other in list { #expect(graph.connected(other, node), "\(graph.refs[node]) and \(graph.refs[other])") }
        }
    }

    @Test func aReferenceToAnotherGameIsAConnection() throws {
        let graph = Self.graph()
        let crestfallen = try #require(graph.node(Self.ref("dark-souls", "npc", "crestfallen")))
        let rose = try #require(graph.node(Self.ref("elden-ring", "location", "rose-church")))
        #expect(graph.connected(crestfallen, rose))
        #expect(graph.connectedGames == ["dark-souls", "elden-ring"])
    }

    @Test func aNeighbourhoodIsTheEntryThenItsNeighboursThenTheirs() throws {
        let graph = Self.graph()
        let kale = try #require(graph.node(Self.ref("elden-ring", "npc", "merchant-kale")))
        let nodes = graph.neighbourhood(of: kale)
        #expect(nodes.first == kale)
        // One neighbour (church-of-elleh), fewer than twoStepsBelow: its neighbours come too.
        #expect(Self.ids(graph, Array(nodes.dropFirst())) == ["church-of-elleh", "the-first-step", "patches"], "in node order: by kind, then id")
        // With a lower threshold only the one step.
        #expect(Self.ids(graph, graph.neighbourhood(of: kale, twoStepsBelow: 1)) == ["merchant-kale", "church-of-elleh"])
    }

    @Test func aNeighbourhoodPastTheLimitKeepsTheMostConnectedThenTheFirstIds() throws {
        let graph = Self.graph()
        let varre = try #require(graph.node(Self.ref("elden-ring", "npc", "white-mask-varre")))
        let nodes = graph.neighbourhood(of: varre, limit: 3)
        #expect(nodes.count == 3 && nodes.first == varre)
        let kept = Array(nodes.dropFirst()), dropped = graph.neighbours[varre].filter { !kept.contains($0) }
        for node in kept {
            for other in dropped {
                #expect(graph.degree(node) > graph.degree(other) || (graph.degree(node) == graph.degree(other) && node < other))
            }
        }
        let twoSteps = graph.neighbourhood(of: varre, limit: 7, twoStepsBelow: 8)
        #expect(twoSteps.count == 7)
        #expect(Set(twoSteps.prefix(6)) == Set([varre] + graph.neighbours[varre]), "the nearest first")
    }

    @Test func anEntryWithoutNeighboursHasNoPicture() throws {
        let graph = Self.graph()
        let patches = try #require(graph.node(Self.ref("elden-ring", "quest", "patches")))
        #expect(!graph.neighbourhood(of: patches).isEmpty, "linked from Varré's notes")
        let lonely = RelationGraph(site: Site(config: SiteConfig(), schema: .builtIn, games: []))
        #expect(lonely.refs.isEmpty)
        let builder = TestSite(["Content/g/npcs/alone.md": "---\nname: Alone\n---\nNo links here.\n"])
        defer { builder.remove() }
        let single = RelationGraph(site: builder.resolve().site)
        #expect(single.neighbourhood(of: 0).isEmpty)
        #expect(single.connectedGames.isEmpty)
    }

    @Test func aGamePastTheLimitKeepsItsMostConnectedEntries() {
        let graph = Self.graph()
        let all = graph.gameNodes("elden-ring")
        #expect(all.nodes.count == all.total && all.nodes.allSatisfy { graph.refs[$0].game == "elden-ring" })
        let few = graph.gameNodes("elden-ring", limit: 3)
        #expect(few.nodes.count == 3 && few.total == all.total)
        #expect(few.nodes == few.nodes.sorted())
        let minimum = few.nodes.map(graph.degree).min()!
        #expect(all.nodes.filter { !few.nodes.contains($0) }.allSatisfy { graph.degree($0) <= minimum })
    }

    @Test func edgesAmongNodesAreEveryConnectionOnceInNodeOrder() {
        let graph = Self.graph()
        // Every node in an order that is not by number: reversed, and a neighbourhood.
        let all = Array(graph.refs.indices.reversed())
        var orders = [all, Array(all.prefix(5)), [Int]()]
        if let center = graph.refs.indices.first(where: { graph.degree($0) > 1 }) {
            orders.append(graph.neighbourhood(of: center))
        }
        for nodes in orders {
            // Looked up pair by pair, as the connections were first listed.
            var expected: [(Int, Int)] = []
            for (at, node) in nodes.enumerated() {
                for other in graph.neighbours[node] {
                    if let otherAt = nodes.firstIndex(of: other), otherAt > at { expected.append((at, otherAt)) }
                }
            }
            let edges = graph.edges(among: nodes)
            #expect(edges.map { [$0.0, $0.1] } == expected.map { [$0.0, $0.1] })
        }
        #expect(!graph.edges(among: all).isEmpty)
    }
}
