import YAML

/// The search box's and search page's UI text: `locales/search/<language>.yml` of the theme, under
/// `search.*`, falling back to English key by key like the rest of the UI text.
public enum SearchStrings {
    /// `strings` with the search keys of its language added; problems in the files become diagnostics.
    public static func adding(to strings: UIStrings, theme: Theme) -> (UIStrings, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var table = strings.table
        var languages = ["en"]
        if strings.language != "en" { languages.append(strings.language) }
        for language in languages {
            let path = "locales/search/\(language).yml"
            guard let bytes = theme.files[path] else { continue }
            do {
                guard let root = try YAMLParser.parse(String(decoding: bytes, as: UTF8.self)) else { continue }
                flatten(root, prefix: "", into: &table)
            } catch {
                diagnostics.append(.error(error.message, code: "yaml-syntax",
                                          at: SourceLocation(path: theme.sourcePath(of: path), line: error.mark.line,
                                                             column: error.mark.column)))
            }
        }
        return (UIStrings(language: strings.language, table: table), diagnostics)
    }

    private static func flatten(_ node: YAMLNode, prefix: String, into table: inout [String: String]) {
        if let mapping = node.mapping {
            for (key, value) in mapping {
                let name = key.string ?? ""
                flatten(value, prefix: prefix.isEmpty ? name : prefix + "." + name, into: &table)
            }
        } else if let text = node.string {
            table[prefix] = text
        }
    }
}
