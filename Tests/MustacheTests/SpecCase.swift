import Mustache
import Testing

/// One test case of the Mustache specification.
struct SpecCase: Sendable, CustomTestStringConvertible {
    /// The spec file's name without extension, e.g. `sections`.
    let file: String
    let name: String
    let description: String
    let data: MustacheValue
    let template: String
    let partials: [String: String]
    let expected: String

    var testDescription: String { "\(file): \(name)" }
}
