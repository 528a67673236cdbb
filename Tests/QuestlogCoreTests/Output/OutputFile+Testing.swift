import QuestlogCore

extension OutputFile {
    /// A small text file for tests.
    static func text(_ path: String, _ text: String? = nil) -> OutputFile {
        OutputFile(path: path, text: text ?? "<p>\(path)</p>\n")
    }
}
