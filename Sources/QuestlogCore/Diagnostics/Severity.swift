/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable {
    case error
    case warning

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .error && rhs == .warning
    }
}
