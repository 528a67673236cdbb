/// The diagnostics of a run, in a stable order: by path, then position, then message.
public struct DiagnosticList: Sendable, Hashable {
    public private(set) var all: [Diagnostic] = []

    public init(_ diagnostics: [Diagnostic] = []) {
        all = diagnostics
    }

    public mutating func append(_ diagnostic: Diagnostic) {
        all.append(diagnostic)
    }

    public mutating func append(contentsOf other: DiagnosticList) {
        all.append(contentsOf: other.all)
    }

    public mutating func append(contentsOf diagnostics: [Diagnostic]) {
        all.append(contentsOf: diagnostics)
    }

    public var errorCount: Int { all.count { $0.severity == .error } }
    public var warningCount: Int { all.count { $0.severity == .warning } }
    public var hasErrors: Bool { all.contains { $0.severity == .error } }
    public var isEmpty: Bool { all.isEmpty }

    /// Whether the run failed: any error, or any warning when warnings count as errors.
    public func failed(strict: Bool) -> Bool {
        hasErrors || (strict && warningCount > 0)
    }

    /// With `--strict`, every warning becomes an error.
    public func promotingWarnings() -> DiagnosticList {
        DiagnosticList(all.map { var d = $0; d.severity = .error; return d })
    }

    /// Site-wide problems first, then by path, line, column, severity and message.
    public var sorted: [Diagnostic] {
        all.sorted { a, b in
            switch (a.location, b.location) {
            case (nil, .some): return true
            case (.some, nil): return false
            case let (la?, lb?) where la != lb: return la < lb
            default:
                if a.severity != b.severity { return a.severity < b.severity }
                return a.message.utf8Precedes(b.message)
            }
        }
    }

    /// `2 errors, 1 warning`; empty when there is nothing to report.
    public var summary: String {
        var parts: [String] = []
        let errors = errorCount, warnings = warningCount
        if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
        if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
        return parts.joined(separator: ", ")
    }
}
