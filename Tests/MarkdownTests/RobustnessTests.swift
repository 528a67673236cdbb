import TestSupport
import Testing
@testable import Markdown

@Suite struct RobustnessTests {
    @Test func nulCharacters() {
        let rendered = render("\u{0}[[\u{0}]] [[a\u{0}b|\u{0}]]\n\n# \u{0}\n\n`\u{0}`")
        #expect(rendered.wikiLinks.map(\.target) == ["\u{FFFD}", "a\u{FFFD}b"])
        #expect(rendered.wikiLinks.map(\.label) == [nil, "\u{FFFD}"])
        #expect(!rendered.html.contains("\u{0}"))
        #expect(rendered.headings.map(\.id) == ["section"])
    }

    @Test func hugeInput() {
        let paragraph = "Met [[Varré]] at the *church* with ~~nobody~~ and www.example.com; see `[[code]]`.\n\n"
        let rendered = render(String(repeating: paragraph, count: 20_000))
        #expect(rendered.wikiLinks.count == 20_000)
        #expect(rendered.wikiLinks.last?.line == 39_999)
        #expect(rendered.wikiLinks.last?.column == 5)
    }

    @Test func hugeSingleLine() {
        let rendered = render(String(repeating: "word [[a]] `[[b]]` ", count: 30_000))
        #expect(rendered.wikiLinks.count == 30_000)
        #expect(rendered.wikiLinks.last?.column == 29_999 * 19 + 6)
    }

    @Test func deeplyNestedBlockQuotes() {
        let rendered = render(String(repeating: ">", count: 5_000) + " [[deep]]")
        #expect(rendered.wikiLinks.map(\.target) == ["deep"])
        #expect(rendered.wikiLinks.first?.column == 5_002)
    }

    @Test func deeplyNestedLists() {
        let source = (0..<400).map { String(repeating: "  ", count: $0) + "- item [[x\($0)]]" }.joined(separator: "\n")
        let rendered = render(source)
        #expect(rendered.wikiLinks.count == 400)
        #expect(rendered.wikiLinks.last?.line == 400)
        #expect(rendered.wikiLinks.last?.column == 798 + 8)
    }

    @Test func deeplyNestedInlines() {
        render(String(repeating: "*a **b ~~c ", count: 3_000) + "[[x]]" + String(repeating: "~~ b** a*", count: 3_000))
        render(String(repeating: "[", count: 50_000) + "x" + String(repeating: "](/u)", count: 50_000))
        render(String(repeating: "![", count: 20_000) + String(repeating: "]", count: 20_000))
    }

    @Test func pathologicalBrackets() {
        #expect(render(String(repeating: "[", count: 200_000)).wikiLinks.isEmpty)
        #expect(render(String(repeating: "]", count: 200_000)).wikiLinks.isEmpty)
        #expect(render(String(repeating: "[[x", count: 50_000)).wikiLinks.isEmpty)
        #expect(render(String(repeating: "[[x|", count: 50_000)).wikiLinks.isEmpty)
        #expect(render(String(repeating: "x]]", count: 50_000)).wikiLinks.isEmpty)
        #expect(render(String(repeating: "[[a]]", count: 50_000)).wikiLinks.count == 50_000)
        #expect(render(String(repeating: "\\[[a]] ", count: 20_000)).wikiLinks.isEmpty)
        #expect(render(String(repeating: "[[x\n", count: 30_000)).wikiLinks.isEmpty)
    }

    @Test func manyTinyBlocks() {
        render(String(repeating: "# h\n- [ ] [[t]]\n> q\n| a |\n|---|\n| [[c]] |\n\n", count: 5_000))
    }

    /// Random sequences of Markdown fragments must render without crashing, the same way twice,
    /// with every link well formed and pointing at an opening `[[` in its line.
    @Test func randomFragments() {
        let fragments = [
            "[[", "]]", "[", "]", "|", "\\", "\\[", "\\|", "`", "``", "*", "**", "_", "~~", "~", "!", "(", ")",
            "<b>", "</b>", "<script>", "<!-- ", " -->", "&amp;", "&#91;", "&lbrack;", "&eacute;", "&#x1F409;",
            "\n", "\n\n", "\r\n", "> ", "- ", "1. ", "# ", "## ", "---\n", "| a | b |\n|---|---|\n| ", " | ",
            "```\n", "    ", "\t", " ", "  \n", "[[Varré]]", "[[a|b]]", "[[ x | y ]]", "[[npc:varre]]",
            "日本", "🐉", "e\u{301}", "\u{0}", "[x](/u)", "[x](javascript:y)", "![i](data:image/png;base64,AA)",
            "www.example.com", "https://e.com/a", "<https://e.com>", "[^1]", "[^1]: n\n", "- [ ] ", "- [x] ",
            "text", "word ", "<div>\n", "</div>\n", "[r]: /u\n", "[r]",
        ]
        var generator = SplitMix64(seed: 0x5EED_1234)
        for _ in 0..<600 {
            let count = Int.random(in: 1...60, using: &generator)
            let source = (0..<count).map { _ in fragments.randomElement(using: &generator)! }.joined()
            let unsafeHTML = Bool.random(using: &generator)
            let rendered = render(source, unsafeHTML: unsafeHTML)
            #expect(render(source, unsafeHTML: unsafeHTML) == rendered)
            #expect(MarkdownRenderer.wikiLinks(in: source, options: MarkdownOptions(unsafeHTML: unsafeHTML)) == rendered.wikiLinks)
            #expect(!rendered.html.contains("<script"))
            #expect(!rendered.html.contains("href=\"javascript"))
            for link in rendered.wikiLinks {
                #expect(!link.target.isEmpty && !link.target.contains("[") && !link.target.contains("]"))
                #expect(link.target.first?.isWhitespace == false && link.target.last?.isWhitespace == false)
                let found = text(in: source, line: link.line, column: link.column)
                #expect(found.starts(with: (link.isEmbed ? "![[" : "[[").unicodeScalars), "\(link) in \(String(reflecting: source))")
            }
        }
    }

    /// Random notes mixing links with the Obsidian syntax: every offered URL's position is the
    /// opening of a link, and callouts, comments and tags never let raw HTML through.
    @Test func randomNotesWithObsidianSyntax() {
        let fragments = [
            "[x](/u)", "![i](/i.png)", "[r]", "[r]: /u\n", "<https://e.com>", "www.example.com", "[[a]]", "![[b|300]]",
            "> [!note] t\n", "> [!tip]- **T**\n", "> ", "#tag ", " #日本/x", "%%", "`c`", "```\n", "\n", "\n\n",
            "- ", "1. ", "日本🐉 ", "*e* ", "&amp;", "\\[", "word ", "[^1]", "[^1]: n\n", "<script>", "[[#h]]",
        ]
        var generator = SplitMix64(seed: 0x0B51_D1A0)
        for _ in 0..<400 {
            let count = Int.random(in: 1...40, using: &generator)
            let source = (0..<count).map { _ in fragments.randomElement(using: &generator)! }.joined()
            var urls: [LinkURL] = []
            let rendered = MarkdownRenderer.render(MarkdownRenderer.removingComments(source), resolve: { _ in .unresolved },
                                                   rewriteURL: { urls.append($0); return .keep })
            #expect(!rendered.html.contains("<script"))
            let uncommented = MarkdownRenderer.removingComments(source)
            for url in urls {
                let found = String(String.UnicodeScalarView(text(in: uncommented, line: url.line, column: url.column)))
                let openings = url.isImage ? ["!["] : ["[", "<", "www.", "https://"]
                #expect(openings.contains { found.hasPrefix($0) }, "\(url) in \(String(reflecting: uncommented))")
            }
        }
    }
}
