/// A problem in a template, located by template name, line and column.
///
/// Compiling reports syntax errors (an unclosed tag or section, a closing tag that does not match,
/// a bad set-delimiter tag, an invalid name); rendering reports a missing partial in strict mode
/// and runaway recursion. Lines and columns count from 1; columns count Unicode scalars.
public struct MustacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name of the template the problem is in.
    public let template: String
    /// The 1-based line of the tag at fault.
    public let line: Int
    /// The 1-based column of the tag at fault.
    public let column: Int
    /// What is wrong, in a sentence fragment without a trailing period.
    public let message: String

    /// Creates an error at a position in a template.
    public init(template: String, line: Int, column: Int, message: String) {
        self.template = template
        self.line = line
        self.column = column
        self.message = message
    }

    /// The error as `template:line:column: message`, the form editors jump to.
    public var description: String {
        "\(template):\(line):\(column): \(message)"
    }
}
