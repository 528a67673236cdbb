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
    /// The pull towards the centre: stronger keeps loose parts of a large graph near the rest.
    var gravity = 0.5
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
        let gravityX = gravity * k / (width + height), gravityY = gravityX * 1.6
        var temperature = (width + height) / 16
        let cooling = temperature / Double(iterations + 1)
        var dx = [Double](repeating: 0, count: count), dy = dx
        let minX = -width, maxX = 2 * width, minY = -height, maxY = 2 * height
        let grid = count > exactRepulsionLimit
        x.withUnsafeMutableBufferPointer { x in
            y.withUnsafeMutableBufferPointer { y in
                dx.withUnsafeMutableBufferPointer { dx in
                    dy.withUnsafeMutableBufferPointer { dy in
                        for _ in 0..<iterations {
                            for node in 0..<count { dx[node] = 0; dy[node] = 0 }
                            if grid {
                                Self.gridRepulsion(width: width, height: height, cell: 2 * k, kk: kk, x: x, y: y, dx: dx, dy: dy)
                            } else {
                                Self.exactRepulsion(count: count, kk: kk, x: x, y: y, dx: dx, dy: dy)
                            }
                            for (a, b) in edges where a != b {
                                let ox = x[a] - x[b], oy = y[a] - y[b]
                                let f = (ox * ox + oy * oy).squareRoot() / k
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
                    }
                }
            }
        }
        // A picture taller than wide is turned on its side (mirrored about the centre's diagonal):
        // names run across, and pages are wider than tall. The pinned node stays at the centre.
        if let spanX = x.max().map({ $0 - x.min()! }), let spanY = y.max().map({ $0 - y.min()! }), spanY > spanX {
            for node in 0..<count {
                (x[node], y[node]) = (centreX + (y[node] - centreY), centreY + (x[node] - centreX))
            }
        }
        return (0..<count).map { GraphPoint(x: x[$0], y: y[$0]) }
    }

    /// Pushes `a` and `b` apart with the force `kk / distance`.
    @inline(__always)
    private static func repel(_ a: Int, _ b: Int, kk: Double, x: UnsafeMutableBufferPointer<Double>, y: UnsafeMutableBufferPointer<Double>,
                              dx: UnsafeMutableBufferPointer<Double>, dy: UnsafeMutableBufferPointer<Double>) {
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

    /// Repulsion between every pair of nodes: for each node, the nodes after it, two at a time.
    /// The same sums as `repel` over every pair in order, term by term (IEEE 754 arithmetic is
    /// the same lane by lane), so the positions come out bit for bit the same; only the divisions
    /// of two pairs are done at once.
    private static func exactRepulsion(count: Int, kk: Double, x: UnsafeMutableBufferPointer<Double>, y: UnsafeMutableBufferPointer<Double>,
                                       dx: UnsafeMutableBufferPointer<Double>, dy: UnsafeMutableBufferPointer<Double>) {
        let kk2 = SIMD2<Double>(repeating: kk)
        for a in 0..<count {
            let ax = x[a], ay = y[a]
            // What `a` gathers from the nodes after it, added one pair at a time as `repel` does.
            var sumX = dx[a], sumY = dy[a]
            var b = a + 1
            while b + 1 < count {
                let ox = SIMD2(repeating: ax) - SIMD2(x[b], x[b + 1])
                let oy = SIMD2(repeating: ay) - SIMD2(y[b], y[b + 1])
                let d2 = ox * ox + oy * oy
                if d2[0] < 1e-6 || d2[1] < 1e-6 {
                    Self.repel(a, b, ax: ax, ay: ay, kk: kk, x: x, y: y, sumX: &sumX, sumY: &sumY, dx: dx, dy: dy)
                    Self.repel(a, b + 1, ax: ax, ay: ay, kk: kk, x: x, y: y, sumX: &sumX, sumY: &sumY, dx: dx, dy: dy)
                } else {
                    let f = kk2 / d2
                    let fx = ox * f, fy = oy * f
                    sumX += fx[0]; sumY += fy[0]
                    dx[b] -= fx[0]; dy[b] -= fy[0]
                    sumX += fx[1]; sumY += fy[1]
                    dx[b + 1] -= fx[1]; dy[b + 1] -= fy[1]
                }
                b += 2
            }
            if b < count {
                Self.repel(a, b, ax: ax, ay: ay, kk: kk, x: x, y: y, sumX: &sumX, sumY: &sumY, dx: dx, dy: dy)
            }
            dx[a] = sumX; dy[a] = sumY
        }
    }

    /// `repel(a, b, …)` with `a`'s position and push held by the caller (`a` < `b`).
    @inline(__always)
    private static func repel(_ a: Int, _ b: Int, ax: Double, ay: Double, kk: Double,
                              x: UnsafeMutableBufferPointer<Double>, y: UnsafeMutableBufferPointer<Double>,
                              sumX: inout Double, sumY: inout Double,
                              dx: UnsafeMutableBufferPointer<Double>, dy: UnsafeMutableBufferPointer<Double>) {
        var ox = ax - x[b], oy = ay - y[b]
        var d2 = ox * ox + oy * oy
        if d2 < 1e-6 {
            ox = 0.01
            oy = Double((a &+ b) % 3 - 1) * 0.01
            d2 = ox * ox + oy * oy
        }
        let f = kk / d2
        sumX += ox * f; sumY += oy * f
        dx[b] -= ox * f; dy[b] -= oy * f
    }

    /// Repulsion between every pair of nodes in the same or touching cells of a grid of `cell`
    /// squares whose distance is under `cell`, in a fixed order.
    private static func gridRepulsion(width: Double, height: Double, cell: Double, kk: Double,
                                      x: UnsafeMutableBufferPointer<Double>, y: UnsafeMutableBufferPointer<Double>,
                                      dx: UnsafeMutableBufferPointer<Double>, dy: UnsafeMutableBufferPointer<Double>) {
        // The frame and as much again on every side, where nodes may go.
        let originX = -width, originY = -height
        let columns = max(1, Int(3 * width / cell) + 1), rows = max(1, Int(3 * height / cell) + 1)
        var cells = [[Int]](repeating: [], count: columns * rows)
        for node in 0..<x.count {
            let column = min(columns - 1, max(0, Int((x[node] - originX) / cell)))
            let row = min(rows - 1, max(0, Int((y[node] - originY) / cell)))
            cells[row * columns + column].append(node)
        }
        let reach = cell * cell
        for r in 0..<rows {
            for c in 0..<columns {
                let here = cells[r * columns + c]
                guard !here.isEmpty else { continue }
                for (at, a) in here.enumerated() {
                    for b in here[(at + 1)...] {
                        let ox = x[a] - x[b], oy = y[a] - y[b]
                        if ox * ox + oy * oy < reach { repel(a, b, kk: kk, x: x, y: y, dx: dx, dy: dy) }
                    }
                }
                // The cells after this one among its eight neighbours, so each pair is seen once.
                for (nr, nc) in [(r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1)] where nr < rows && nc >= 0 && nc < columns {
                    for a in here {
                        for b in cells[nr * columns + nc] {
                            let ox = x[a] - x[b], oy = y[a] - y[b]
                            if ox * ox + oy * oy < reach { repel(a, b, kk: kk, x: x, y: y, dx: dx, dy: dy) }
                        }
                    }
                }
            }
        }
    }
}
