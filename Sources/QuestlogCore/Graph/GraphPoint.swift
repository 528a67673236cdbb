/// A position in a picture of the graph, in SVG user units (x to the right, y down).
struct GraphPoint: Sendable, Equatable {
    var x: Double
    var y: Double
}
