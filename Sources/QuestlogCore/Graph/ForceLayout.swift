/// A force-directed layout (Fruchterman–Reingold): connected nodes pull together, all nodes push
/// apart, a weak pull towards the centre keeps loose parts near the rest, and the steps shrink over a
/// fixed number of rounds. Deterministic: starting points come from each node's seed (a hash of its
/// id), each picture is computed on one thread in one fixed order, and only `+ - * /` and square
/// roots are used, which IEEE 754 rounds the same everywhere. Large pictures push apart only nodes
/// closer than twice the ideal distance, found through a grid, so a round costs about linear time.
/// The frame sets the ideal distance between nodes; nodes may leave it (up to its own size again on
/// every side, so no node is lost), as the picture is cut to what it holds afterwards.
struct ForceLayout: Sendable {
    var width: Double
    var height: Double
    var iterations: Int
    /// Above this many nodes, repulsion goes through the grid instead of every pair.
    var exactRepulsionLimit = 150

    /// Positions of `seeds.count` nodes joined by `edges` (pairs of node numbers), inside the frame;
    /// node `pinned`, when given, stays at the centre.
    func positions(seeds: [UInt64], edges: [(Int, Int)], pinned: Int? = nil) -> [GraphPoint] {
        let count = seeds.count
        let centreX = width / 2, centreY = height / 2
        guard count > 1 else { return Array(repeating: GraphPoint(x: centreX, y: centreY), count: count) }
        var x = [Double](repeating: 0, count: count), y = x
        for (node, seed) in seeds.enumerated() {
            // Two 26-bit fractions of the seed, spread over the middle of the frame.
            let u = Double(seed >> 38) / Double(1 << 26), v = Double((seed >> 6) & ((1 << 26) - 1)) / Double(1 << 26)
            x[node] = centreX + (u - 0.5) * width * 0.6
            y[node] = centreY + (v - 0.5) * height * 0.6
        }
        if let pinned { x[pinned] = centreX; y[pinned] = centreY }
        let k = (width * height / Double(count)).squareRoot() * 0.9
        let kk = k * k
        // Stronger upright than across: pictures come out wide, like the names in them.
        let gravityX = 0.5 * k / (width + height), gravityY = gravityX * 1.6
        var temperature = (width + height) / 16
        let cooling = temperature / Double(iterations + 1)
        var dx = [Double](repeating: 0, count: count), dy = dx
        let minX = -width, maxX = 2 * width, minY = -height, maxY = 2 * height

        func repel(_ a: Int, _ b: Int) {
            var ox = x[a] - x[b], oy = y[a] - y[b]
            var d2 = ox * ox + oy * oy
            if d2 < 1e-6 {
                // Two nodes on one spot: part them along a direction fixed by their numbers.
                ox = a < b ? 0.01 : -0.01
                oy = Double((a &+ b) % 3 - 1) * 0.01
                d2 = ox * ox + oy * oy
            }
            let f = kk / d2
            dx[a] += ox * f; dy[a] += oy * f
            dx[b] -= ox * f; dy[b] -= oy * f
        }

        for _ in 0..<iterations {
            for node in 0..<count { dx[node] = 0; dy[node] = 0 }
            if count <= exactRepulsionLimit {
                for a in 0..<count {
                    for b in (a + 1)..<count { repel(a, b) }
                }
            } else {
                gridRepulsion(count: count, x: x, y: y, cell: 2 * k, repel: repel)
            }
            for (a, b) in edges where a != b {
                let ox = x[a] - x[b], oy = y[a] - y[b]
                let d = (ox * ox + oy * oy).squareRoot()
                let f = d / k
                dx[a] -= ox * f; dy[a] -= oy * f
                dx[b] += ox * f; dy[b] += oy * f
            }
            for node in 0..<count {
                dx[node] -= (x[node] - centreX) * gravityX
                dy[node] -= (y[node] - centreY) * gravityY
                let length = (dx[node] * dx[node] + dy[node] * dy[node]).squareRoot()
                guard length > 0, length.isFinite else { continue }
                let step = min(length, temperature) / length
                x[node] = min(maxX, max(minX, x[node] + dx[node] * step))
                y[node] = min(maxY, max(minY, y[node] + dy[node] * step))
            }
            if let pinned { x[pinned] = centreX; y[pinned] = centreY }
            temperature -= cooling
        }
        // A picture taller than wide is turned on its side (x and y swapped, which is exact): names
        // run across, and pages are wider than tall.
        if let spanX = x.max().map({ $0 - x.min()! }), let spanY = y.max().map({ $0 - y.min()! }), spanY > spanX {
            swap(&x, &y)
        }
        return (0..<count).map { GraphPoint(x: x[$0], y: y[$0]) }
    }

    /// Calls `repel` once for every pair of nodes in the same or touching cells of a grid of `cell`
    /// squares whose distance is under `cell`, in a fixed order.
    private func gridRepulsion(count: Int, x: [Double], y: [Double], cell: Double, repel: (Int, Int) -> Void) {
        let columns = max(1, Int(width / cell) + 1), rows = max(1, Int(height / cell) + 1)
        var cells = [[Int]](repeating: [], count: columns * rows)
        func column(_ node: Int) -> Int { min(columns - 1, max(0, Int(x[node] / cell))) }
        func row(_ node: Int) -> Int { min(rows - 1, max(0, Int(y[node] / cell))) }
        for node in 0..<count { cells[row(node) * columns + column(node)].append(node) }
        let reach = cell * cell
        func near(_ a: Int, _ b: Int) -> Bool {
            let ox = x[a] - x[b], oy = y[a] - y[b]
            return ox * ox + oy * oy < reach
        }
        for r in 0..<rows {
            for c in 0..<columns {
                let here = cells[r * columns + c]
                for (at, a) in here.enumerated() {
                    for b in here[(at + 1)...] where near(a, b) { repel(a, b) }
                }
                // The cells after this one among its eight neighbours, so each pair is seen once.
                for (nr, nc) in [(r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1)] where nr < rows && nc >= 0 && nc < columns {
                    for a in here {
                        for b in cells[nr * columns + nc] where near(a, b) { repel(a, b) }
                    }
                }
            }
        }
    }
}
