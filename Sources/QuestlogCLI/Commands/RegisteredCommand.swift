/// A command as the dispatcher sees it: its declaration and its entry point.
struct RegisteredCommand: Sendable {
    let spec: CommandSpec
    let run: @Sendable (CommandContext) throws -> ExitCode

    init<C: Command>(_ command: C.Type) {
        spec = command.spec
        run = { try command.run($0) }
    }
}
