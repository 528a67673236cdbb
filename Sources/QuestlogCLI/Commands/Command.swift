/// A subcommand of `questlog`: its declaration and what it does.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    static func run(_ context: CommandContext) throws -> ExitCode
}
