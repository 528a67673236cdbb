/// Process exit codes, following sysexits where one applies.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// The content has errors (or warnings with `--strict`).
    case contentError = 1
    /// The command line is wrong (EX_USAGE).
    case usage = 64
    /// Questlog itself failed (EX_SOFTWARE).
    case internalError = 70
}
