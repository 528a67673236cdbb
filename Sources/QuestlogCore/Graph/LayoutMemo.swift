import Foundation

/// The graph layouts of earlier builds, for the next build to reuse instead of computing them
/// again. `ForceLayout.positions` is a function of its frame, its rounds, its seeds, its edges and
/// its pinned node alone, so positions are kept by a hash of exactly those: a picture whose nodes,
/// edges and frame are unchanged gets the positions it had, and any change computes them afresh.
///
/// Kept beside the notes memo (`BuildMemo`): in memory by `serve`, in `.questlog/layouts` by `build`.
public final class LayoutMemo: @unchecked Sendable {
    private let lock = NSLock()
    /// Layouts of the last render (or the file), and those this render used or made.
    private var previous: [UInt64: [GraphPoint]] = [:]
    private var used: [UInt64: [GraphPoint]] = [:]
    private var made = 0
    /// Whether the last render used other layouts than the memo held, so the file is worth writing.
    private(set) var changed = false
    /// How many layouts the last render took from the memo.
    private(set) var reusedCount = 0

    public init() {}

    /// The key of a layout: everything `positions` reads.
    static func key(_ layout: ForceLayout, seeds: [UInt64], edges: [(Int, Int)], pinned: Int?) -> UInt64 {
        var words: [UInt64] = [layout.width.bitPattern, layout.height.bitPattern, UInt64(layout.iterations),
                               layout.gravity.bitPattern, UInt64(layout.exactRepulsionLimit),
                               pinned.map { UInt64($0) } ?? UInt64.max, UInt64(seeds.count), UInt64(edges.count)]
        words.reserveCapacity(words.count + seeds.count + edges.count)
        words += seeds
        for (a, b) in edges { words.append(UInt64(a) << 32 | UInt64(UInt32(truncatingIfNeeded: b))) }
        return words.withUnsafeBytes { ContentHash.hash($0) }
    }

    /// The positions of this layout: the memo's, or `make()`'s, kept for the next render either way.
    func positions(key: UInt64, count: Int, make: () -> [GraphPoint]) -> [GraphPoint] {
        let kept = lock.withLock { () -> [GraphPoint]? in
            // A layout is a function of its key alone: one made since the last render ended is as good.
            guard let points = previous[key] ?? used[key], points.count == count else { return nil }
            used[key] = points
            return points
        }
        if let kept { return kept }
        let points = make()
        lock.withLock {
            used[key] = points
            made += 1
        }
        return points
    }

    /// Ends a render: the memo keeps exactly the layouts it used.
    func finishRender() {
        lock.withLock {
            changed = made > 0 || used.count != previous.count
            reusedCount = used.count - made
            previous = used
            used = [:]
            made = 0
        }
    }

    /// How many layouts the memo holds.
    var count: Int {
        lock.withLock { previous.count }
    }

    // MARK: The file

    static let header = "questlog-layouts 1"

    func bytes(identity: String) -> [UInt8] {
        let all = lock.withLock { previous }
        return MemoFile.seal(header: Self.header, identity: identity) { writer in
            writer.integer(UInt64(all.count))
            for key in all.keys.sorted() {
                writer.integer(key)
                writer.integer(all[key]!.count)
                for point in all[key]! {
                    writer.integer(point.x.bitPattern)
                    writer.integer(point.y.bitPattern)
                }
            }
        }
    }

    /// Reads a layouts file; nil when it is not a whole one of this format and binary.
    convenience init?(parsing bytes: [UInt8], identity: String) {
        guard var reader = MemoFile.open(bytes, header: Self.header, identity: identity),
              let count = reader.integer(), count <= UInt64(reader.end - reader.offset) else { return nil }
        var layouts: [UInt64: [GraphPoint]] = [:]
        layouts.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let key = reader.integer(), let points = reader.int(), points >= 0, points <= (reader.end - reader.offset) / 16 else { return nil }
            var positions: [GraphPoint] = []
            positions.reserveCapacity(points)
            for _ in 0..<points {
                guard let x = reader.integer(), let y = reader.integer() else { return nil }
                positions.append(GraphPoint(x: Double(bitPattern: x), y: Double(bitPattern: y)))
            }
            layouts[key] = positions
        }
        guard reader.offset == reader.end else { return nil }
        self.init()
        previous = layouts
    }
}
