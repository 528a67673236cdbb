import Foundation

/// One problem found in a site, reported like a compiler: `path:line:col: error: message [code]`.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    public var severity: Severity
    public var message: String
    /// A stable identifier of the kind of problem (`dangling-reference`, `yaml-syntax`, …).
    public var code: String
    /// Where the problem is; nil for problems of the whole site (such as a missing `Content/`).
    public var location: SourceLocation?

    public init(_ severity: Severity, _ message: String, code: String, at location: SourceLocation?) {
        self.severity = severity
        self.message = message
        self.code = code
        self.location = location
    }

    public static func error(_ message: String, code: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.error, message, code: code, at: location)
    }

    public static func warning(_ message: String, code: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.warning, message, code: code, at: location)
    }

    /// The message with its quoted names left out (`unknown location '' (did you mean ''?)`), so
    /// the same problem with different names compares equal.
    public var pattern: String {
        message.replacingOccurrences(of: "'[^']*'", with: "''", options: .regularExpression)
    }

        public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)\(severity.rawValue): \(message) [\(code)]"
    }
}
