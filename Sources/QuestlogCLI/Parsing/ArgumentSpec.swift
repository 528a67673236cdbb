/// A positional argument of a command.
public struct ArgumentSpec: Sendable, Hashable {
    public var name: String
    public var help: String
    public var isOptional: Bool

    public init(_ name: String, optional: Bool = false, help: String) {
        self.name = name
        self.help = help
        self.isOptional = optional
    }
}
