import Testing
@testable import Markdown

/// `rewriteURL` sees each Markdown link and image once, at the `[` or `![` that opens it.
@Suite struct LinkURLRewriteTests {
    /// `url@line:column` of every URL offered while rendering `source`.
    private func offered(_ source: String, lineOffset: Int = 0) -> [String] {
        var urls: [String] = []
        _ = MarkdownRenderer.render(source, options: MarkdownOptions(lineOffset: lineOffset), resolve: { _ in .unresolved },
                                    rewriteURL: { url in
                                        urls.append("\(url.isImage ? "img " : "")\(url.url)@\(url.line):\(url.column)")
                                        return .keep
                                    })
        return urls
    }

    @Test func paragraphsAndInlineMarkup() {
        let source = "See [a](a.md) and ![b](b.png).\nThen *[c](c.md)* [**d**](d.md) [](e.md) [`f`](f.md)"
        #expect(offered(source) == ["a.md@1:5", "img b.png@1:19", "c.md@2:7", "d.md@2:18", "e.md@2:32", "f.md@2:41"])
    }

    @Test func columnsCountUnicodeScalarsAfterMultibyteText() {
        #expect(offered("Été 🐉 日本 [a](a.md) e\u{301} ![b](b.png)") == ["a.md@1:10", "img b.png@1:23"])
    }

    @Test func listsAndQuotes() {
        let source = "- item [a](a.md)\n  - nested ![b](b.png)\n\n> quote [c](c.md)\n> > deep [d](d.md)\nlazy [e](e.md)"
        #expect(offered(source) == ["a.md@1:8", "img b.png@2:12", "c.md@4:9", "d.md@5:10", "e.md@6:6"])
    }

    @Test func tableCells() {
        let source = "| x | y |\n|---|---|\n| [a](a.md) | 日本 [b](b.md) |\n| `[no](x)` | [c](c.md) |"
        #expect(offered(source) == ["a.md@3:3", "b.md@3:18", "c.md@4:15"])
    }

    @Test func referenceLinksReportTheirUse() {
        let source = "[full][ref] and [ref] and [Ref][]\n\n[ref]: r.md"
        #expect(offered(source) == ["r.md@1:1", "r.md@1:17", "r.md@1:27"])
    }

    @Test func destinationsAndTitlesWithBracketsDoNotMislead() {
        let source = #"[a](<a b.md> "t[i]tle") `[x](y)` [b](b(1).md 't]') [c](c.md)"#
        #expect(offered(source) == ["a b.md@1:1", "b(1).md@1:34", "c.md@1:52"])
    }

    @Test func autolinksReportTheirStart() {
        #expect(offered("x <https://e.com> www.e.com") == ["https://e.com@1:3", "http://www.e.com@1:19"])
    }

    @Test func footnotesAndLineOffset() {
        #expect(offered("Text[^1] [a](a.md)\n\n[^1]: Note [b](b.md)", lineOffset: 4) == ["a.md@5:10", "b.md@7:12"])
    }

    @Test func refusedURLsAreNotOffered() {
        #expect(offered("[x](javascript:y) ![i](data:text/html,x) [z](z.md)") == ["z.md@1:42"])
    }

    @Test func wikiLinksAreNotOffered() {
        #expect(offered("[[Page]] ![[map.png]] [a](a.md)") == ["a.md@1:23"])
    }

    @Test func rewritesReplaceOrRemove() {
        let rendered = MarkdownRenderer.render("[a](a.md) ![b](b.png) [c](c.md)", resolve: { _ in .unresolved }, rewriteURL: { url in
            switch url.url {
            case "a.md": .replace("../a.html")
            case "b.png": .remove
            default: .keep
            }
        })
        #expect(rendered.html == #"<p><a href="../a.html">a</a> <img src="" alt="b" /> <a href="c.md">c</a></p>"# + "\n")
    }

    @Test func replacementsStillPassThePolicy() {
        let rendered = MarkdownRenderer.render("[a](a.md)", resolve: { _ in .unresolved },
                                               rewriteURL: { _ in .replace("javascript:alert(1)") })
        #expect(rendered.html == #"<p><a href="">a</a></p>"# + "\n")
    }

    @Test func positionsPointAtOpenings() {
        let source = "# [h](h.md)\n\n1. [a](a.md) **[b](b.md)**\n   > ![c](c.png) [d][r]\n\n[r]: d.md"
        var found: [String] = []
        _ = MarkdownRenderer.render(source, resolve: { _ in .unresolved }, rewriteURL: { url in
            found.append(String(String.UnicodeScalarView(text(in: source, line: url.line, column: url.column)).prefix(3)))
            return .keep
        })
        #expect(found == ["[h]", "[a]", "[b]", "![c", "[d]"])
    }
}
