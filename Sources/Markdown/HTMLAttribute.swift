/// An attribute of a start tag, as `HTMLTagScanner` reads it.
struct HTMLAttribute: Equatable {
    /// The name, ASCII letters lowercased.
    var name: String
    /// The value with character references decoded; empty for an attribute without one.
    var value: String
}
