/// A tag's name, split at its dots when the template compiles so that rendering never splits.
struct DottedName: Sendable {
    /// The parts between the dots; empty for the implicit iterator `.`.
    let components: [String]
    /// Where the tag naming it starts.
    let position: SourcePosition

    /// The name as written.
    var text: String {
        components.isEmpty ? "." : components.joined(separator: ".")
    }
}
