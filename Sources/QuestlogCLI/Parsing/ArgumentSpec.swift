/// A positional argument of a command.
public struct ArgumentSpec: Sendable, Hashable {
    public var name: String
    public var help: String
    public var isOptional: Bool
    /// The values accepted, when the argument takes one of a fixed set.
    public var choices: [String]?
    /// The last argument may take several values (`ENTRY...`).
    public var repeats: Bool

    public init(_ name: String, optional: Bool = false, choices: [String]? = nil, repeats: Bool = false, help: String) {
        self.name = name
        self.help = help
        self.isOptional = optional
        self.choices = choices
        self.repeats = repeats
    }
}
