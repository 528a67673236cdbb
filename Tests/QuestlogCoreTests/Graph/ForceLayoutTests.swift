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
}
