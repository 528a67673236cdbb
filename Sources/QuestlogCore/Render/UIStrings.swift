import Foundation
import Immortal
import YAML

/// The theme's UI text in the site's language (`locales/<language>.yml`), falling back to English
/// key by key, so a partial translation still gives a complete page.
public struct UIStrings: Sendable {
    public var language: String
    public private(set) var table: [String: String]

    public init(language: String, table: [String: String]) {
        self.language = language
        self.table = table
    }

    /// Loads the strings of `language` from `theme`; problems in the locale files become diagnostics.
    public static func load(language: String, theme: Theme) -> (UIStrings, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var table = parse("locales/en.yml", theme: theme, diagnostics: &diagnostics)
        if language != "en" {
            for (key, value) in parse("locales/\(language).yml", theme: theme, diagnostics: &diagnostics) { table[key] = value }
        }
        return (UIStrings(language: language, table: table), diagnostics)
    }

    private static func parse(_ path: String, theme: Theme, diagnostics: inout [Diagnostic]) -> [String: String] {
        guard let bytes = theme.files[path] else { return [:] }
        let source = theme.sourcePath(of: path)
        do {
            guard let root = try YAMLParser.parse(String(decoding: bytes, as: UTF8.self)) else { return [:] }
            var table: [String: String] = [:]
            flatten(root, prefix: "", into: &table)
            return table
        } catch {
            diagnostics.append(.error(error.message, code: "yaml-syntax",
                                      at: SourceLocation(path: source, line: error.mark.line, column: error.mark.column)))
            return [:]
        }
    }

    private static func flatten(_ node: YAMLNode, prefix: String, into table: inout [String: String]) {
        if let mapping = node.mapping {
            for (key, value) in mapping {
                flatten(value, prefix: prefix.isEmpty ? (key.string ?? "") : prefix + "." + (key.string ?? ""), into: &table)
            }
        } else if let text = node.string {
            table[prefix] = text
        }
    }

    /// The text for `key`; the key itself when no locale has it, so a missing string is visible.
    public subscript(key: String) -> String {
        table[key] ?? key
    }

    /// The strings under `prefix.` (`group("callouts")` → `["tip": "Tip", …]`), keyed by the rest.
    public func group(_ prefix: String) -> [String: String] {
        var group: [String: String] = [:]
        for (key, value) in table where key.hasPrefix(prefix + ".") { group[String(key.dropFirst(prefix.count + 1))] = value }
        return group
    }

    /// The text for `key` if any locale has it.
    public func optional(_ key: String) -> String? {
        table[key]
    }

    /// `{name}` placeholders filled in: `format("progress.of", ["done": "3", "total": "5"])`.
    public func format(_ key: String, _ values: [String: String]) -> String {
        var text = self[key]
        for (name, value) in values { text = Self.replacing("{\(name)}", with: value, in: text) }
        return text
    }

    /// `text.replacingOccurrences(of: target, with: value)`, by bytes when `text` and `target` are
    /// ASCII: there the search finds exactly what Foundation's finds, at a fraction of the cost
    /// (these run for every list and picture of every page).
    static func replacing(_ target: String, with value: String, in text: String) -> String {
        var text = text, target = target
        // nil: not ASCII, left to Foundation; `.some(nil)`: nothing found.
        let result: String?? = text.withUTF8 { text in
            target.withUTF8 { target -> String?? in
                guard !target.isEmpty, text.allSatisfy({ $0 < 0x80 }), target.allSatisfy({ $0 < 0x80 }) else { return nil }
                var out: [UInt8] = []
                var start = 0, index = 0
                while index + target.count <= text.count {
                    if text[index] == target[0], memcmp(text.baseAddress! + index, target.baseAddress!, target.count) == 0 {
                        if out.isEmpty { out.reserveCapacity(text.count + value.utf8.count) }
                        out.append(contentsOf: text[start..<index])
                        out.append(contentsOf: value.utf8)
                        index += target.count
                        start = index
                    } else {
                        index += 1
                    }
                }
                guard start > 0 else { return .some(nil) }
                out.append(contentsOf: text[start...])
                return String(decoding: out, as: UTF8.self)
            }
        }
        guard let result else { return text.replacingOccurrences(of: target, with: value) }
        return result ?? text
    }
}

extension UIStrings {
    /// Makes the objects of these strings immortal (`Immortal`).
    func makeImmortal() {
        Immortal.string(language)
        Immortal.strings(table)
    }
}
