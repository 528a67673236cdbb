/// A position in a file of the site: the path relative to the site root, 1-based line and column.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int = 1, column: Int = 1) {
        self.path = path
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.path != rhs.path { return lhs.path.utf8Precedes(rhs.path) }
        return (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(path):\(line):\(column)" }
}
