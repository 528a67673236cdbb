import Mustache

/// The pictures of the graph: each entry's neighbourhood on its page, and a game's whole graph on
/// `<game>/graph.html`.
extension PageBuilder {
    /// Rounds of the layout of an entry's picture, and of a game's.
    static let neighbourhoodIterations = 60
    static let gameIterations = 120

    /// The path of a game's graph page.
    static func graphPath(of game: Game) -> String {
        game.id + "/graph.html"
    }

    /// Whether a game has a graph page: some two of its entries are connected.
    func hasGraphPage(_ game: Game) -> Bool {
        graph.connectedGames.contains(game.id)
    }

    /// The picture of `entry`'s neighbourhood for `partials/graph`; null when it has no neighbours.
    func entryGraph(_ entry: Entry, in game: Game) -> MustacheValue {
        guard let center = graph.node(entry.ref) else { return .null }
        let chosen = graph.neighbourhood(of: center)
        guard !chosen.isEmpty else { return .null }
        let side = 70 * Double(chosen.count).squareRoot()
        let layout = ForceLayout(width: max(240, side * 1.6), height: max(140, side), iterations: Self.neighbourhoodIterations)
        var context = picture(of: chosen, current: center, from: entry.path, layout: layout, id: "ql-graph-title",
                              title: strings.format("graph.label", ["name": entry.displayName]), filterable: false)
        context["heading"] = .string(strings["graph.heading"])
        context["gameGraph"] = hasGraphPage(game) ? .string(RelativeURL.from(entry.path, to: Self.graphPath(of: game))) : .null
        return .object(MustacheObject(consume context))
    }

    /// `<game>/graph.html`: the game's entries and their connections, the most connected when
    /// there are too many, with a kind filter.
    func graphPage(_ game: Game) -> Page {
        let path = Self.graphPath(of: game)
        let heading = strings["graph.game_title"]
        var context = common(path: path, title: "\(heading) · \(game.title)", type: "graph", game: game.id,
                             breadcrumbs: [(strings["ui.home"], "index.html"), (game.title, game.path), (heading, nil)])
        let (nodes, total) = graph.gameNodes(game.id)
        let side = 60 * Double(nodes.count).squareRoot()
        var layout = ForceLayout(width: max(320, side * 1.6), height: max(200, side), iterations: Self.gameIterations)
        layout.gravity = max(1, Double(nodes.count) / 4)
        var picture = picture(of: nodes, current: nil, from: path, layout: layout, id: "ql-graph-title",
                              title: strings.format("graph.game_label", ["game": game.title]), filterable: true)
        picture["heading"] = .string(heading)
        picture["capped"] = nodes.count < total
            ? .string(strings.format("graph.capped", ["shown": String(nodes.count), "total": String(total)])) : .null
        context["graph"] = .object(MustacheObject(picture))
        return Page(path: path, template: "graph", context: .object(MustacheObject(context)), sources: Self.sources(of: game))
    }

    /// The items of the pictures' legends (`legendItems`): each kind of `schema` in its order, then
    /// the two progress states.
    static func legend(of schema: Schema, labels: Labels, strings: UIStrings) -> (kinds: [MustacheValue], states: [MustacheValue]) {
        let kinds: [MustacheValue] = schema.kinds.enumerated().map { index, kind in
            ["label": .string(labels.kindPlural(kind)), "kind": .int(index),
             "class": .string("graph-k\(index) graph-c\(index % GraphSVG.colours)")]
        }
        let states: [MustacheValue] = [
            ["label": .string(strings["graph.done"]), "kind": .null, "class": .string("graph-state graph-done")],
            ["label": .string(strings["graph.open"]), "kind": .null, "class": .string("graph-state graph-open")],
        ]
        return (kinds, states)
    }

    /// The fields of each link of a picture's text list, placed once.
    private static let pictureLinkKeys = MustacheKeys(["name", "url", "kind", "otherGame"])

    /// The SVG, legend and text list of the picture of `nodes` (node numbers of the graph).
    private func picture(of nodes: [Int], current: Int?, from path: String, layout: ForceLayout, id: String,
                         title: String, filterable: Bool) -> PageContext {
        let pageGame = Self.pageGame(path).map(String.init)
        // Each node's facts read where they are (`at`: their places in `facts`), not copied: a
        // node's facts hold ten strings, each copy of them ten shared counts to raise and lower.
        let (facts, at) = graphFacts.facts(of: nodes, graph: graph, site: site)
        var items: [GraphNode] = []
        items.reserveCapacity(nodes.count)
        for (position, node) in nodes.enumerated() {
            let place = at[position]
            let title = facts[place].ref.game == pageGame ? facts[place].title : facts[place].title + " · " + facts[place].gameTitle
            items.append(GraphNode(name: facts[place].name, title: title,
                                   url: node == current ? nil : RelativeURL.from(path, to: facts[place].path),
                                   kind: facts[place].kind, state: facts[place].state, isCurrent: node == current,
                                   label: facts[place].label, labelWidth: facts[place].labelWidth))
        }
        let edges = graph.edges(among: nodes)
        let seeds = at.map { facts[$0].seed }
        let pinned = current.flatMap { nodes.firstIndex(of: $0) }
        let points = layouts.map { memo in
            memo.positions(key: LayoutMemo.key(layout, seeds: seeds, edges: edges, pinned: pinned), count: seeds.count) {
                layout.positions(seeds: seeds, edges: edges, pinned: pinned)
            }
        } ?? layout.positions(seeds: seeds, edges: edges, pinned: pinned)
        let svg = GraphSVG(nodes: items, edges: edges, points: points, id: id, title: title, filterable: filterable).markupBytes()

        // The nodes read in place from here on: an element read in a closure was copied whole,
        // four strings counted up and down, to read one of its fields.
        let (legend, filters, listed, links) = items.withUnsafeBufferPointer { items in
            var shownKinds = [Bool](repeating: false, count: legendItems.kinds.count)
            for index in items.indices where shownKinds.indices.contains(items[index].kind) { shownKinds[items[index].kind] = true }
            var legend = shownKinds.indices.filter { shownKinds[$0] }.map { legendItems.kinds[$0] }
            let filters = legend
            if items.indices.contains(where: { items[$0].state != .none }) {
                legend.append(contentsOf: legendItems.states)
            }
            let listed = graphFacts.listOrder(nodes.indices.filter { items[$0].url != nil }, facts: facts, at: at)
            let links: [MustacheValue] = listed.map { position in
                let place = at[position]
                return .object(MustacheObject(keys: Self.pictureLinkKeys) {
                    $0.append(.string(facts[place].name))
                    $0.append(.string(items[position].url ?? ""))
                    $0.append(.string(facts[place].kindName))
                    $0.append(facts[place].ref.game == pageGame ? .null : .string(facts[place].gameTitle))
                })
            }
            return (legend, filters, listed, links)
        }
        return [
            "svg": .utf8(svg),
            "legend": .list(legend),
            "filters": .list(filters),
            "links": .list(links),
            "listLabel": .string(graphListText(listed.count)),
        ]
    }
}
