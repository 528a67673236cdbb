/// Which entries a picture of the graph shows: bounded, nearest and most connected first, ties by id.
extension RelationGraph {
    /// The most nodes an entry's picture shows, the entry included.
    static let neighbourhoodLimit = 16
    /// An entry with fewer direct neighbours than this also shows its neighbours' neighbours.
    static let twoStepsBelow = 4
    /// The most nodes a game's picture shows.
    static let gameLimit = 300

    /// The nodes of the picture of `center`'s neighbourhood, `center` first, then its neighbours,
    /// then (when it has fewer than `twoStepsBelow`) the entries two steps away, until
    /// `neighbourhoodLimit`. Neighbours beyond the limit are dropped least connected first;
    /// entries two steps away come most linked to the picture first, then most connected. Empty
    /// when the entry has no neighbours.
    func neighbourhood(of center: Int, limit: Int = neighbourhoodLimit, twoStepsBelow: Int = twoStepsBelow) -> [Int] {
        let direct = neighbours[center]
        guard !direct.isEmpty, limit > 1 else { return [] }
        let byConnections = { (a: Int, b: Int) -> Bool in
            self.degree(a) != self.degree(b) ? self.degree(a) > self.degree(b) : a < b
        }
        if direct.count >= limit {
            return [center] + direct.sorted(by: byConnections).prefix(limit - 1).sorted()
        }
        var chosen = [center] + direct
        guard direct.count < twoStepsBelow else { return chosen }
        let shown = Set(chosen)
        var links: [Int: Int] = [:]
        for node in direct {
            for other in neighbours[node] where !shown.contains(other) { links[other, default: 0] += 1 }
        }
        // Most links into the picture, then most connections, then the first id.
        let ranked = links.map { (node: $0.key, links: $0.value, degree: degree($0.key)) }.sorted { a, b in
            if a.links != b.links { return a.links > b.links }
            return a.degree != b.degree ? a.degree > b.degree : a.node < b.node
        }
        chosen += ranked.prefix(limit - chosen.count).map(\.node).sorted()
        return chosen
    }

    /// The nodes of a game's picture: its entries, all of them up to `limit`, else the `limit` most
    /// connected; in node order.
    func gameNodes(_ game: String, limit: Int = gameLimit) -> (nodes: [Int], total: Int) {
        let all = refs.indices.filter { refs[$0].game == game }
        guard all.count > limit else { return (all, all.count) }
        let kept = all.sorted { a, b in degree(a) != degree(b) ? degree(a) > degree(b) : a < b }.prefix(limit)
        return (kept.sorted(), all.count)
    }
}
