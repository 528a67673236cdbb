import Mustache

/// The pictures of the graph: each entry's neighbourhood on its page, and a game's whole graph on
/// `<game>/graph.html`.
extension PageBuilder {
    /// Rounds of the layout of an entry's picture, and of a game's.
    static let neighbourhoodIterations = 80
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
        return .object(MustacheObject(context))
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
        let layout = ForceLayout(width: max(320, side * 1.6), height: max(200, side), iterations: Self.gameIterations)
        var picture = picture(of: nodes, current: nil, from: path, layout: layout, id: "ql-graph-title",
                              title: strings.format("graph.game_label", ["game": game.title]), filterable: true)
        picture["heading"] = .string(heading)
        picture["capped"] = nodes.count < total
            ? .string(strings.format("graph.capped", ["shown": String(nodes.count), "total": String(total)])) : .null
        context["graph"] = .object(MustacheObject(picture))
        return Page(path: path, template: "graph", context: .object(MustacheObject(context)))
    }

    /// The SVG, legend and text list of the picture of `nodes` (node numbers of the graph).
    private func picture(of nodes: [Int], current: Int?, from path: String, layout: ForceLayout, id: String,
                         title: String, filterable: Bool) -> [String: MustacheValue] {
        let kindOrder = Dictionary(uniqueKeysWithValues: site.schema.kinds.enumerated().map { ($1.id, $0) })
        var items: [GraphNode] = []
        var entries: [Entry] = []
        var kept: [Int] = []
        for node in nodes {
            let ref = graph.refs[node]
            guard let entry = site.entry(ref), let kind = site.schema.kind(id: ref.kind) else { continue }
            var state = GraphNode.State.none
            var parts = [entry.displayName, labels.kindName(kind)]
            if let field = kind.fields.first(where: { $0.progress && $0.type == .bool }) {
                state = entry.bool(field.name) ? .done : .open
                parts.append(labels.state(field, of: kind, done: entry.bool(field.name)))
            }
            if ref.game != path.split(separator: "/").first.map(String.init), let other = site.game(id: ref.game) {
                parts.append(other.title)
            }
            items.append(GraphNode(name: entry.displayName, title: parts.joined(separator: " · "),
                                   url: node == current ? nil : RelativeURL.from(path, to: entry.path),
                                   kind: kindOrder[ref.kind] ?? 0, state: state, isCurrent: node == current))
            entries.append(entry)
            kept.append(node)
        }
        let edges = graph.edges(among: kept)
        let seeds = kept.map { FNV1a.hash(graph.refs[$0].description.utf8) }
        let points = layout.positions(seeds: seeds, edges: edges, pinned: current.flatMap { kept.firstIndex(of: $0) })
        let svg = GraphSVG(nodes: items, edges: edges, points: points, id: id, title: title, filterable: filterable).markup()

        let shownKinds = Set(items.map(\.kind))
        var legend: [MustacheValue] = site.schema.kinds.enumerated().compactMap { index, kind in
            guard shownKinds.contains(index) else { return nil }
            return ["label": .string(labels.kindPlural(kind)), "kind": .int(index),
                    "class": .string("graph-k\(index) graph-c\(index % GraphSVG.colours)")]
        }
        let filters = legend
        if items.contains(where: { $0.state != .none }) {
            legend.append(["label": .string(strings["graph.done"]), "kind": .null, "class": .string("graph-state graph-done")])
            legend.append(["label": .string(strings["graph.open"]), "kind": .null, "class": .string("graph-state graph-open")])
        }
        let listed = entries.enumerated().filter { items[$0.offset].url != nil }
            .sorted { a, b in
                let ka = kindOrder[a.element.kind] ?? 0, kb = kindOrder[b.element.kind] ?? 0
                if ka != kb { return ka < kb }
                if a.element.displayName != b.element.displayName { return a.element.displayName < b.element.displayName }
                return a.element.ref < b.element.ref
            }
        return [
            "svg": .string(svg),
            "legend": .list(legend),
            "filters": .list(filters),
            "links": .list(listed.compactMap { link($0.element.ref, from: path) }),
            "listLabel": .string(strings.format("graph.list", ["count": String(listed.count)])),
        ]
    }
}
