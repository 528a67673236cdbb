import Testing
@testable import Markdown

@Suite struct InlineTagTests {
    private let span = #"<span class="inline-tag">"#

    @Test func tagsAreWrappedAndReported() {
        let rendered = render("Met #npc/merchant in (#limgrave), #Boss-2 and #boss-2.")
        #expect(rendered.tags == ["npc/merchant", "limgrave", "Boss-2"])
        #expect(rendered.html == """
        <p>Met \(span)#npc/merchant</span> in (\(span)#limgrave</span>), \(span)#Boss-2</span> and \(span)#boss-2</span>.</p>

        """)
        #expect(rendered.plainText == "Met #npc/merchant in (#limgrave), #Boss-2 and #boss-2.")
    }

    @Test func lettersOfAnyScriptAndDigits() {
        #expect(render("#日本 #über_alles #é\u{301}t #y1984 #2024-01").tags == ["日本", "über_alles", "é\u{301}t", "y1984", "2024-01"])
    }

    @Test func numbersAndBareHashesAreNotTags() {
        let rendered = render("Issue #1 and #42, # alone, a#b, C#, #-/")
        #expect(rendered.tags.isEmpty)
        #expect(!rendered.html.contains("inline-tag"))
    }

    @Test func trailingPunctuationIsLeftOut() {
        #expect(render("#end. #dash- #slash/ #q? #x!").tags == ["end", "dash", "slash", "q", "x"])
        #expect(html("#dash-").contains("\(span)#dash</span>-"))
    }

    @Test func neverInCodeHeadingsLinksURLsOrRawHTML() {
        let source = """
        # Title #not

        `#code` [#label](/u#frag) <https://e.com/#x> www.e.com/#y ![#alt](/i.png) <b title="#attr">b</b>

            #indented

        ```
        #fenced
        ```

        Heading
        =======
        """
        let rendered = render(source, unsafeHTML: true)
        #expect(rendered.tags.isEmpty)
        #expect(!rendered.html.contains("inline-tag"))
    }

    @Test func headingLinksAreLinksNotTags() {
        let rendered = render("[[#Sites of Grace]] [[Page#Heading|x]]")
        #expect(rendered.tags.isEmpty)
        #expect(rendered.wikiLinks.map(\.target) == ["#Sites of Grace", "Page#Heading"])
    }

    @Test func escapedHashesAreText() {
        #expect(render(#"\#not &#35;nor #yes"#).tags == ["yes"])
    }

    @Test func tagsInListsQuotesTablesAndCallouts() {
        let source = "- #a\n\n> #b\n\n| x |\n|---|\n| #c |\n\n> [!note] #d\n> #e\n\n*#f* ~~#g~~"
        #expect(render(source).tags == ["a", "b", "c", "d", "e", "f", "g"])
    }

    @Test(arguments: [false, true])
    func tagsNextToHostileTextStayEscaped(unsafeHTML: Bool) {
        let rendered = render("#tag<script>alert(1)</script> #a&lt;b", unsafeHTML: unsafeHTML)
        #expect(!rendered.html.contains("<script"))
        #expect(rendered.html.contains("\(span)#a</span>&lt;b"))
    }
}
