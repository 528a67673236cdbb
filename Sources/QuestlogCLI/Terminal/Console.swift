import Foundation

/// Where a command prints: standard output and standard error, or buffers in tests.
public struct Console: Sendable {
    public var writeOutput: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void
    /// Whether standard error is a terminal (colours and progress are shown only then).
    public var errorIsTerminal: Bool

    public init(writeOutput: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
                errorIsTerminal: Bool = false) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's standard output and error.
    public static var standard: Console {
        let colour = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        return Console(
            writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) },
            errorIsTerminal: colour)
    }

    public func print(_ text: String) {
        writeOutput(text.hasSuffix("\n") ? text : text + "\n")
    }

    public func printError(_ text: String) {
        writeError(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// `error: message` on standard error, the word in red on a terminal.
    public func error(_ message: String) {
        printError(styled("error:", colour: "31") + " " + message)
    }

    /// `warning: message` on standard error, the word in yellow on a terminal.
    public func warning(_ message: String) {
        printError(styled("warning:", colour: "33") + " " + message)
    }

    func styled(_ text: String, colour: String) -> String {
        errorIsTerminal ? "\u{1B}[1;\(colour)m\(text)\u{1B}[0m" : text
    }
}
