import Foundation
@testable import Markdown
import Testing

/// The OWASP XSS filter evasion cheat sheet and more (`Tests/Fixtures/xss/vectors.json`) in notes
/// with raw HTML kept: whatever the vector and wherever it sits, the output has no script, no
/// event handler, no disallowed element and no dangerous URL. The output is examined by rules of
/// its own here, not by the sanitizer's code.
struct XSSVectorTests {
    struct Vector: Decodable, CustomTestStringConvertible {
        var name: String
        var html: String
        var testDescription: String { name }
    }

    static let vectors: [Vector] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let data = try! Data(contentsOf: root.appendingPathComponent("Fixtures/xss/vectors.json"))
        return try! JSONDecoder().decode([Vector].self, from: data)
    }()

    /// Elements cmark-gfm writes for Markdown itself, besides those raw HTML may keep.
    static let markdownElements: Set<String> = ["p", "ul", "ol", "li", "pre", "code", "em", "strong", "a", "img", "hr", "br",
                                                "blockquote", "table", "thead", "tbody", "tr", "th", "td", "del", "h1", "h2",
                                                "h3", "h4", "h5", "h6", "span", "div", "details", "summary", "sup", "section"]
    static let urlAttributes: Set<String> = ["href", "src", "srcset", "poster", "cite", "action", "formaction", "data",
                                             "xlink:href", "background", "dynsrc", "lowsrc", "codebase"]

    /// Every way the output could run a script; empty when there is none.
    static func problems(in html: String) -> [String] {
        var problems: [String] = []
        if html.contains("<!") || html.contains("<?") { problems.append("markup declaration or comment") }
        let tag = /<(\/?)([^\s\/>]*)([^>]*)>/
        let attribute = /([^\s=\/]+)(?:="([^"]*)")?/
        for match in html.matches(of: tag) {
            let name = String(match.output.2).lowercased()
            if !HTMLAllowlist.elements.contains(name), !markdownElements.contains(name) {
                problems.append("element <\(name)>")
            }
            if !match.output.1.isEmpty { continue }
            for pair in String(match.output.3).matches(of: attribute) {
                let key = String(pair.output.1).lowercased()
                let value = decoded(pair.output.2.map(String.init) ?? "")
                if key.hasPrefix("on") || ["style", "id", "name", "srcdoc", "form"].contains(key) {
                    problems.append("attribute \(key) on <\(name)>")
                }
                guard urlAttributes.contains(key) else { continue }
                let urls = key == "srcset" ? value.split { $0 == "," || $0.isWhitespace }.map(String.init) : [value]
                for url in urls where isDangerous(url, picture: name == "img" || key == "poster" || key == "srcset") {
                    problems.append("URL \(key)=\(url) on <\(name)>")
                }
            }
        }
        return problems
    }

    /// The value the browser reads from an attribute the sanitizer wrote (always quoted, escaped).
    static func decoded(_ value: String) -> String {
        value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Whether a browser would run or load something hostile from the URL: the scheme as the URL
    /// parser reads it (tabs and newlines removed, controls and spaces trimmed, any case).
    static func isDangerous(_ url: String, picture: Bool) -> Bool {
        let scalars = url.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }.drop { $0.value <= 0x20 }
        let text = String(String.UnicodeScalarView(scalars)).lowercased()
        for scheme in ["javascript:", "vbscript:", "file:"] where text.hasPrefix(scheme) { return true }
        guard text.hasPrefix("data:") else { return false }
        return !(picture && ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains { text.hasPrefix($0) })
    }

    @Test func theFixtureHoldsTheCheatSheet() {
        #expect(Self.vectors.count >= 45)
    }

    @Test(arguments: vectors)
    func noVectorRunsAScriptWhereverItSits(_ vector: Vector) {
        let placements = [
            vector.html + "\n",
            "Text " + vector.html + " more text\n",
            "- " + vector.html + "\n",
            "> " + vector.html + "\n",
            "| a |\n| - |\n| " + vector.html.replacingOccurrences(of: "|", with: "\\|") + " |\n",
            "<div>\n" + vector.html + "\n</div>\n",
        ]
        for source in placements {
            let html = MarkdownRenderer.render(source, options: MarkdownOptions(unsafeHTML: true)) { _ in .unresolved }.html
            #expect(Self.problems(in: html).isEmpty, "\(source) → \(html)")
        }
    }

    @Test func theCheckerCatchesWhatItLooksFor() {
        #expect(Self.problems(in: #"<p onclick="x">"#) == ["attribute onclick on <p>"])
        #expect(Self.problems(in: #"<script>"#) == ["element <script>"])
        #expect(Self.problems(in: #"<a href="java&#9;script:x">"#).isEmpty, "a reference is not decoded twice")
        #expect(Self.problems(in: "<a href=\" JAVA\tscript:x\">") == ["URL href= JAVA\tscript:x on <a>"])
        #expect(Self.problems(in: #"<img srcset="a.png 1x, data:text/html,x 2x">"#) == ["URL srcset=data:text/html on <img>"])
        #expect(Self.problems(in: "<!-- x -->") == ["markup declaration or comment", "element <!-->"])
    }
}
