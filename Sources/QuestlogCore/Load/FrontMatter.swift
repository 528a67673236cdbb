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
        locate(text, path: path).map { lines in
            FrontMatter(yaml: lines.yaml, yamlLineOffset: lines.yamlLineOffset,
                        body: lines.bodyStart == text.startIndex ? text : String(text[lines.bodyStart...]),
                        bodyLineOffset: lines.bodyLineOffset)
        }
    }

    /// What `split` finds, but the body: where it starts.
    struct Lines {
        var yaml: String?
        var yamlLineOffset: Int
        var bodyLineOffset: Int
        /// The front matter's lines, fences included: what precedes the body in the text.
        var prefix: String
        fileprivate var bodyStart: String.Index
    }

    /// `split`, leaving the body in `text` itself: the front matter is removed in place, so a
    /// big note is not copied. `text` is unchanged when the split fails.
    static func splitOff(_ text: inout String, path: String) -> Result<Lines, Diagnostic> {
        locate(text, path: path).map { lines in
            var lines = lines
            guard lines.bodyStart != text.startIndex else { return lines }
            lines.prefix = String(text[..<lines.bodyStart])
            text.removeSubrange(..<lines.bodyStart)
            lines.bodyStart = text.startIndex
            return lines
        }
    }

    private static func locate(_ text: String, path: String) -> Result<Lines, Diagnostic> {
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
            return .success(Lines(yaml: nil, yamlLineOffset: 0, bodyLineOffset: 0, prefix: "", bodyStart: text.startIndex))
        }
        let yamlStart = bytes.index(after: firstEnd)
        var lineStart = yamlStart
        var yamlLines = 0
        while true {
            let end = lineEnd(from: lineStart)
            if isFence(lineStart, end, allowDots: true) {
                // The YAML is every line before the fence, without the line break that ends the last one.
                let yamlEnd = lineStart == yamlStart ? yamlStart : bytes.index(before: lineStart)
                let bodyStart = end < bytes.endIndex ? bytes.index(after: end) : bytes.endIndex
                return .success(Lines(yaml: String(text[yamlStart..<yamlEnd]), yamlLineOffset: 1, bodyLineOffset: yamlLines + 2,
                                      prefix: "", bodyStart: bodyStart))
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
