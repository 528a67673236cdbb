@testable import Markdown

/// Renders with a resolver that knows the given targets (`target: (href, title)`).
@discardableResult
func render(_ source: String, unsafeHTML: Bool = false, lineOffset: Int = 0,
            known: [String: (href: String, title: String)] = [:]) -> RenderedMarkdown {
    MarkdownRenderer.render(source, options: MarkdownOptions(unsafeHTML: unsafeHTML, lineOffset: lineOffset)) { link in
        guard let entry = known[link.target] else { return .unresolved }
        return .resolved(href: entry.href, title: entry.title)
    }
}

/// The HTML of `source` with every wiki link unresolved.
func html(_ source: String, unsafeHTML: Bool = false) -> String {
    render(source, unsafeHTML: unsafeHTML).html
}

/// The text at a 1-based line and 1-based scalar column of `source` (lines split like cmark-gfm).
func text(in source: String, line: Int, column: Int) -> Substring.UnicodeScalarView {
    var lines: [Substring.UnicodeScalarView] = []
    var current = source.unicodeScalars[...]
    while let end = current.firstIndex(where: { $0 == "\n" || $0 == "\r" }) {
        lines.append(current[..<end])
        var next = current.index(after: end)
        if current[end] == "\r", next < current.endIndex, current[next] == "\n" {
            next = current.index(after: next)
        }
        current = current[next...]
    }
    lines.append(current)
    guard line >= 1, line <= lines.count else { return Substring.UnicodeScalarView() }
    return lines[line - 1].dropFirst(column - 1)
}

let unresolvedOpening = #"<span class="wikilink-missing" title="Unresolved link">"#
