import YAML

/// Shorthands shared by the YAML test suites.
enum YAMLTesting {
    /// The error `text` fails with, or nil when it parses.
    static func error(_ text: String, lineOffset: Int = 0) -> YAMLError? {
        do {
            _ = try YAMLParser.parse(text, lineOffset: lineOffset)
            return nil
        } catch {
            return error
        }
    }

    /// The core-schema value of a document that is a single scalar.
    static func scalar(_ text: String) throws -> CoreScalar? {
        try YAMLParser.parse(text)?.coreScalar
    }
}
