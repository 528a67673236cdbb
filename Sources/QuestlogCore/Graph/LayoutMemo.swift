import Foundation

/// The graph layouts of earlier builds, for the next build to reuse instead of computing them
/// again. `ForceLayout.positions` is a function of its frame, its rounds, its seeds, its edges and
/// its pinned node alone, so positions are kept by a hash of exactly those: a picture whose nodes,
/// edges and frame are unchanged gets the positions it had, and any change computes them afresh.
///
/// Kept beside the notes memo (`BuildMemo`): in memory by `serve`, in `.questlog/layouts` by `build`.
public final class LayoutMemo: Sendable {
    private let layouts: RunMemo<UInt64, [GraphPoint]>

    /// Whether the last render used other layouts than the memo held, so the file is worth writing.
    var changed: Bool { layouts.changed }
    /// How many layouts the last render took from the memo.
    var reusedCount: Int { layouts.reusedCount }

    public convenience init() {
        self.init(layouts: [:])
    }

    private init(layouts: [UInt64: [GraphPoint]]) {
        self.layouts = RunMemo(layouts)
    }

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
        layouts.value(for: key, accepts: { $0.count == count }, make: make)
    }

    /// Ends a render: the memo keeps exactly the layouts it used.
    func finishRender() {
        layouts.finishRun()
    }

    /// How many layouts the memo holds.
    var count: Int {
        layouts.count
    }

    // MARK: The file

    static let header = "questlog-layouts 1"

    func bytes(identity: String) -> [UInt8] {
        let all = layouts.values
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
        self.init(layouts: layouts)
    }
}
