/// A mistake on the command line; printed with a hint and exit code 64.
public struct UsageError: Error, Sendable, Equatable {
    public var message: String
    /// The command whose help the hint points at, if any.
    public var command: String?

    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }
}
