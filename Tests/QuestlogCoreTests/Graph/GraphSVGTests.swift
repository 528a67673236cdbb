@testable import QuestlogCore
import Testing

/// The SVG of a picture of the graph: names escaped, links as written, a named group, a frame that
/// holds everything, names that do not overlap in a small picture.
struct GraphSVGTests {
    static let hostile = #"<script>alert("x") & 'y'</script>"#

    static func svg(names: [String] = ["Margit", hostile, "Stormveil Castle"], url: String = "../npcs/a&b.html") -> String {
        let nodes = names.enumerated().map { index, name in
            GraphNode(name: name, title: name + " · NPC", url: index == 0 ? nil : url, kind: index, state: index == 2 ? .open : .done,
                      isCurrent: index == 0)
        }
        let points = [GraphPoint(x: 100, y: 100), GraphPoint(x: 180, y: 60), GraphPoint(x: 20, y: 150)].prefix(names.count)
        return GraphSVG(nodes: nodes, edges: [(0, 1), (0, 2)].filter { $0.1 < names.count }, points: Array(points), id: "ql-graph-title",
                        title: "Connections of " + names[0] + " & co").markup()
    }

    @Test func namesAndTitlesAreEscaped() {
        let svg = Self.svg()
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("alert(\"x\")"))
        #expect(svg.contains("<title>&lt;script&gt;alert(&quot;x&quot;) &amp; 'y'&lt;/script&gt; · NPC</title>"))
        #expect(svg.contains("Connections of Margit &amp; co</title>"))
    }

    @Test func linksAreRealAnchorsExceptThePagesOwnEntry() {
        let svg = Self.svg()
        #expect(svg.components(separatedBy: "<a ").count - 1 == 2)
        #expect(svg.contains("href=\"../npcs/a&amp;b.html\""))
        #expect(svg.contains("<g class=\"graph-node graph-k0 graph-c0 graph-done graph-current\"><title>Margit · NPC</title>"))
        #expect(svg.contains("<a class=\"graph-node graph-k2 graph-c2 graph-open\" href="))
        #expect(svg.contains("<a class=\"graph-node graph-k1 graph-c1 graph-done\" href="))
    }

    @Test func thePictureIsNamedByItsTitleAndKeepsItsLinksReachable() throws {
        let svg = Self.svg()
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains(" aria-labelledby=\"ql-graph-title\">\n<title id=\"ql-graph-title\">"))
        #expect(!svg.contains("role="), "role=img would hide the links from assistive technology")
        #expect(svg.hasSuffix("</svg>"))
    }

    @Test func longNamesAreCutWithTheWholeNameInTheTooltip() {
        let long = "Sir Gideon Ofnir, the All-Knowing"
        let svg = Self.svg(names: ["Margit", long])
        #expect(svg.contains("<title>\(long) · NPC</title>"))
        #expect(svg.contains(">Sir Gideon Ofnir, the…</text>"))
        #expect(GraphLabels.truncated(long).count == GraphLabels.maxLength)
        #expect(GraphLabels.truncated("Short") == "Short")
    }

    /// Every number of an attribute `name` in `svg`.
    static func values(_ name: String, in svg: String) -> [Double] {
        svg.components(separatedBy: " \(name)=\"").dropFirst().compactMap { Double($0.prefix { $0 != "\"" }) }
    }

    @Test func theViewBoxHoldsEveryNodeAndName() throws {
        let svg = Self.svg()
        let width = try #require(Self.values("width", in: svg).first), height = try #require(Self.values("height", in: svg).first)
        #expect(svg.contains("viewBox=\"0 0 \(GraphSVG.number(width)) \(GraphSVG.number(height))\""))
        let xs = Self.values("cx", in: svg), ys = Self.values("cy", in: svg), radii = Self.values("r", in: svg)
        #expect(xs.count == 3 && ys.count == 3 && radii.count == 3)
        for (x, (y, r)) in zip(xs, zip(ys, radii)) {
            #expect(x - r >= 0 && x + r <= width && y - r >= 0 && y + r <= height)
        }
        for x in Self.values("x", in: svg) { #expect(x >= 0 && x <= width) }
        for y in Self.values("y", in: svg) { #expect(y >= 0 && y <= height) }
        #expect(Self.values("x1", in: svg).allSatisfy { $0 >= 0 && $0 <= width })
    }

    @Test func numbersHaveOneDecimalAndNoNegativeZero() {
        #expect(GraphSVG.number(12) == "12")
        #expect(GraphSVG.number(3.14159) == "3.1")
        #expect(GraphSVG.number(-0.04) == "0")
        #expect(GraphSVG.number(-1.26) == "-1.3")
        #expect(GraphSVG.number(0.96) == "1")
        #expect(GraphSVG.number(10.01, roundingUp: true) == "10.1")
        #expect(GraphSVG.number(.nan) == "0")
        // As first written, with string interpolation, over a spread of values.
        func interpolated(_ value: Double, roundingUp: Bool) -> String {
            guard value.isFinite else { return "0" }
            let scaled = roundingUp ? (value * 10).rounded(.up) : (value * 10).rounded()
            let tenths = Int(max(-1e12, min(1e12, scaled)))
            if tenths == 0 { return "0" }
            let sign = tenths < 0 ? "-" : "", magnitude = abs(tenths)
            return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
        }
        var value = -2_000.0
        while value < 2_000 {
            for roundingUp in [false, true] {
                #expect(GraphSVG.number(value, roundingUp: roundingUp) == interpolated(value, roundingUp: roundingUp), "\(value)")
            }
            value += 7.37
        }
        // Where the whole part gains a digit.
        for edge in [9.94, 9.96, 99.9, 99.96, 100, 999.9, 999.96, 1_000, 9_999.9, 9_999.96, 10_000, 12_345.6, 99_999.96, 1_000_000] {
            for value in [edge, -edge] {
                #expect(GraphSVG.number(value) == interpolated(value, roundingUp: false), "\(value)")
                #expect(GraphSVG.number(value, roundingUp: true) == interpolated(value, roundingUp: true), "\(value)")
            }
        }
        for extreme in [1e15, -1e15, 1e11, 0.05, -0.05, 0.049, 9.95, -9.95, .infinity] {
            #expect(GraphSVG.number(extreme) == interpolated(extreme, roundingUp: false))
        }
    }

    @Test func aFilterablePictureMarksEachConnectionWithItsKinds() {
        let nodes = [GraphNode(name: "A", title: "A", url: "a.html", kind: 0), GraphNode(name: "B", title: "B", url: "b.html", kind: 9)]
        let svg = GraphSVG(nodes: nodes, edges: [(0, 1)], points: [GraphPoint(x: 0, y: 0), GraphPoint(x: 50, y: 0)],
                           id: "t", title: "T", filterable: true).markup()
        #expect(svg.contains("<line class=\"graph-ek0 graph-ek9\""))
        #expect(svg.contains("graph-k9 graph-c1"), "kinds past the palette reuse its colours")
    }

    @Test func namesOfASmallPictureDoNotOverlap() {
        // A star of eight around a centre, names as long as the limit allows.
        var points = [GraphPoint(x: 0, y: 0)]
        let ring: [(Double, Double)] = [(1, 0), (0.7, 0.7), (0, 1), (-0.7, 0.7), (-1, 0), (-0.7, -0.7), (0, -1), (0.7, -0.7)]
        points += ring.map { GraphPoint(x: $0.0 * 120, y: $0.1 * 80) }
        let names = (0..<9).map { "Entry number \($0) of nine" }
        let labels = GraphLabels.place(labels: names, points: points, radii: Array(repeating: 6, count: 9), order: Array(0..<9))
        let boxes = labels.compactMap { $0?.box }
        #expect(boxes.count == 9)
        for a in boxes.indices {
            for b in boxes.indices where b > a { #expect(boxes[a].overlap(boxes[b]) == 0, "\(names[a]) and \(names[b])") }
        }
    }

    @Test func wideCharactersCountAsWide() {
        #expect(GraphLabels.width("龍王廟") > GraphLabels.width("abc") * 1.5)
        #expect(GraphLabels.width("") == 0)
    }

    @Test func bytesGrowPastTheirFirstRoom() {
        var out = SVGBytes(capacity: 1)
        var expected = ""
        for number in 0..<2_000 {
            out.append("<t x=\"")
            out.number(Double(number) / 10 - 50)
            out.append("\">")
            out.escaped("Mưa & <Tâm> \(number)")
            expected += "<t x=\"\(GraphSVG.number(Double(number) / 10 - 50))\">Mưa &amp; &lt;Tâm&gt; \(number)"
        }
        #expect(out.string() == expected)
        #expect(out.bytes == Array(expected.utf8))
    }
}
