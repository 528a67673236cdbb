/// A tag's name, split at its dots when the template compiles so that rendering never splits.
struct DottedName: Sendable {
    /// The parts between the dots, as a range of the template's lookup keys; empty for the
    /// implicit iterator `.`.
    let keys: Range<Int>
    /// Where the tag naming it starts.
    let position: SourcePosition
}
