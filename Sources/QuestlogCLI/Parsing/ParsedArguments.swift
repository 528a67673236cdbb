/// A command line parsed against a `CommandSpec`.
public struct ParsedArguments: Sendable, Equatable {
    public var positional: [String] = []
    /// Values of options that take one (the last occurrence wins).
    public var values: [String: String] = [:]
    public var flags: Set<String> = []

    public init() {}

    public func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    public func value(_ name: String) -> String? {
        values[name]
    }
}
