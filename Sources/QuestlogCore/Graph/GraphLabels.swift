/// Where each node's name goes: beside, before, under or over the node, whichever first overlaps no
/// node and no name placed before it (the page's entry first, then the most connected), else the
/// one that overlaps least. Widths are estimated from the characters, as the build knows no fonts.
struct GraphLabels {
    struct Box: Equatable {
        var minX: Double, minY: Double, maxX: Double, maxY: Double

        func overlap(_ other: Box) -> Double {
            let w = min(maxX, other.maxX) - max(minX, other.minX), h = min(maxY, other.maxY) - max(minY, other.minY)
            return w > 0 && h > 0 ? w * h : 0
        }
    }

    enum Anchor: String {
        case start, end, middle
    }

    struct Label: Equatable {
        var text: String
        var x: Double
        var y: Double
        var anchor: Anchor
        var box: Box
    }

    static let fontSize = 12.0
    /// Names longer than this many characters are cut, with "…".
    static let maxLength = 22

    /// `name` cut to `maxLength` characters.
    static func truncated(_ name: String) -> String {
        // No more bytes than the limit: no more characters either, without counting them.
        name.utf8.count <= maxLength ? name : name.count > maxLength ? String(name.prefix(maxLength - 1)).trimmingTrailingSpaces() + "…" : name
    }

    /// The estimated width of `text` at `fontSize`: wide (East Asian) characters a full em, others
    /// a little over half.
    static func width(_ text: String) -> Double {
        var ems = 0.0
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: the same widths as below, added in the same order, by byte.
            for byte in text.utf8 { ems += asciiWidths[Int(byte)] }
            return ems * fontSize
        }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
                ems += 1
            case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F:
                continue
            case 0x20, 0x2E, 0x2C, 0x27, 0x69, 0x6C, 0x49, 0x6A, 0x74, 0x66, 0x72:
                ems += 0.33
            case 0x41...0x5A, 0x6D, 0x77:
                ems += 0.68
            default:
                ems += 0.56
            }
        }
        return ems * fontSize
    }

    /// The width in ems of each ASCII character, as `width` gives it.
    private static let asciiWidths: [Double] = (0..<128).map { byte -> Double in
        switch byte {
        case 0x20, 0x2E, 0x2C, 0x27, 0x69, 0x6C, 0x49, 0x6A, 0x74, 0x66, 0x72: 0.33
        case 0x41...0x5A, 0x6D, 0x77: 0.68
        default: 0.56
        }
    }

    /// The box of a name of width `width` placed by the `candidate`th way (beside, before, under,
    /// over) at a node at `p` of radius `r`.
    @inline(__always)
    private static func box(_ candidate: Int, at p: GraphPoint, radius r: Double, width w: Double, half: Double) -> Box {
        switch candidate {
        case 0: Box(minX: p.x + r + 2, minY: p.y - half, maxX: p.x + r + 4 + w, maxY: p.y + half)
        case 1: Box(minX: p.x - r - 4 - w, minY: p.y - half, maxX: p.x - r - 2, maxY: p.y + half)
        case 2: Box(minX: p.x - w / 2 - 1, minY: p.y + r + 1, maxX: p.x + w / 2 + 1, maxY: p.y + r + 3 + fontSize)
        default: Box(minX: p.x - w / 2 - 1, minY: p.y - r - 3 - fontSize, maxX: p.x + w / 2 + 1, maxY: p.y - r - 1)
        }
    }

    /// Labels (already cut) of nodes at `points` with radii `radii`, placed in `order` (node numbers).
    static func place(labels names: [String], widths: [Double]? = nil, points: [GraphPoint], radii: [Double], order: [Int]) -> [Label?] {
        let half = fontSize / 2 + 1
        let circles = points.indices.map { node in
            Box(minX: points[node].x - radii[node] - 1, minY: points[node].y - radii[node] - 1,
                maxX: points[node].x + radii[node] + 1, maxY: points[node].y + radii[node] + 1)
        }
        // Each slot set to nil in place: `Array(repeating:count:)` copied its value into each.
        var placed = [Label?](unsafeUninitializedCapacity: names.count) { slots, count in
            for index in 0..<names.count { (slots.baseAddress! + index).initialize(to: nil) }
            count = names.count
        }
        var boxes: [Box] = []
        boxes.reserveCapacity(order.count)
        for node in order {
            let w = widths?[node] ?? width(names[node]), p = points[node], r = radii[node]
            let baseline = fontSize * 0.35
            // Beside, before, under, over: the first that overlaps nothing, else the least overlapping
            // (the first of those). Only the chosen one is made a label.
            var best = 0, bestOverlap = Double.infinity
            for candidate in 0..<4 {
                let box = Self.box(candidate, at: p, radius: r, width: w, half: half)
                var overlap = 0.0
                for other in boxes { overlap += box.overlap(other) }
                for (other, circle) in circles.enumerated() where other != node { overlap += box.overlap(circle) }
                if overlap < bestOverlap { best = candidate; bestOverlap = overlap }
                if overlap == 0 { break }
            }
            let box = Self.box(best, at: p, radius: r, width: w, half: half)
            let label = switch best {
            case 0: Label(text: names[node], x: p.x + r + 3, y: p.y + baseline, anchor: .start, box: box)
            case 1: Label(text: names[node], x: p.x - r - 3, y: p.y + baseline, anchor: .end, box: box)
            case 2: Label(text: names[node], x: p.x, y: p.y + r + 2 + fontSize * 0.85, anchor: .middle, box: box)
            default: Label(text: names[node], x: p.x, y: p.y - r - 2 - fontSize * 0.25, anchor: .middle, box: box)
            }
            placed[node] = label
            boxes.append(box)
        }
        return placed
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
