import Foundation
import QuestlogCLI

/// A console that keeps what a command prints, for assertions.
final class CapturedConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    var console: Console {
        Console(writeOutput: { [self] text in lock.withLock { out += text } },
                writeError: { [self] text in lock.withLock { err += text } })
    }

    var output: String { lock.withLock { out } }
    var error: String { lock.withLock { err } }
}

/// Runs `questlog` in-process and returns its exit code and output.
func runQuestlog(_ arguments: [String], in directory: String = FileManager.default.currentDirectoryPath)
    -> (code: ExitCode, output: String, error: String) {
    let captured = CapturedConsole()
    let code = QuestlogCommandLine.run(arguments, console: captured.console, workingDirectory: directory)
    return (code, captured.output, captured.error)
}

/// The repository's root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// A fresh temporary folder, removed by the caller with `removeTemporaryFolder`.
func makeTemporaryFolder() -> String {
    let path = NSTemporaryDirectory() + "questlog-test-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
