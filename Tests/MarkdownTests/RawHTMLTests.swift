import Testing
@testable import Markdown

@Suite struct RawHTMLTests {
    @Test func rawHTMLIsOmittedByDefault() {
        let source = "<div class=\"x\">block</div>\n\nInline <b>bold</b> <img src=x onerror=alert(1)>\n"
        #expect(html(source) == """
        <!-- raw HTML omitted -->
        <p>Inline <!-- raw HTML omitted -->bold<!-- raw HTML omitted --> <!-- raw HTML omitted --></p>

        """)
    }

    @Test func unsafeHTMLKeepsRawHTML() {
        let source = "<div class=\"x\">block</div>\n\nInline <b>bold</b>\n"
        #expect(html(source, unsafeHTML: true) == """
        <div class="x">block</div>
        <p>Inline <b>bold</b></p>

        """)
    }

    @Test(arguments: ["script", "iframe", "style", "textarea", "title", "xmp", "noembed", "noframes", "plaintext"])
    func dangerousTagsAndBlocksOfThemAreDroppedInUnsafeMode(tag: String) {
        let rendered = html("Inline <\(tag)>x</\(tag)>\n\n<\(tag)>\nblock\n</\(tag)>\n", unsafeHTML: true)
        #expect(rendered.hasPrefix("<p>Inline x</p>\n"))
        #expect(!rendered.contains("block"))
        #expect(!rendered.contains("<\(tag)"))
    }

    @Test func tagFilterIsCaseInsensitive() {
        let rendered = html("<SCRIPT>alert(1)</SCRIPT> <ScRiPt>x</sCrIpT>", unsafeHTML: true)
        #expect(!rendered.lowercased().contains("<script"))
    }

    @Test func safeModeNeverLetsScriptsThrough() {
        let rendered = html("<script>alert(1)</script>\n\nText <script>alert(2)</script>")
        #expect(!rendered.contains("<script"))
        #expect(!rendered.contains("&lt;script"))
        #expect(rendered.contains("<!-- raw HTML omitted -->"))
    }
}
