/// `questlog completions bash|zsh|fish`: a completion script made from the command declarations.
struct CompletionsCommand: Command {
    static let spec = CommandSpec(
        name: "completions",
        summary: "Print a completion script for bash, zsh or fish: commands, options and their values.",
        discussion: """
        bash: source <(questlog completions bash), for example in ~/.bashrc.
        zsh: questlog completions zsh > "${fpath[1]}/_questlog", then start a new shell.
        fish: questlog completions fish > ~/.config/fish/completions/questlog.fish
        """,
        arguments: [ArgumentSpec("SHELL", choices: CompletionShell.allCases.map(\.rawValue), help: "bash, zsh or fish.")],
        common: [])

    static func run(_ context: CommandContext) throws -> ExitCode {
        guard let shell = CompletionShell(rawValue: context.arguments.positional[0]) else { return .usage }
        context.console.writeOutput(shell.script(for: QuestlogCommandLine.commands.map(\.spec)))
        return .success
    }
}
