import Foundation
import QuestlogCore

/// The `questlog` command line: dispatches to a command, prints help and usage errors, maps exit codes.
public enum QuestlogCommandLine {
    static let commands: [RegisteredCommand] = [
        RegisteredCommand(BuildCommand.self), RegisteredCommand(CheckCommand.self), RegisteredCommand(ExportCommand.self),
        RegisteredCommand(ServeCommand.self), RegisteredCommand(NewCommand.self), RegisteredCommand(InitCommand.self),
        RegisteredCommand(MarkCommand.self), RegisteredCommand(ProgressCommand.self), RegisteredCommand(CompletionsCommand.self),
    ]

    /// Runs `questlog` with `arguments` (without the program name) and returns the exit code;
    /// `opener` opens the browser for `serve --open`. `endsWithProcess`: the process ends when the
    /// command does (the executable's `main`), so what a build loads need not be freed.
    public static func run(_ arguments: [String], console: Console = .standard,
                           workingDirectory: String = FileManager.default.currentDirectoryPath,
                           opener: URLOpener = .system, endsWithProcess: Bool = false) -> ExitCode {
        guard let first = arguments.first else {
            console.print(helpText)
            return .success
        }
        switch first {
        case "--help", "-h", "help":
            if first == "help", arguments.count > 1, let command = commands.first(where: { $0.spec.name == arguments[1] }) {
                console.print(command.spec.helpText)
            } else {
                console.print(helpText)
            }
            return .success
        case "--version", "-V":
            console.print("questlog \(Questlog.version)")
            return .success
        default:
            break
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            let names = commands.map(\.spec.name)
            let hint = Suggestion.closest(to: first, in: names).map { " (did you mean '\($0)'?)" } ?? ""
            let what = first.hasPrefix("-") ? "option" : "command"
            console.error("unknown \(what) '\(first)'\(hint)")
            console.printError("Run 'questlog --help' for the list of commands.")
            return .usage
        }
        do {
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: command.spec,
                                                   others: commands.map(\.spec).filter { $0.name != command.spec.name })
            if parsed.flag("help") {
                console.print(command.spec.helpText)
                return .success
            }
            let context = CommandContext(arguments: parsed, console: console, workingDirectory: workingDirectory, opener: opener,
                                         endsWithProcess: endsWithProcess)
            return try command.run(context)
        } catch let error as UsageError {
            console.error(error.message)
            console.printError("Run 'questlog \(error.command ?? command.spec.name) --help' for usage.")
            return .usage
        } catch {
            console.error("internal error: \(error)")
            return .internalError
        }
    }

    /// The text of `questlog --help`.
    public static var helpText: String {
        var text = """
        Questlog \(Questlog.version): turns your RPG playthrough notes into a browsable wiki.

        Usage: questlog <command> [options]

        Commands:

        """
        let width = commands.map(\.spec.name.count).max() ?? 0
        for command in commands {
            text += "  " + command.spec.name.padding(toLength: width + 2) + command.spec.summary + "\n"
        }
        text += """

        Options:
          -h, --help     Show this help (or a command's: questlog check --help).
          -V, --version  Show the version.

        Run 'questlog <command> --help' for a command's options.
        Exit codes: 0 success, 1 content errors, 64 usage errors, 70 internal errors.

        """
        return text
    }
}
