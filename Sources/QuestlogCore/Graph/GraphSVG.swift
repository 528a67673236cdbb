/// A picture of the graph as inline SVG for an HTML page: lines for the connections, a circle and
/// a name for each node, the names being links (`<a href>`) to the entries' pages, each with its
/// full name in a `<title>`. The picture is named by its own `<title>` (`aria-labelledby`) and
/// keeps the SVG's own role (a graphics document): not `role="img"`, whose children assistive
/// technology would not reach, so the links would be lost to it. Colours
/// come from the theme's classes: `graph-c<n>` (the kind's colour), `graph-k<n>` (the kind, for
/// filters), `graph-done`, `graph-open`, `graph-current`. Coordinates are written with one decimal.
struct GraphSVG {
    var nodes: [GraphNode]
    /// Connections as pairs of positions in `nodes`.
    var edges: [(Int, Int)]
    /// Where each node is, as the layout left it.
    var points: [GraphPoint]
    /// The `id` of the picture's `<title>`, unique in the page.
    var id: String
    /// The picture's accessible name.
    var title: String
    /// Whether connections carry their ends' kinds as classes (`graph-ek<n>`), for a kind filter.
    var filterable = false

    static let radius = 6.0
    static let currentRadius = 9.0
    static let margin = 4.0

    /// The SVG element.
    func markup() -> String {
        String(decoding: markupBytes(), as: UTF8.self)
    }

    /// The SVG element as UTF-8 bytes, what a page takes (`MustacheValue.utf8`): no string made
    /// of them and checked again.
    func markupBytes() -> [UInt8] {
        // Each node's fields read in place: a node copied is four strings counted up and down.
        var radii: [Double] = [], current: [Bool] = [], names: [String] = [], widths: [Double] = []
        radii.reserveCapacity(nodes.count); current.reserveCapacity(nodes.count)
        names.reserveCapacity(nodes.count); widths.reserveCapacity(nodes.count)
        for node in nodes.indices {
            radii.append(nodes[node].isCurrent ? Self.currentRadius : Self.radius)
            current.append(nodes[node].isCurrent)
            names.append(nodes[node].label)
            widths.append(nodes[node].labelWidth)
        }
        let degrees = edges.reduce(into: [Int](repeating: 0, count: nodes.count)) { counts, edge in
            counts[edge.0] += 1
            counts[edge.1] += 1
        }
        let order = Self.labelOrder(current: current, degrees: degrees)
        let labels = GraphLabels.place(labels: names, widths: widths, points: points, radii: radii, order: order)
        // The frame: everything drawn, plus a margin.
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (node, point) in points.enumerated() {
            minX = min(minX, point.x - radii[node]); maxX = max(maxX, point.x + radii[node])
            minY = min(minY, point.y - radii[node]); maxY = max(maxY, point.y + radii[node])
            if let box = labels[node]?.box {
                minX = min(minX, box.minX); maxX = max(maxX, box.maxX)
                minY = min(minY, box.minY); maxY = max(maxY, box.maxY)
            }
        }
        if points.isEmpty { minX = 0; minY = 0; maxX = 0; maxY = 0 }
        let offsetX = Self.margin - minX, offsetY = Self.margin - minY
        // Written as bytes: a picture has a few hundred numbers and names, and string
        // interpolation costs far more than the copying.
        var out = SVGBytes(capacity: 600 + nodes.count * 220 + edges.count * 50)
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"graph-svg\" viewBox=\"0 0 ")
        out.number(maxX - minX + 2 * Self.margin, roundingUp: true)
        out.append(" ")
        out.number(maxY - minY + 2 * Self.margin, roundingUp: true)
        out.append("\" width=\"")
        out.number(maxX - minX + 2 * Self.margin, roundingUp: true)
        out.append("\" height=\"")
        out.number(maxY - minY + 2 * Self.margin, roundingUp: true)
        out.append("\" font-size=\"")
        out.number(GraphLabels.fontSize)
        out.append("\" aria-labelledby=\"")
        out.escaped(id)
        out.append("\">\n<title id=\"")
        out.escaped(id)
        out.append("\">")
        out.escaped(title)
        out.append("</title>\n<g class=\"graph-edges\">\n")
        for (a, b) in edges {
            out.append("<line")
            if filterable {
                out.append(" class=\"graph-ek")
                out.integer(nodes[a].kind)
                out.append(" graph-ek")
                out.integer(nodes[b].kind)
                out.append("\"")
            }
            out.append(" x1=\"")
            out.number(points[a].x + offsetX)
            out.append("\" y1=\"")
            out.number(points[a].y + offsetY)
            out.append("\" x2=\"")
            out.number(points[b].x + offsetX)
            out.append("\" y2=\"")
            out.number(points[b].y + offsetY)
            out.append("\"/>\n")
        }
        out.append("</g>\n<g class=\"graph-nodes\">\n")
        for node in nodes.indices {
            // Each field read in place: a node copied is four strings' counts raised and lowered.
            out.append(nodes[node].url == nil ? "<g class=\"graph-node graph-k" : "<a class=\"graph-node graph-k")
            out.integer(nodes[node].kind)
            out.append(" graph-c")
            out.integer(nodes[node].kind % Self.colours)
            switch nodes[node].state {
            case .none: break
            case .done: out.append(" graph-done")
            case .open: out.append(" graph-open")
            }
            if nodes[node].isCurrent { out.append(" graph-current") }
            if let url = nodes[node].url {
                out.append("\" href=\"")
                out.escaped(url)
            }
            out.append("\"><title>")
            out.escaped(nodes[node].title)
            out.append("</title><circle cx=\"")
            out.number(points[node].x + offsetX)
            out.append("\" cy=\"")
            out.number(points[node].y + offsetY)
            out.append("\" r=\"")
            out.number(radii[node])
            out.append("\"/>")
            if let label = labels[node] {
                out.append("<text x=\"")
                out.number(label.x + offsetX)
                out.append("\" y=\"")
                out.number(label.y + offsetY)
                out.append("\"")
                switch label.anchor {
                case .start: break
                case .end: out.append(" text-anchor=\"end\"")
                case .middle: out.append(" text-anchor=\"middle\"")
                }
                out.append(">")
                out.escaped(label.text)
                out.append("</text>")
            }
            out.append(nodes[node].url == nil ? "</g>\n" : "</a>\n")
        }
        out.append("</g>\n</svg>")
        return out.bytes
    }

    /// The order names are placed in: the current node first, then the most connected, then by
    /// position. Sorted as one number a node (its rank in the high bits, its position in the low),
    /// not through a comparison that read two nodes at each step.
    static func labelOrder(current: [Bool], degrees: [Int]) -> [Int] {
        precondition(current.count == degrees.count && current.count < 1 << 30)
        var keys = [Int](repeating: 0, count: current.count)
        for node in keys.indices {
            // Fewer connections sort later; no node has 2^30 of them.
            let rank = (current[node] ? 0 : 1) << 61 | ((1 << 30) - 1 - min(degrees[node], (1 << 30) - 1)) << 30
            keys[node] = rank | node
        }
        keys.sort()
        for index in keys.indices { keys[index] &= (1 << 30) - 1 }
        return keys
    }

    /// `text` safe inside SVG content or a double-quoted attribute (`XMLText`), returned as it is
    /// when it holds nothing to escape, as most names do.
    static func escaped(_ text: String) -> String {
        var plain = true
        for byte in text.utf8 where byte < 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == 0xEF {
            plain = false
            break
        }
        return plain ? text : XMLText.attribute(text)
    }

    /// How many colours the theme's palette has; kinds past it reuse them in turn.
    static let colours = 8

    /// `value` with at most one decimal, without a trailing `.0`, never `-0`; with `roundingUp`,
    /// the next tenth up (a frame that holds everything).
    static func number(_ value: Double, roundingUp: Bool = false) -> String {
        var out = SVGBytes(capacity: 16)
        out.number(value, roundingUp: roundingUp)
        return out.string()
    }

    /// `value` in tenths, as `number` writes it.
    ///
    /// Rounded from the whole part and the rest (`nearestInt`), which are exact below 2^52: the C
    /// library's rounding was a call for each of the hundreds of numbers of a picture. Clamping
    /// first is the same as clamping the rounded value, the bounds being whole.
    static func tenths(_ value: Double, roundingUp: Bool) -> Int {
        guard value.isFinite else { return 0 }
        let scaled = max(-1e12, min(1e12, value * 10))
        guard roundingUp else { return scaled.nearestInt }
        let whole = Int(scaled)
        return scaled - Double(whole) > 0 ? whole + 1 : whole
    }
}

/// The bytes of an SVG picture as they are written: into a buffer of its own, grown by doubling,
/// not an array (each append to an array checked its uniqueness and capacity apart, and copied
/// through a call: most pieces of a picture are a few bytes long).
struct SVGBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0

    init(capacity: Int) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes written.
    var bytes: [UInt8] {
        [UInt8](UnsafeBufferPointer(start: base, count: count))
    }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    @inline(__always)
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Markup written in the code. A literal is a `StaticString` here, its bytes copied as they
    /// are; through a `String` each took about five times the instructions.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    mutating func append(string text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// `text` escaped as `GraphSVG.escaped` does.
    mutating func escaped(_ text: String) {
        var text = text
        let plain = text.withUTF8 { utf8 in
            // Eight bytes at a time, then a bit test a byte: most names have nothing to escape and
            // are copied whole.
            var index = 0
            if let start = utf8.baseAddress {
                while index + 8 <= utf8.count {
                    if Self.hasEscape(UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)) { return false }
                    index += 8
                }
            }
            let low = Self.lowEscapes
            while index < utf8.count {
                let byte = utf8[index]
                if byte < 0x40 ? low >> byte & 1 != 0 : byte == 0xEF { return false }
                index += 1
            }
            append(utf8)
            return true
        }
        if !plain { append(string: XMLText.attribute(text)) }
    }

    /// Whether one of the eight bytes of `word` is one `escaped` does not copy as it is
    /// (`lowEscapes`, 0xEF).
    @inline(__always)
    private static func hasEscape(_ word: UInt64) -> Bool {
        ByteWord.below(word, 0x20) | ByteWord.equal(word, 0x22) | ByteWord.equal(word, 0x26) | ByteWord.equal(word, 0x3C)
            | ByteWord.equal(word, 0x3E) | ByteWord.equal(word, 0xEF) != 0
    }

    /// The bytes below 0x40 `escaped` does not copy as they are, as bits: controls and `& < > "`
    /// (0xEF, which starts the noncharacters and the byte order mark `XMLText` deals with, too).
    private static let lowEscapes: UInt64 = 0x5000_0044_FFFF_FFFF

    /// A whole number in decimal.
    mutating func integer(_ value: Int) {
        reserve(21)
        if value < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        digits(value.magnitude)
    }

    /// The digits of `value`, with room for 20 bytes reserved.
    @inline(__always)
    private mutating func digits(_ value: UInt) {
        let zero = UInt8(ascii: "0")
        let at = base + count
        // Most numbers of a picture (coordinates) have one to four digits: written in order.
        if value < 10 {
            at[0] = zero &+ UInt8(truncatingIfNeeded: value)
            count += 1
        } else if value < 100 {
            at[0] = zero &+ UInt8(truncatingIfNeeded: value / 10)
            at[1] = zero &+ UInt8(truncatingIfNeeded: value % 10)
            count += 2
        } else if value < 1_000 {
            at[0] = zero &+ UInt8(truncatingIfNeeded: value / 100)
            at[1] = zero &+ UInt8(truncatingIfNeeded: value / 10 % 10)
            at[2] = zero &+ UInt8(truncatingIfNeeded: value % 10)
            count += 3
        } else {
            var length = 4
            var rest = value / 10_000
            while rest > 0 {
                length += 1
                rest /= 10
            }
            rest = value
            for index in stride(from: length - 1, through: 0, by: -1) {
                at[index] = zero &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            count += length
        }
    }

    /// `value` as `GraphSVG.number` gives it: at most one decimal, no trailing `.0`, never `-0`.
    mutating func number(_ value: Double, roundingUp: Bool = false) {
        // Sign, up to 13 digits, a point and a decimal: room made once.
        reserve(24)
        let tenths = GraphSVG.tenths(value, roundingUp: roundingUp)
        if tenths == 0 {
            base[count] = UInt8(ascii: "0")
            count += 1
            return
        }
        if tenths < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        let magnitude = tenths.magnitude
        digits(magnitude / 10)
        let decimal = magnitude % 10
        if decimal != 0 {
            base[count] = UInt8(ascii: ".")
            base[count + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: decimal)
            count += 2
        }
    }

    func string() -> String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }
}
