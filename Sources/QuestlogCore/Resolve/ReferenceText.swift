/// A reference as written in a field, before it is resolved.
struct ReferenceText: Sendable {
    var text: String
    var location: SourceLocation
}
