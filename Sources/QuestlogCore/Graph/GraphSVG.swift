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
        let radii = nodes.map { $0.isCurrent ? Self.currentRadius : Self.radius }
        let degrees = edges.reduce(into: [Int](repeating: 0, count: nodes.count)) { counts, edge in
            counts[edge.0] += 1
            counts[edge.1] += 1
        }
        let order = nodes.indices.sorted { a, b in
            if nodes[a].isCurrent != nodes[b].isCurrent { return nodes[a].isCurrent }
            return degrees[a] != degrees[b] ? degrees[a] > degrees[b] : a < b
        }
        let labels = GraphLabels.place(labels: nodes.map(\.label), widths: nodes.map(\.labelWidth), points: points,
                                       radii: radii, order: order)
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
        let width = Self.number(maxX - minX + 2 * Self.margin, roundingUp: true)
        let height = Self.number(maxY - minY + 2 * Self.margin, roundingUp: true)
        func x(_ value: Double) -> String { Self.number(value + offsetX) }
        func y(_ value: Double) -> String { Self.number(value + offsetY) }

        var out = ""
        out.reserveCapacity(600 + nodes.count * 220 + edges.count * 50)
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"graph-svg\" viewBox=\"0 0 \(width) \(height)\""
        out += " width=\"\(width)\" height=\"\(height)\" font-size=\"\(Self.number(GraphLabels.fontSize))\""
        out += " aria-labelledby=\"\(Self.escaped(id))\">\n"
        out += "<title id=\"\(Self.escaped(id))\">\(Self.escaped(title))</title>\n"
        out += "<g class=\"graph-edges\">\n"
        for (a, b) in edges {
            out += "<line"
            if filterable { out += " class=\"graph-ek\(nodes[a].kind) graph-ek\(nodes[b].kind)\"" }
            out += " x1=\"\(x(points[a].x))\" y1=\"\(y(points[a].y))\" x2=\"\(x(points[b].x))\" y2=\"\(y(points[b].y))\"/>\n"
        }
        out += "</g>\n<g class=\"graph-nodes\">\n"
        for (node, item) in nodes.enumerated() {
            var classes = "graph-node graph-k\(item.kind) graph-c\(item.kind % Self.colours)"
            switch item.state {
            case .none: break
            case .done: classes += " graph-done"
            case .open: classes += " graph-open"
            }
            if item.isCurrent { classes += " graph-current" }
            if let url = item.url {
                out += "<a class=\"\(classes)\" href=\"\(Self.escaped(url))\">"
            } else {
                out += "<g class=\"\(classes)\">"
            }
            out += "<title>\(Self.escaped(item.title))</title>"
            out += "<circle cx=\"\(x(points[node].x))\" cy=\"\(y(points[node].y))\" r=\"\(Self.number(radii[node]))\"/>"
            if let label = labels[node] {
                out += "<text x=\"\(x(label.x))\" y=\"\(y(label.y))\""
                if label.anchor != .start { out += " text-anchor=\"\(label.anchor.rawValue)\"" }
                out += ">\(Self.escaped(label.text))</text>"
            }
            out += item.url == nil ? "</g>\n" : "</a>\n"
        }
        out += "</g>\n</svg>"
        return out
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
        guard value.isFinite else { return "0" }
        let scaled = roundingUp ? (value * 10).rounded(.up) : (value * 10).rounded()
        let tenths = Int(max(-1e12, min(1e12, scaled)))
        if tenths == 0 { return "0" }
        let sign = tenths < 0 ? "-" : "", magnitude = abs(tenths)
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }
}
