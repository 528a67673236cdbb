/// A YAML syntax or structure error at a position of the file.
public struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var mark: Mark

    public init(_ message: String, at mark: Mark) {
        self.message = message
        self.mark = mark
    }

    public var description: String { "\(mark): \(message)" }
}
