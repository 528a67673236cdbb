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
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard let first = lines.first, first.trimmingTrailingSpaces() == "---" else {
            return .success(FrontMatter(yaml: nil, yamlLineOffset: 0, body: text, bodyLineOffset: 0))
        }
        lines = lines.dropFirst()
        var yamlLines: [Substring] = []
        while let line = lines.first {
            lines = lines.dropFirst()
            let trimmed = line.trimmingTrailingSpaces()
            if trimmed == "---" || trimmed == "..." {
                let body = lines.joined(separator: "\n")
                return .success(FrontMatter(
                    yaml: yamlLines.joined(separator: "\n"), yamlLineOffset: 1,
                    body: body, bodyLineOffset: yamlLines.count + 2))
            }
            yamlLines.append(line)
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
