import Testing
@testable import Markdown

@Suite struct CalloutTests {
    @Test func calloutWithDefaultTitle() {
        let rendered = render("> [!note]\n> Body text")
        #expect(rendered.html == """
        <div class="callout callout-note" role="note">
        <p class="callout-title">Note</p>
        <p>Body text</p>
        </div>

        """)
        #expect(rendered.callouts == [Callout(type: "note", title: "Note", line: 1)])
        #expect(rendered.plainText == "Note Body text")
    }

    @Test func titleIsInlineMarkdownAndTypeIsCaseInsensitive() {
        let rendered = render("> [!WARNING] Mind **the** [[Bridge]] & <i>gap</i>\n> It is out.", known: ["Bridge": ("b.html", "Bridge")])
        #expect(rendered.html == """
        <div class="callout callout-warning" role="note">
        <p class="callout-title">Mind <strong>the</strong> <a href="b.html">Bridge</a> &amp; <!-- raw HTML omitted -->gap<!-- raw HTML omitted --></p>
        <p>It is out.</p>
        </div>

        """)
        #expect(rendered.callouts == [Callout(type: "warning", title: "Mind the Bridge & gap", line: 1)])
        #expect(rendered.wikiLinks.map(\.target) == ["Bridge"])
    }

    @Test func foldableCallouts() {
        #expect(html("> [!tip]- Hidden\n> body") == """
        <details class="callout callout-tip">
        <summary class="callout-title">Hidden</summary>
        <p>body</p>
        </details>

        """)
        #expect(html("> [!tip]+\n> body").hasPrefix(#"<details class="callout callout-tip" open>"# + "\n" + #"<summary class="callout-title">Tip</summary>"#))
    }

    @Test func spoilersAreCollapsedDetailsUnlessOpen() {
        #expect(html("> [!spoiler] Who dies\n> Everyone.") == """
        <details class="callout callout-spoiler">
        <summary class="callout-title">Who dies</summary>
        <p>Everyone.</p>
        </details>

        """)
        #expect(html("> [!Spoiler]+").hasPrefix(#"<details class="callout callout-spoiler" open>"#))
    }

    @Test func defaultTitlesComeFromTheOptions() {
        let options = MarkdownOptions(calloutTitles: ["spoiler": "Spoiler – read at your own risk", "my-type": "<Mine>"])
        let rendered = MarkdownRenderer.render("> [!spoiler]\n> x\n\n> [!my-type]\n\n> [!other-1]", options: options) { _ in .unresolved }
        #expect(rendered.callouts.map(\.title) == ["Spoiler – read at your own risk", "<Mine>", "Other-1"])
        #expect(rendered.html.contains(#"<p class="callout-title">&lt;Mine&gt;</p>"#))
        #expect(rendered.html.contains(#"<div class="callout callout-other-1" role="note">"#))
    }

    @Test func nestedCallouts() {
        let rendered = render("> [!warning]+ Outer\n> > [!note] Inner\n> > inner body\n>\n> outer body")
        #expect(rendered.html == """
        <details class="callout callout-warning" open>
        <summary class="callout-title">Outer</summary>
        <div class="callout callout-note" role="note">
        <p class="callout-title">Inner</p>
        <p>inner body</p>
        </div>
        <p>outer body</p>
        </details>

        """)
        #expect(rendered.callouts == [Callout(type: "warning", title: "Outer", line: 1), Callout(type: "note", title: "Inner", line: 2)])
    }

    @Test func markerNeverReachesOutput() {
        let rendered = render("Intro\n\n> [!info] Heads up\n> text [!info] stays here")
        #expect(!rendered.html.contains("[!info] Heads"))
        #expect(rendered.plainText == "Intro Heads up text [!info] stays here")
        #expect(rendered.callouts == [Callout(type: "info", title: "Heads up", line: 3)])
    }

    @Test func quotesWithoutTheMarkerStayQuotes() {
        for source in ["> plain quote", "> text [!note]", "> # [!note] heading", "> [!no te]", "> [!]", "> [!note](x.md)"] {
            let rendered = render(source)
            #expect(rendered.html.hasPrefix("<blockquote>"), "\(source)")
            #expect(rendered.callouts.isEmpty)
        }
    }

    @Test func calloutsHoldListsAndHeadings() {
        let rendered = render("Intro\n\n> [!todo] Tasks\n> - Find #map\n> ## Where", lineOffset: 10)
        #expect(rendered.callouts == [Callout(type: "todo", title: "Tasks", line: 13)])
        #expect(rendered.html.contains("<li>Find <span class=\"inline-tag\">#map</span></li>"))
        #expect(rendered.html.contains(#"<h2 id="where">Where</h2>"#))
        #expect(rendered.tags == ["map"])
    }

    @Test(arguments: [false, true])
    func titlesAreEscaped(unsafeHTML: Bool) {
        let rendered = render(#"> [!note] <script>alert(1)</script> &lt;b&gt; "q""#, unsafeHTML: unsafeHTML)
        #expect(!rendered.html.contains("<script"))
        #expect(rendered.html.contains("&lt;b&gt; &quot;q&quot;</p>"))
    }
}
