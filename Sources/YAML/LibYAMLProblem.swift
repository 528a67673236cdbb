/// The error state libyaml leaves in its parser, copied into Swift values.
///
/// Marks here are libyaml's own: 0-based line and column, and `index` counting Unicode scalars
/// after any byte order mark.
struct LibYAMLProblem: Sendable, Equatable {
    /// A raw libyaml position.
    struct RawMark: Sendable, Equatable {
        var index: Int
        var line: Int
        var column: Int
    }

    enum Kind: Sendable, Equatable {
        /// The input itself is not acceptable (control characters); only a byte offset is known.
        case reader(byteOffset: Int, value: Int)
        /// The scanner or parser rejected the syntax.
        case syntax
        case memory
    }

    var kind: Kind
    var problem: String
    var problemMark: RawMark
    var context: String?
    var contextMark: RawMark?
}
