import Foundation

/// A Markdown file split into its YAML front matter and its body.
public struct FrontMatter: Sendable, Hashable {
    /// The YAML between the `---` lines; nil when the file has no front matter.
    public var yaml: String?
    /// How many lines precede the YAML (pass to the YAML parser as its line offset).
    public var yamlLineOffset: Int
    /// The Markdown after the closing `---`.
    public var body: String
    /// How many lines precede the body.
    public var bodyLineOffset: Int

    /// Splits `text` (LF line ends). A front matter opened by a first line `---` must be closed by a line
    /// `---` (or `...`); otherwise this returns an error diagnostic at the opening line.
    public static func split(_ text: String, path: String) -> Result<FrontMatter, Diagnostic> {
        // Scanned as bytes: the body, most of the file, is only sliced, never split into lines.
        let bytes = text.utf8
        func lineEnd(from start: String.Index) -> String.Index {
            bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        }
        func isFence(_ start: String.Index, _ end: String.Index, allowDots: Bool) -> Bool {
            var line = bytes[start..<end]
            while let last = line.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { line = line.dropLast() }
            return line.elementsEqual("---".utf8) || (allowDots && line.elementsEqual("...".utf8))
        }
        let firstEnd = lineEnd(from: bytes.startIndex)
        guard isFence(bytes.startIndex, firstEnd, allowDots: false), firstEnd < bytes.endIndex else {
            if isFence(bytes.startIndex, firstEnd, allowDots: false) {
                return .failure(.error("front matter is not closed: add a line '---' after its last field",
                                       code: "unclosed-front-matter", at: SourceLocation(path: path, line: 1, column: 1)))
            }
            return .success(FrontMatter(yaml: nil, yamlLineOffset: 0, body: text, bodyLineOffset: 0))
        }
        let yamlStart = bytes.index(after: firstEnd)
        var lineStart = yamlStart
        var yamlLines = 0
        while true {
            let end = lineEnd(from: lineStart)
            if isFence(lineStart, end, allowDots: true) {
                // The YAML is every line before the fence, without the line break that ends the last one.
                let yamlEnd = lineStart == yamlStart ? yamlStart : bytes.index(before: lineStart)
                let body = end < bytes.endIndex ? String(text[bytes.index(after: end)...]) : ""
                return .success(FrontMatter(yaml: String(text[yamlStart..<yamlEnd]), yamlLineOffset: 1,
                                            body: body, bodyLineOffset: yamlLines + 2))
            }
            yamlLines += 1
            guard end < bytes.endIndex else { break }
            lineStart = bytes.index(after: end)
        }
        return .failure(.error("front matter is not closed: add a line '---' after its last field",
                               code: "unclosed-front-matter", at: SourceLocation(path: path, line: 1, column: 1)))
    }
}

extension FrontMatter {
    /// The value of a top-level `field: value` line of YAML that did not parse (quotes removed), so
    /// a damaged file can still be found by its name.
    static func salvagedValue(of field: String, in yaml: String) -> String? {
        for line in yaml.split(separator: "\n") where line.hasPrefix(field + ":") {
            var value = line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces)
            if let quote = value.first, quote == "\"" || quote == "'" {
                value = String(value.dropFirst())
                if let end = value.firstIndex(of: quote) { value = String(value[..<end]) }
            }
            return value.isEmpty ? nil : value
        }
        return nil
    }
}

extension Substring {
    func trimmingTrailingSpaces() -> Substring {
        var end = endIndex
        while end > startIndex, let last = self[..<end].last, last == " " || last == "\t" {
            end = index(before: end)
        }
        return self[..<end]
    }
}
