@testable import QuestlogCore
import Testing
import TestSupport

/// The layout of the pictures of the graph: the same every time, finite, inside its bounds, and
/// with nodes apart.
struct ForceLayoutTests {
    static func seeds(_ count: Int) -> [UInt64] {
        (0..<count).map { FNV1a.hash("node-\($0)".utf8) }
    }

    /// A random graph of `count` nodes and about `count * density` edges.
    static func randomEdges(_ count: Int, density: Int, seed: UInt64) -> [(Int, Int)] {
        var random = SplitMix64(seed: seed)
        return (0..<(count * density)).map { _ in (Int(random.next() % UInt64(count)), Int(random.next() % UInt64(count))) }
    }

    static let layout = ForceLayout(width: 500, height: 300, iterations: 80)

    static func distance(_ a: GraphPoint, _ b: GraphPoint) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    @Test func theSameInputGivesTheSamePositionsOnAnyThread() {
        let edges = Self.randomEdges(24, density: 2, seed: 7)
        let first = Self.layout.positions(seeds: Self.seeds(24), edges: edges, pinned: 0)
        let again = Self.layout.positions(seeds: Self.seeds(24), edges: edges, pinned: 0)
        #expect(first == again)
        let onThreads = Parallel.map(Array(0..<16), jobs: 4) { _ in Self.layout.positions(seeds: Self.seeds(24), edges: edges, pinned: 0) }
        #expect(onThreads.allSatisfy { $0 == first })
        let large = ForceLayout(width: 1000, height: 600, iterations: 30)
        let bigEdges = Self.randomEdges(400, density: 2, seed: 8)
        let big = large.positions(seeds: Self.seeds(400), edges: bigEdges)
        #expect(Parallel.map(Array(0..<4), jobs: 4) { _ in large.positions(seeds: Self.seeds(400), edges: bigEdges) }.allSatisfy { $0 == big })
    }

    @Test func otherSeedsGiveAnotherPicture() {
        let edges = Self.randomEdges(12, density: 2, seed: 1)
        let other = (0..<12).map { FNV1a.hash("other-\($0)".utf8) }
        #expect(Self.layout.positions(seeds: Self.seeds(12), edges: edges) != Self.layout.positions(seeds: other, edges: edges))
    }

    @Test func everyPositionIsFiniteAndInBoundsEvenForDegenerateInput() {
        let cases: [(seeds: [UInt64], edges: [(Int, Int)])] = [
            ([], []),
            ([42], []),
            ([42, 42], [(0, 1)]),                                   // two nodes starting on one spot
            (Array(repeating: 9, count: 30), []),                   // thirty on one spot
            (Self.seeds(5), [(0, 0), (1, 1), (0, 1), (0, 1)]),      // loops and a repeated edge
            (Self.seeds(30), (0..<30).flatMap { a in (0..<30).map { (a, $0) } }), // every pair
            (Self.seeds(300), Self.randomEdges(300, density: 1, seed: 3)),        // the grid
            (Self.seeds(200), []),                                  // no edges at all, on the grid
        ]
        for (seeds, edges) in cases {
            let points = Self.layout.positions(seeds: seeds, edges: edges, pinned: seeds.isEmpty ? nil : 0)
            #expect(points.count == seeds.count)
            for point in points {
                #expect(point.x.isFinite && point.y.isFinite, "\(seeds.count) nodes")
                #expect(point.x >= -Self.layout.width && point.x <= 2 * Self.layout.width)
                #expect(point.y >= -Self.layout.height && point.y <= 2 * Self.layout.height)
            }
        }
    }

    @Test func nodesEndUpApart() {
        // The ideal distance of this frame for 20 nodes is about 78; none closer than a fifth of it.
        let edges = Self.randomEdges(20, density: 2, seed: 11)
        let points = Self.layout.positions(seeds: Self.seeds(20), edges: edges)
        let ideal = (Self.layout.width * Self.layout.height / 20).squareRoot()
        for a in points.indices {
            for b in points.indices where b > a {
                #expect(Self.distance(points[a], points[b]) > ideal / 5, "\(a) and \(b)")
            }
        }
        // Through the grid too: 400 nodes, none on top of another.
        let large = ForceLayout(width: 1200, height: 800, iterations: 60)
        let many = large.positions(seeds: Self.seeds(400), edges: Self.randomEdges(400, density: 1, seed: 12))
        var closest = Double.infinity
        for a in many.indices { for b in many.indices where b > a { closest = min(closest, Self.distance(many[a], many[b])) } }
        #expect(closest > 2, "closest pair \(closest)")
    }

    @Test func connectedNodesAreCloserThanUnconnectedOnes() {
        // Two triangles joined by one edge: within a triangle, nodes are nearer than across.
        let edges = [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3), (2, 3)]
        let points = Self.layout.positions(seeds: Self.seeds(6), edges: edges)
        let within = Self.distance(points[0], points[1])
        let across = Self.distance(points[0], points[5])
        #expect(within < across)
    }

    @Test func thePinnedNodeStaysInTheCentreAndPicturesComeOutWide() {
        let edges = (1..<10).map { (0, $0) } + [(9, 10), (10, 11), (11, 12), (12, 13)]
        let points = Self.layout.positions(seeds: Self.seeds(14), edges: edges, pinned: 0)
        #expect(points[0] == GraphPoint(x: 250, y: 150))
        let xs = points.map(\.x), ys = points.map(\.y)
        #expect(xs.max()! - xs.min()! >= ys.max()! - ys.min()!)
    }

    /// The layout as first written, with every pair pushed apart one at a time: the layout must
    /// give exactly these positions, bit for bit.
    static func reference(_ layout: ForceLayout, seeds: [UInt64], edges: [(Int, Int)], pinned: Int?) -> [GraphPoint] {
        let count = seeds.count
        let width = layout.width, height = layout.height
        let centreX = width / 2, centreY = height / 2
        guard count > 1 else { return Array(repeating: GraphPoint(x: centreX, y: centreY), count: count) }
        var x = [Double](repeating: 0, count: count), y = x
        for (node, seed) in seeds.enumerated() {
            let u = Double(seed >> 38) / Double(1 << 26), v = Double((seed >> 6) & ((1 << 26) - 1)) / Double(1 << 26)
            x[node] = centreX + (u - 0.5) * width * 0.6
            y[node] = centreY + (v - 0.5) * height * 0.6
        }
        if let pinned { x[pinned] = centreX; y[pinned] = centreY }
        let k = (width * height / Double(count)).squareRoot() * 0.9
        let kk = k * k
        let gravityX = layout.gravity * k / (width + height), gravityY = gravityX * 1.6
        var temperature = (width + height) / 16
        let cooling = temperature / Double(layout.iterations + 1)
        var dx = [Double](repeating: 0, count: count), dy = dx
        for _ in 0..<layout.iterations {
            for node in 0..<count { dx[node] = 0; dy[node] = 0 }
            for a in 0..<count {
                for b in (a + 1)..<count {
                    var ox = x[a] - x[b], oy = y[a] - y[b]
                    var d2 = ox * ox + oy * oy
                    if d2 < 1e-6 {
                        ox = a < b ? 0.01 : -0.01
                        oy = Double((a &+ b) % 3 - 1) * 0.01
                        d2 = ox * ox + oy * oy
                    }
                    let f = kk / d2
                    dx[a] += ox * f; dy[a] += oy * f
                    dx[b] -= ox * f; dy[b] -= oy * f
                }
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
                x[node] = min(2 * width, max(-width, x[node] + dx[node] * step))
                y[node] = min(2 * height, max(-height, y[node] + dy[node] * step))
            }
            if let pinned { x[pinned] = centreX; y[pinned] = centreY }
            temperature -= cooling
        }
        if let spanX = x.max().map({ $0 - x.min()! }), let spanY = y.max().map({ $0 - y.min()! }), spanY > spanX {
            for node in 0..<count {
                (x[node], y[node]) = (centreX + (y[node] - centreY), centreY + (x[node] - centreX))
            }
        }
        return (0..<count).map { GraphPoint(x: x[$0], y: y[$0]) }
    }

    @Test func pairsPushedApartTwoAtATimeGiveExactlyThePositionsOfOneAtATime() {
        let layout = ForceLayout(width: 400, height: 250, iterations: 60)
        for count in 0...40 {
            for (edges, pinned) in [([], nil), (Self.randomEdges(max(count, 1), density: 2, seed: UInt64(count)), 0)] as [([(Int, Int)], Int?)] {
                let edges = count == 0 ? [] : edges, pinned = count == 0 ? nil : pinned
                let points = layout.positions(seeds: Self.seeds(count), edges: edges, pinned: pinned)
                let expected = Self.reference(layout, seeds: Self.seeds(count), edges: edges, pinned: pinned)
                #expect(points.map { [$0.x.bitPattern, $0.y.bitPattern] } == expected.map { [$0.x.bitPattern, $0.y.bitPattern] },
                        "\(count) nodes")
            }
        }
        // Nodes starting on one spot, pushed apart along their fixed directions.
        let crowded = [UInt64](repeating: 9, count: 7) + Self.seeds(6) + [UInt64](repeating: 4, count: 4)
        #expect(layout.positions(seeds: crowded, edges: [(0, 1), (2, 9)], pinned: nil)
            == Self.reference(layout, seeds: crowded, edges: [(0, 1), (2, 9)], pinned: nil))
    }
}
