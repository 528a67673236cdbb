import Testing
@testable import Markdown

@Suite struct WikiLinkRenderingTests {
    private let known: [String: (href: String, title: String)] = [
        "varre": ("npcs/white-mask-varre.html", "White Mask Varré"),
        "Stormveil Castle": ("locations/stormveil-castle.html", "Stormveil Castle"),
        "untitled": ("misc/untitled.html", ""),
    ]

    @Test func resolvedLinksUseTheLabelOrElseTheTitle() {
        let rendered = render("Met [[varre]] near [[Stormveil Castle|the castle]].", known: known)
        #expect(rendered.html == """
        <p>Met <a href="npcs/white-mask-varre.html">White Mask Varré</a> near \
        <a href="locations/stormveil-castle.html">the castle</a>.</p>

        """)
    }

    @Test func resolvedLinkWithoutTitleShowsTheTarget() {
        #expect(render("[[untitled]]", known: known).html == "<p><a href=\"misc/untitled.html\">untitled</a></p>\n")
    }

    @Test func unresolvedLinksAreMarkedSpans() {
        #expect(html("Ask [[Nobody]] or [[ghost|a ghost]].") == """
        <p>Ask \(unresolvedOpening)Nobody</span> or \(unresolvedOpening)a ghost</span>.</p>

        """)
    }

    @Test(arguments: [false, true])
    func unresolvedSpansRenderInEveryContext(unsafeHTML: Bool) {
        let source = "# [[a]]\n\n> *[[b]]* ~~[[c]]~~\n\n| [[d]] | ~~[[e]]~~ |\n|---|---|\n| [[f]] | **[[g]]** |\n\n- [ ] [[h]]"
        let rendered = render(source, unsafeHTML: unsafeHTML).html
        for target in ["a", "b", "c", "d", "e", "f", "g", "h"] {
            #expect(rendered.contains("\(unresolvedOpening)\(target)</span>"))
        }
    }

    @Test func resolvedLinksRenderInTableCells() {
        let rendered = render("| x |\n|---|\n| [[varre]] and [[nobody]] |", known: known).html
        #expect(rendered.contains(#"<td><a href="npcs/white-mask-varre.html">White Mask Varré</a> and "#
            + "\(unresolvedOpening)nobody</span></td>"))
    }

    @Test func resolveIsAskedOncePerLinkInDocumentOrder() {
        var asked: [String] = []
        _ = MarkdownRenderer.render("[[a]] [[b|x]]\n\n# [[c]]\n\n[[a]]") { link in
            asked.append(link.target)
            return .unresolved
        }
        #expect(asked == ["a", "b", "c", "a"])
    }

    @Test(arguments: [false, true])
    func hostileTargetsAndLabelsAreEscaped(unsafeHTML: Bool) {
        let source = #"[[&lt;script&gt;alert(1)&lt;/script&gt;]] [[x|&lt;img src=x onerror=alert(1)&gt; "q" 'a' &amp;]]"#
        let rendered = render(source, unsafeHTML: unsafeHTML)
        #expect(rendered.wikiLinks.map(\.target) == ["<script>alert(1)</script>", "x"])
        #expect(rendered.wikiLinks.last?.label == #"<img src=x onerror=alert(1)> "q" 'a' &"#)
        #expect(rendered.html == """
        <p>\(unresolvedOpening)&lt;script&gt;alert(1)&lt;/script&gt;</span> \
        \(unresolvedOpening)&lt;img src=x onerror=alert(1)&gt; &quot;q&quot; 'a' &amp;</span></p>

        """)
    }

    @Test(arguments: [false, true])
    func scriptTagsInBracketsNeverRun(unsafeHTML: Bool) {
        // The tags are raw HTML to the parser, so no link forms; they are omitted or filtered.
        let rendered = render("[[<script>alert(1)</script>]] [[<iframe src=x>]]", unsafeHTML: unsafeHTML)
        #expect(rendered.wikiLinks.isEmpty)
        #expect(!rendered.html.contains("<script"))
        #expect(!rendered.html.contains("<iframe"))
    }

    @Test func hostileResolutionsAreEscaped() {
        let rendered = render("[[evil]]", known: ["evil": (#"a"><script>x</script>.html"#, "<b>Evil</b> & co")])
        #expect(rendered.html == #"<p><a href="a%22%3E%3Cscript%3Ex%3C/script%3E.html">&lt;b&gt;Evil&lt;/b&gt; &amp; co</a></p>"# + "\n")
    }

    @Test func linkTextIsPlainText() {
        let rendered = render("See [[varre]] and [[Nobody|someone]].", known: known)
        #expect(rendered.plainText == "See White Mask Varré and someone.")
    }
}
