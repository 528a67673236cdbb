/// One use of a field that the entry's kind does not declare, collected so that each kind and field
/// is reported once for the whole site.
struct UnknownField: Sendable, Equatable {
    var kind: Kind
    var name: String
    var location: SourceLocation
}
