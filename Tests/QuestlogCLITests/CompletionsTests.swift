import Foundation
@testable import QuestlogCLI
import Testing

/// `questlog completions`: scripts made from the command declarations.
struct CompletionsTests {
    @Test(arguments: CompletionShell.allCases)
    func theScriptNamesEveryCommandOptionAndChoice(_ shell: CompletionShell) {
        let result = runQuestlog(["completions", shell.rawValue])
        #expect(result.code == .success)
        #expect(result.error.isEmpty)
        let script = result.output
        for command in QuestlogCommandLine.commands.map(\.spec) {
            #expect(script.contains(command.name), "\(shell) names \(command.name)")
            for option in command.allOptions {
                // fish names options without their dashes: `-l name`.
                let long = shell == .fish ? "-l \(option.name)" : "--\(option.name)"
                #expect(script.contains(long), "\(shell) names \(command.name) \(long)")
                if let short = option.short {
                    #expect(script.contains(shell == .fish ? "-s \(short)" : "-\(short)"), "\(shell) names -\(short)")
                }
                for choice in option.choices ?? [] {
                    #expect(script.contains(choice), "\(shell) offers \(choice)")
                }
            }
        }
        #expect(script.contains("bash zsh fish"), "the shells of completions itself")
    }

    @Test func theBashScriptIsValidBashAndCompletes() throws {
        let script = runQuestlog(["completions", "bash"]).output
        let check = try Self.bash(["-n"], input: script)
        #expect(check.status == 0, "\(check.output)")
        let driver = script + """
        COMP_WORDS=(questlog exp); COMP_CWORD=1; _questlog; echo "${COMPREPLY[*]}"
        COMP_WORDS=(questlog export --format ""); COMP_CWORD=3; _questlog; echo "${COMPREPLY[*]}"
        COMP_WORDS=(questlog check --o); COMP_CWORD=2; _questlog; echo "${COMPREPLY[*]}"

        """
        let run = try Self.bash([], input: driver)
        #expect(run.status == 0)
        #expect(run.output == "export\ncsv json xlsx\n\n")
    }

    @Test func anUnknownShellIsAUsageError() {
        let result = runQuestlog(["completions", "ksh"])
        #expect(result.code == .usage)
        #expect(result.error.contains("error: argument SHELL must be one of bash, zsh, fish, not 'ksh' (did you mean 'zsh'?)"))
        #expect(runQuestlog(["completions"]).error.contains("missing argument SHELL"))
        #expect(runQuestlog(["completions", "bash", "--site", "x"]).code == .usage)
        #expect(runQuestlog(["completions", "--help"]).output.contains("SHELL  bash, zsh or fish."))
    }

    static func bash(_ arguments: [String], input: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
