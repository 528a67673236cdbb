import Immortal

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

    /// What the facts of a site's nodes are worked out from, once per build and language.
    struct Context: Sendable {
        var kindOrder: [String: Int]
        var gameTitles: [String: String]
        var kinds: [(name: String, field: FieldDefinition?, states: (done: String, open: String)?)]

        init(site: Site, labels: Labels) {
            kindOrder = Dictionary(uniqueKeysWithValues: site.schema.kinds.enumerated().map { ($1.id, $0) })
            gameTitles = Dictionary(site.games.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
            // What depends on the kind only, once per kind: its name, and its progress field's states.
            kinds = site.schema.kinds.map { kind in
                let field = kind.fields.first(where: { $0.progress && $0.type == .bool })
                return (name: labels.kindName(kind), field: field,
                        states: field.map { (done: labels.state($0, of: kind, done: true), open: labels.state($0, of: kind, done: false)) })
            }
        }

        /// The facts of the node of `ref` (its `listRank` left at 0).
        func facts(of ref: EntryRef, in site: Site) -> GraphNodeFacts {
            let kindIndex = kindOrder[ref.kind] ?? 0
            let kind = kinds[kindIndex]
            let entry = site.withEntry(ref) { entry in
                (name: entry.displayName, path: entry.path, done: kind.field.map { entry.bool($0.name) } ?? false)
            }
            let name = entry?.name ?? ref.id
            var state = GraphNode.State.none
            var title = name + " · " + kind.name
            if kind.field != nil, let states = kind.states {
                let done = entry?.done ?? false
                state = done ? .done : .open
                title += " · " + (done ? states.done : states.open)
            }
            let label = GraphLabels.truncated(name)
            return GraphNodeFacts(ref: ref, name: name, label: label, labelWidth: GraphLabels.width(label),
                                  title: title, kind: kindIndex, kindName: kind.name,
                                  state: state, path: entry?.path ?? "", gameTitle: gameTitles[ref.game] ?? ref.game,
                                  seed: FNV1a.hash(ref.description.utf8))
        }
    }

    /// `table` after the entries of `refs` took other field values: their facts worked out again,
    /// every node keeping its place in the lists, unless `ranking` (some took other names), when
    /// the lists' places are worked out again.
    static func patching(_ table: [GraphNodeFacts], refs: [EntryRef], graph: RelationGraph, site: Site, labels: Labels,
                         ranking: Bool = false) -> [GraphNodeFacts] {
        let context = Context(site: site, labels: labels)
        var table = table
        for ref in refs {
            guard let node = graph.node(of: ref) else { continue }
            let rank = table[node].listRank
            table[node] = context.facts(of: ref, in: site)
            table[node].listRank = rank
        }
        if ranking {
            if refs.count == 1, let node = graph.node(of: refs[0]) {
                rank(node, in: &table, graph: graph)
            } else {
                rank(&table, graph: graph)
            }
        }
        return table
    }

    /// Whether node `a` comes before node `b` in the lists under the pictures: by kind, then name,
    /// then reference.
    private static func precedes(_ a: Int, _ b: Int, in facts: [GraphNodeFacts], graph: RelationGraph) -> Bool {
        if facts[a].kind != facts[b].kind { return facts[a].kind < facts[b].kind }
        if facts[a].name != facts[b].name { return facts[a].name < facts[b].name }
        return graph.refs[a] < graph.refs[b]
    }

    /// Gives each node its place in the lists under the pictures, in `precedes` order. Names in
    /// canonical composition (NFC; nearly all are) are compared by their bytes, which orders them
    /// as string comparison does without normalizing both at every comparison of the sort; the
    /// others as strings.
    private static func rank(_ facts: inout [GraphNodeFacts], graph: RelationGraph) {
        let kinds = facts.map(\.kind)
        let names = facts.map { SortName($0.name) }
        let order = facts.indices.sorted { a, b in
            if kinds[a] != kinds[b] { return kinds[a] < kinds[b] }
            if let precedes = names[a].precedes(names[b]) { return precedes }
            return graph.refs[a] < graph.refs[b]
        }
        for (rank, node) in order.enumerated() { facts[node].listRank = rank }
    }

    /// A name with its bytes, when it is in canonical composition.
    struct SortName {
        var text: String
        /// The UTF-8, when it is the text's NFC form (two such texts are equal only when their
        /// bytes are, and order as their bytes do); nil otherwise.
        var composed: [UInt8]?

        init(_ text: String) {
            self.text = text
            let bytes = Array(text.utf8)
            if bytes.allSatisfy({ $0 < 0x80 }) {
                composed = bytes
            } else {
                var normalized: [UInt8] = []
                normalized.reserveCapacity(bytes.count)
                text._withNFCCodeUnits { normalized.append($0) }
                composed = normalized == bytes ? bytes : nil
            }
        }

        /// Whether this name sorts before `other`, as `<` has it; nil when they are equal.
        func precedes(_ other: SortName) -> Bool? {
            if let mine = composed, let theirs = other.composed {
                return mine == theirs ? nil : mine.lexicographicallyPrecedes(theirs)
            }
            return text == other.text ? nil : text < other.text
        }
    }

    /// Gives `node` its place in the lists under the pictures, the others ranked already and keeping
    /// their order: it is taken out of its old place and put where the nodes before it end.
    private static func rank(_ node: Int, in facts: inout [GraphNodeFacts], graph: RelationGraph) {
        let old = facts[node].listRank
        var new = 0
        for other in facts.indices where other != node && precedes(other, node, in: facts, graph: graph) { new += 1 }
        for other in facts.indices where other != node {
            var rank = facts[other].listRank
            if rank > old { rank -= 1 }
            if rank >= new { rank += 1 }
            facts[other].listRank = rank
        }
        facts[node].listRank = new
    }

    /// Whether node `a` comes before node `b` in the lists under the pictures, their facts given:
    /// the order `rank` gives every node, for a list whose facts were worked out alone (`Source`).
    static func listed(_ a: GraphNodeFacts, before b: GraphNodeFacts) -> Bool {
        if a.kind != b.kind { return a.kind < b.kind }
        if let precedes = SortName(a.name).precedes(SortName(b.name)) { return precedes }
        return a.ref < b.ref
    }

    /// Where a builder takes the facts of a node: a table of every node, worked out once for a build
    /// that makes many pages, or each node's worked out when a picture shows it, for one that makes
    /// few (after an edit of notes, one page): the facts and the lists' order are the same either way.
    enum Source: Sendable {
        case table([GraphNodeFacts])
        case each(Context)

        /// The facts of `nodes` of `graph`, and where each node's are in them (`at`): from a table,
        /// the table itself, which nothing is copied from.
        func facts(of nodes: [Int], graph: RelationGraph, site: Site) -> (facts: [GraphNodeFacts], at: [Int]) {
            switch self {
            case let .table(table): (table, nodes)
            case let .each(context): (nodes.map { context.facts(of: graph.refs[$0], in: site) }, Array(nodes.indices))
            }
        }

        /// The positions of a picture's nodes, whose facts are `facts[at[position]]`, in the lists' order.
        func listOrder(_ positions: [Int], facts: [GraphNodeFacts], at: [Int]) -> [Int] {
            switch self {
            case .table: positions.sorted { facts[at[$0]].listRank < facts[at[$1]].listRank }
            case .each: positions.sorted { GraphNodeFacts.listed(facts[at[$0]], before: facts[at[$1]]) }
            }
        }

        /// This source for `site` after the entries of `refs` took other field values (`patching`).
        func patching(refs: [EntryRef], graph: RelationGraph, site: Site, labels: Labels, ranking: Bool) -> Source {
            switch self {
            case let .table(table): .table(GraphNodeFacts.patching(table, refs: refs, graph: graph, site: site, labels: labels, ranking: ranking))
            case .each: .each(Context(site: site, labels: labels))
            }
        }

        /// This kind of source in the language of `labels`.
        func speaking(_ labels: Labels, graph: RelationGraph, site: Site, jobs: Int) -> Source {
            switch self {
            case .table: .table(GraphNodeFacts.table(graph, site: site, labels: labels, jobs: jobs))
            case .each: .each(Context(site: site, labels: labels))
            }
        }
    }

    /// The facts of every node of `graph`, in node order.
    static func table(_ graph: RelationGraph, site: Site, labels: Labels, jobs: Int = 1) -> [GraphNodeFacts] {
        let context = Context(site: site, labels: labels)
        var facts = Parallel.map(graph.refs, jobs: jobs) { ref in context.facts(of: ref, in: site) }
        // Ranked once here, so that each page's list sorts by number rather than by comparing names.
        rank(&facts, graph: graph)
        return facts
    }
}

extension GraphNodeFacts {
    /// Makes the objects of these facts immortal (`Immortal`).
    func makeImmortal() {
        Immortal.ref(ref)
        Immortal.string(name)
        Immortal.string(label)
        Immortal.string(title)
        Immortal.string(kindName)
        Immortal.string(path)
        Immortal.string(gameTitle)
    }
}
