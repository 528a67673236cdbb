/// What a picture of the graph shows of one entry, whatever the page: worked out once per build
/// and language, since every entry appears in the pictures of many pages.
struct GraphNodeFacts: Sendable {
    var ref: EntryRef
    /// The name lists show (`displayName`).
    var name: String
    /// The name as drawn, cut, and its estimated width.
    var label: String
    var labelWidth: Double
    /// The tooltip: name, kind and progress state ("Margit · Boss · Defeated").
    var title: String
    /// The kind's position in the schema.
    var kind: Int
    var kindName: String
    var state: GraphNode.State
    var path: String
    var gameTitle: String
    /// Where the layout starts the node: a hash of its id, the same on every run.
    var seed: UInt64
    /// The node's place in the lists under the pictures: by kind, then name, then reference.
    var listRank = 0

    /// The facts of every node of `graph`, in node order.
    static func table(_ graph: RelationGraph, site: Site, labels: Labels) -> [GraphNodeFacts] {
        let kindOrder = Dictionary(uniqueKeysWithValues: site.schema.kinds.enumerated().map { ($1.id, $0) })
        let gameTitles = Dictionary(site.games.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        var facts = graph.refs.map { ref in
            let entry = site.entry(ref)
            let kindIndex = kindOrder[ref.kind] ?? 0
            let kind = site.schema.kinds[kindIndex]
            let name = entry?.displayName ?? ref.id
            var state = GraphNode.State.none
            var parts = [name, labels.kindName(kind)]
            if let field = kind.fields.first(where: { $0.progress && $0.type == .bool }) {
                let done = entry?.bool(field.name) ?? false
                state = done ? .done : .open
                parts.append(labels.state(field, of: kind, done: done))
            }
            let label = GraphLabels.truncated(name)
            return GraphNodeFacts(ref: ref, name: name, label: label, labelWidth: GraphLabels.width(label),
                                  title: parts.joined(separator: " · "), kind: kindIndex, kindName: labels.kindName(kind),
                                  state: state, path: entry?.path ?? "", gameTitle: gameTitles[ref.game] ?? ref.game,
                                  seed: FNV1a.hash(ref.description.utf8))
        }
        // Ranked once here, so that each page's list sorts by number rather than by comparing names.
        let order = facts.indices.sorted { a, b in
            let fa = facts[a], fb = facts[b]
            if fa.kind != fb.kind { return fa.kind < fb.kind }
            if fa.name != fb.name { return fa.name < fb.name }
            return fa.ref < fb.ref
        }
        for (rank, node) in order.enumerated() { facts[node].listRank = rank }
        return facts
    }
}
