/// A 1-based line and column in a template's source; columns count Unicode scalars.
struct SourcePosition: Sendable, Equatable {
    let line: Int
    let column: Int
}
