import Testing
@testable import Markdown

@Suite struct HeadingTests {
    @Test func headingsGetIdsAndAreListed() {
        let rendered = render("# Sites of Grace\n\nText.\n\n## The *Church* of `Elleh`\n\nSetext\n---")
        #expect(rendered.html == """
        <h1 id="sites-of-grace">Sites of Grace</h1>
        <p>Text.</p>
        <h2 id="the-church-of-elleh">The <em>Church</em> of <code>Elleh</code></h2>
        <h2 id="setext">Setext</h2>

        """)
        #expect(rendered.headings == [
            Heading(level: 1, text: "Sites of Grace", id: "sites-of-grace"),
            Heading(level: 2, text: "The Church of Elleh", id: "the-church-of-elleh"),
            Heading(level: 2, text: "Setext", id: "setext"),
        ])
    }

    @Test func headingOffsetShiftsLevelsUpToSix() {
        let rendered = MarkdownRenderer.render("# Top\n\n#### Deep\n\n###### Deepest", options: MarkdownOptions(headingOffset: 2)) { _ in .unresolved }
        #expect(rendered.html == """
        <h3 id="top">Top</h3>
        <h6 id="deep">Deep</h6>
        <h6 id="deepest">Deepest</h6>

        """)
        #expect(rendered.headings.map(\.level) == [3, 6, 6])
    }

    @Test func theTopHeadingLevelPutsTheHighestHeadingThereWhateverItWasWritten() {
        let fromTwo = MarkdownRenderer.render("## Where I am\n\n### Details\n\n## Build", options: MarkdownOptions(topHeadingLevel: 3)) { _ in .unresolved }
        #expect(fromTwo.headings.map(\.level) == [3, 4, 3])
        #expect(fromTwo.html.hasPrefix(#"<h3 id="where-i-am">Where I am</h3>"#))
        let fromOne = MarkdownRenderer.render("# Top\n\n## Under\n\n###### Deepest", options: MarkdownOptions(topHeadingLevel: 3)) { _ in .unresolved }
        #expect(fromOne.headings.map(\.level) == [3, 4, 6])
        let fromFour = MarkdownRenderer.render("#### Deep\n\n##### Deeper", options: MarkdownOptions(topHeadingLevel: 3)) { _ in .unresolved }
        #expect(fromFour.headings.map(\.level) == [3, 4])
        let none = MarkdownRenderer.render("Just text.", options: MarkdownOptions(topHeadingLevel: 3)) { _ in .unresolved }
        #expect(none.headings.isEmpty)
    }

    @Test func headingsNeverTakeTheIdsOfFootnotesOrThePage() {
        let rendered = render("# fn 1\n# fnref-1\n# QL notes\n\nText.[^1]\n\n[^1]: A note.")
        #expect(rendered.headings.map(\.id) == ["h-fn-1", "h-fnref-1", "h-ql-notes"])
        #expect(rendered.html.contains(#"<li id="fn-1">"#))
    }

    @Test func duplicatesGetSuffixes() {
        let ids = render("# Notes\n## Notes\n### Notes\n# Notes 1\n# Notes-1").headings.map(\.id)
        #expect(ids == ["notes", "notes-1", "notes-2", "notes-1-1", "notes-1-2"])
    }

    @Test func nonLatinHeadingsKeepTheirLetters() {
        let headings = render("# Đường về nhà\n## 日本語の見出し\n### हिन्दी शीर्षक\n#### Ελληνικά 2").headings
        #expect(headings.map(\.id) == ["đường-về-nhà", "日本語の見出し", "हिन्दी-शीर्षक", "ελληνικά-2"])
    }

    @Test func punctuationIsDroppedAndEmptySlugsBecomeSection() {
        let headings = render("# What's *this*? (A test!)\n# !!!\n# 🐉\n#\n# snake_case & kebab-case").headings
        #expect(headings.map(\.id) == ["whats-this-a-test", "section", "section-1", "section-2", "snake_case--kebab-case"])
    }

    @Test func wikiLinksInHeadingsUseTheirDisplayedText() {
        let rendered = render("## Meeting [[varre]] and [[x|Y]]", known: ["varre": ("v.html", "White Mask Varré")])
        #expect(rendered.headings == [Heading(level: 2, text: "Meeting White Mask Varré and Y", id: "meeting-white-mask-varré-and-y")])
        #expect(rendered.html.hasPrefix(#"<h2 id="meeting-white-mask-varré-and-y">Meeting <a href="v.html">"#))
    }

    @Test func rawHTMLCannotChangeTheHeadingTag() {
        let rendered = render(#"## <a id="x" onclick="y">Hi</a> "quoted" <b>there</b>"#, unsafeHTML: true)
        #expect(rendered.headings.map(\.id) == ["hi-quoted-there"])
        #expect(rendered.html == #"<h2 id="hi-quoted-there"><a>Hi</a> &quot;quoted&quot; <b>there</b></h2>"# + "\n")
    }

    @Test func headingsInsideContainers() {
        let rendered = render("> # Quoted\n\n- ## Listed")
        #expect(rendered.html == """
        <blockquote>
        <h1 id="quoted">Quoted</h1>
        </blockquote>
        <ul>
        <li>
        <h2 id="listed">Listed</h2>
        </li>
        </ul>

        """)
    }

    @Test func slugKeepsWordCharactersOfEveryScript() {
        #expect(HeadingSlugger.slug("Hello, World!") == "hello-world")
        #expect(HeadingSlugger.slug("  two  spaces ") == "--two--spaces-")
        #expect(HeadingSlugger.slug("Ⅻ ½ ٣") == "ⅻ-½-٣")
        var slugger = HeadingSlugger()
        #expect(["a", "a", "a-1", ""].map { slugger.uniqueSlug(for: $0) } == ["a", "a-1", "a-1-1", "section"])
    }
}
