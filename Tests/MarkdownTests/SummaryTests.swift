import Testing
@testable import Markdown

@Suite struct SummaryTests {
    @Test func firstParagraphAsInlineHTML() {
        let summary = MarkdownRenderer.summary("# Margit\n\nThe **Fell** Omen, at [[Stormveil|the castle]] & [[Limgrave]].\n\nSecond.")
        #expect(summary.html == "The <strong>Fell</strong> Omen, at the castle &amp; Limgrave.")
        #expect(summary.plainText == "The Fell Omen, at the castle & Limgrave.")
    }

    @Test func linksEmbedsImagesRawHTMLAndFootnotesAreDropped() {
        let source = "See [the map](map.md) ![pic](p.png) ![[Other]] <b>bold</b> #tag[^1].\n\n[^1]: Note."
        let summary = MarkdownRenderer.summary(source, options: MarkdownOptions(unsafeHTML: true))
        #expect(summary.html == #"See the map   bold <span class="inline-tag">#tag</span>."#)
        #expect(!summary.html.contains("<a") && !summary.html.contains("<img") && !summary.html.contains("<b>"))
    }

    @Test func longTextIsCutAtAWord() {
        let words = (1...100).map { "word\($0)" }.joined(separator: " ")
        let summary = MarkdownRenderer.summary("*\(words)*")
        #expect(summary.html.hasPrefix("<em>word1 word2 "))
        #expect(summary.html.hasSuffix("…</em>"))
        #expect(summary.plainText.count <= MarkdownRenderer.summaryLength + 1)
        #expect(summary.plainText.dropLast().split(separator: " ").allSatisfy { $0.hasPrefix("word") && Int($0.dropFirst(4)) != nil })
        #expect(MarkdownRenderer.summary("Short.").plainText == "Short.")
    }

    @Test func noParagraphNoSummary() {
        #expect(MarkdownRenderer.summary("# Only a heading\n\n- a list").html == "")
        #expect(MarkdownRenderer.summary("").plainText == "")
    }

    @Test(arguments: [false, true])
    func summariesAreEscaped(unsafeHTML: Bool) {
        let summary = MarkdownRenderer.summary("<script>alert(1)</script> &lt;i&gt; [[<x>|\"q\"]]", options: MarkdownOptions(unsafeHTML: unsafeHTML))
        #expect(!summary.html.contains("<script") && !summary.html.contains("<i>"))
    }
}
