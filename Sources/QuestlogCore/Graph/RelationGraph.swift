import Immortal

/// Every entry of the site and who is connected to whom, without direction: an entry and the
/// entries its reference fields name, and an entry and the entries whose notes link to it (so both
/// the references an entry makes and those made to it, front matter and notes alike). The game pages'
/// own links are not part of it. Built once per build; the pictures of the graph read it.
struct RelationGraph: Sendable {
    /// Every entry, sorted: the node numbers are positions in this list.
    let refs: [EntryRef]
    /// The neighbours of each node, ascending, without the node itself.
    let neighbours: [[Int]]
    /// The games two of whose entries are connected.
    let connectedGames: Set<String>
    private let index: [EntryRef: Int]

    /// The node of the entry `ref`, if it is one.
    func node(of ref: EntryRef) -> Int? {
        index[ref]
    }

    init(site: Site) {
        var refs: [EntryRef] = []
        for game in site.games {
            for kind in site.schema.kinds {
                let entries = game.entries(of: kind.id)
                refs.reserveCapacity(refs.count + entries.count)
                for entry in entries { refs.append(entry.ref) }
            }
        }
        refs.sort()
        var index: [EntryRef: Int] = [:]
        index.reserveCapacity(refs.count)
        for (number, ref) in refs.enumerated() { index[ref] = number }
        // Each connection noted once, both its ends counted, and then each node's list made at
        // its size: no list grows again and again.
        var ends: [Int] = []
        var degrees = [Int](repeating: 0, count: refs.count)
        func connect(_ a: Int, _ target: EntryRef) {
            guard let b = index[target], b != a else { return }
            ends.append(a)
            ends.append(b)
            degrees[a] += 1
            degrees[b] += 1
        }
        for game in site.games {
            for entries in game.entries.values {
                for entry in entries {
                    guard let node = index[entry.ref] else { continue }
                    for value in entry.fields.values {
                        switch value {
                        case let .ref(target): connect(node, target)
                        case let .refs(targets): for target in targets { connect(node, target) }
                        default: continue
                        }
                    }
                    for source in entry.mentions where source.kind != "game" { connect(node, source) }
                }
            }
        }
        var links = degrees.map { degree -> [Int] in
            var list: [Int] = []
            list.reserveCapacity(degree)
            return list
        }
        for pair in stride(from: 0, to: ends.count, by: 2) {
            links[ends[pair]].append(ends[pair + 1])
            links[ends[pair + 1]].append(ends[pair])
        }
        // Each list ascending, each neighbour once, sorted where it stands.
        for node in links.indices where links[node].count > 1 {
            links[node].sort()
            var kept = 1
            for position in 1..<links[node].count where links[node][position] != links[node][kept - 1] {
                links[node][kept] = links[node][position]
                kept += 1
            }
            links[node].removeSubrange(kept...)
        }
        neighbours = links
        connectedGames = Self.connectedGames(refs: refs, neighbours: links)
        self.refs = refs
        self.index = index
    }

    func node(_ ref: EntryRef) -> Int? {
        index[ref]
    }

    /// A change of the connections of one entry: those it gains and those it loses.
    struct Relink: Sendable, Equatable {
        var ref: EntryRef
        var added: [EntryRef]
        var removed: [EntryRef]
    }

    /// This graph with the connections of `relinks` made and unmade, as a graph of the site they
    /// leave would have them (the entries are the same).
    func relinking(_ relinks: [Relink]) -> RelationGraph {
        var neighbours = self.neighbours
        func insert(_ node: Int, into other: Int) {
            var list = neighbours[other]
            var low = 0, high = list.count
            while low < high {
                let middle = (low + high) / 2
                if list[middle] < node { low = middle + 1 } else { high = middle }
            }
            guard low == list.count || list[low] != node else { return }
            list.insert(node, at: low)
            neighbours[other] = list
        }
        for relink in relinks {
            guard let node = index[relink.ref] else { continue }
            for ref in relink.removed {
                guard let other = index[ref], other != node else { continue }
                neighbours[node].removeAll { $0 == other }
                neighbours[other].removeAll { $0 == node }
            }
            for ref in relink.added {
                guard let other = index[ref], other != node else { continue }
                insert(other, into: node)
                insert(node, into: other)
            }
        }
        return RelationGraph(refs: refs, neighbours: neighbours, index: index)
    }

    private init(refs: [EntryRef], neighbours: [[Int]], index: [EntryRef: Int]) {
        self.refs = refs
        self.neighbours = neighbours
        self.index = index
        connectedGames = Self.connectedGames(refs: refs, neighbours: neighbours)
    }

    /// The games two of whose entries are connected.
    private static func connectedGames(refs: [EntryRef], neighbours: [[Int]]) -> Set<String> {
        var connectedGames: Set<String> = []
        for (node, list) in neighbours.enumerated() where list.contains(where: { refs[$0].game == refs[node].game }) {
            connectedGames.insert(refs[node].game)
        }
        return connectedGames
    }

    func degree(_ node: Int) -> Int {
        neighbours[node].count
    }

    /// Whether `a` and `b` are connected.
    func connected(_ a: Int, _ b: Int) -> Bool {
        let list = neighbours[a]
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < b { low = middle + 1 } else { high = middle }
        }
        return low < list.count && list[low] == b
    }

    /// The connections among `nodes`, as pairs of positions in `nodes` (lower first), in order.
    func edges(among nodes: [Int]) -> [(Int, Int)] {
        // The nodes by number, walked alongside each node's (ascending) neighbours: the same
        // pairs in the same order as looking each neighbour up, without hashing.
        let byNumber = nodes.indices.sorted { nodes[$0] < nodes[$1] }
        var edges: [(Int, Int)] = []
        for (at, node) in nodes.enumerated() {
            let list = neighbours[node]
            if list.count > 8 * byNumber.count {
                // A node of many neighbours (the page's entry, often): look each of the few
                // nodes up in its list instead, in the same ascending order.
                for other in byNumber where other > at && connected(node, nodes[other]) { edges.append((at, other)) }
                continue
            }
            var next = 0, other = 0
            while next < list.count, other < byNumber.count {
                let wanted = list[next], candidate = nodes[byNumber[other]]
                if wanted < candidate {
                    next += 1
                } else if candidate < wanted {
                    other += 1
                } else {
                    if byNumber[other] > at { edges.append((at, byNumber[other])) }
                    next += 1
                    other += 1
                }
            }
        }
        return edges
    }
}

extension RelationGraph {
    /// Makes the objects of this graph immortal (`Immortal`).
    func makeImmortal() {
        Immortal.refs(refs)
        Immortal.array(neighbours)
        for list in neighbours { Immortal.array(list) }
        Immortal.set(connectedGames)
        for game in connectedGames { Immortal.string(game) }
        Immortal.dictionary(index)
    }
}
