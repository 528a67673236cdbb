@testable import QuestlogCore
import TestSupport
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

    @Test func tenthsRoundAsTheLibraryDoes() {
        // The reference: the C library's rounding, then the clamp.
        func reference(_ value: Double, roundingUp: Bool) -> Int {
            guard value.isFinite else { return 0 }
            let scaled = roundingUp ? (value * 10).rounded(.up) : (value * 10).rounded()
            return Int(max(-1e12, min(1e12, scaled)))
        }
        var generator = SplitMix64(seed: 0x7E47)
        var values: [Double] = [0, -0.0, 0.05, -0.05, 0.15, -0.15, 0.25, -0.25, 1e11 + 0.05, -1e11 - 0.05, 1e12, -1e12, 2e12, -2e12,
                                .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
                                .nan, .infinity, -.infinity, 4.5e15, -4.5e15, 9.007199254740993e15]
        for _ in 0..<20_000 {
            // Halves and near halves, whole numbers, and values of every size.
            let whole = Double(Int.random(in: -100_000...100_000, using: &generator))
            values.append((whole + 0.5) / 10)
            values.append(whole / 10)
            values.append((whole + 0.5).nextUp / 10)
            values.append((whole + 0.5).nextDown / 10)
            values.append(Double.random(in: -1...1, using: &generator) * Double(sign: .plus, exponent: Int.random(in: -30...48, using: &generator), significand: 1))
        }
        for value in values {
            for roundingUp in [false, true] {
                #expect(GraphSVG.tenths(value, roundingUp: roundingUp) == reference(value, roundingUp: roundingUp), "\(value) \(roundingUp)")
            }
        }
    }

    @Test func namesArePlacedCurrentFirstThenByConnections() {
        var generator = SplitMix64(seed: 0x0D3E)
        for _ in 0..<500 {
            let count = Int.random(in: 0...40, using: &generator)
            let current = (0..<count).map { _ in Int.random(in: 0..<8, using: &generator) == 0 }
            let degrees = (0..<count).map { _ in Int.random(in: 0...6, using: &generator) }
            let expected = Array(0..<count).sorted { a, b in
                if current[a] != current[b] { return current[a] }
                return degrees[a] != degrees[b] ? degrees[a] > degrees[b] : a < b
            }
            #expect(GraphSVG.labelOrder(current: current, degrees: degrees) == expected)
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
    @Test func bytesEscapeWhatTheStringFormEscapes() {
        // Every ASCII character alone and between others, and the non-ASCII that starts with the
        // byte the writer watches for (U+FEFF, U+FFFE) or not (CJK, Vietnamese).
        var texts = (0..<128).flatMap { code -> [String] in
            let character = String(UnicodeScalar(UInt8(code)))
            return [character, "a\(character)b"]
        }
        texts += ["\u{FEFF}name", "na\u{FFFE}me", "酒主箭", "Lan Đăng", "", "plain name", "a\"b<c>d&e"]
        // Long names, read eight bytes at a time: each character at each place of a word and of
        // the bytes after the last whole word, among plain ASCII or other scripts.
        for code in 0..<128 {
            let character = String(UnicodeScalar(UInt8(code)))
            for place in [0, 3, 7, 8, 12, 15, 16, 18] {
                texts.append(String(repeating: "a", count: place) + character + String(repeating: "b", count: 18 - place))
            }
            texts.append("龍王廟 Đăng" + character + "酒主箭 प्रकाश")
        }
        texts += ["A long name with nothing to escape", "龍王廟の騎士と酒主箭のLan Đăng", "Lan Đăng\u{FEFF} and more words", "twelve bytes\u{FFFE}"]
        for text in texts {
            var out = SVGBytes(capacity: 4)
            out.escaped(text)
            #expect(out.string() == GraphSVG.escaped(text), "\(Array(text.utf8))")
        }
    }

    @Test func wholeNumbersOfAnyLength() {
        for value in [0, 7, -7, 42, 999, 1_000, 9_999, 10_000, -123_456_789, Int.max, Int.min] {
            var out = SVGBytes(capacity: 1)
            out.integer(value)
            #expect(out.string() == String(value))
        }
    }

    @Test func namesArePlacedAsTheFirstLeastOverlappingOfFourPlaces() {
        // A reference of the rule, kept plain: every candidate made, the first least overlapping taken.
        func reference(_ names: [String], _ points: [GraphPoint], _ radii: [Double], _ order: [Int]) -> [GraphLabels.Label?] {
            let size = GraphLabels.fontSize, half = size / 2 + 1
            let circles = points.indices.map { GraphLabels.Box(minX: points[$0].x - radii[$0] - 1, minY: points[$0].y - radii[$0] - 1,
                                                               maxX: points[$0].x + radii[$0] + 1, maxY: points[$0].y + radii[$0] + 1) }
            var placed = [GraphLabels.Label?](repeating: nil, count: names.count)
            var boxes: [GraphLabels.Box] = []
            for node in order {
                let w = GraphLabels.width(names[node]), p = points[node], r = radii[node]
                let candidates = [
                    GraphLabels.Label(text: names[node], x: p.x + r + 3, y: p.y + size * 0.35, anchor: .start,
                                      box: .init(minX: p.x + r + 2, minY: p.y - half, maxX: p.x + r + 4 + w, maxY: p.y + half)),
                    GraphLabels.Label(text: names[node], x: p.x - r - 3, y: p.y + size * 0.35, anchor: .end,
                                      box: .init(minX: p.x - r - 4 - w, minY: p.y - half, maxX: p.x - r - 2, maxY: p.y + half)),
                    GraphLabels.Label(text: names[node], x: p.x, y: p.y + r + 2 + size * 0.85, anchor: .middle,
                                      box: .init(minX: p.x - w / 2 - 1, minY: p.y + r + 1, maxX: p.x + w / 2 + 1, maxY: p.y + r + 3 + size)),
                    GraphLabels.Label(text: names[node], x: p.x, y: p.y - r - 2 - size * 0.25, anchor: .middle,
                                      box: .init(minX: p.x - w / 2 - 1, minY: p.y - r - 3 - size, maxX: p.x + w / 2 + 1, maxY: p.y - r - 1)),
                ]
                var best = candidates[0], bestOverlap = Double.infinity
                for candidate in candidates {
                    let overlap = boxes.reduce(0) { $0 + candidate.box.overlap($1) }
                        + circles.indices.filter { $0 != node }.reduce(0) { $0 + candidate.box.overlap(circles[$1]) }
                    if overlap < bestOverlap { best = candidate; bestOverlap = overlap }
                    if overlap == 0 { break }
                }
                placed[node] = best
                boxes.append(best.box)
            }
            return placed
        }
        var generator = SplitMix64(seed: 11)
        var anchors: Set<String> = []
        for _ in 0..<200 {
            let count = Int.random(in: 1...14, using: &generator)
            let points = (0..<count).map { _ in GraphPoint(x: Double.random(in: 0...160, using: &generator), y: Double.random(in: 0...90, using: &generator)) }
            let radii = (0..<count).map { $0 == 0 ? 9.0 : 6.0 }
            let names = (0..<count).map { "Node \($0) " + String(repeating: "w", count: Int.random(in: 0...12, using: &generator)) }
            let order = Array(0..<count).shuffled(using: &generator)
            let placed = GraphLabels.place(labels: names, points: points, radii: radii, order: order)
            #expect(placed == reference(names, points, radii, order))
            for label in placed { if let label { anchors.insert(label.anchor.rawValue) } }
        }
        #expect(anchors == ["start", "end", "middle"], "crowded pictures use every kind of place")
    }
}
