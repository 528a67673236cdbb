import Testing
@testable import Markdown

@Suite struct GFMRenderingTests {
    @Test func paragraphsAndEmphasis() {
        #expect(html("Hello *world* and **bold**.") == "<p>Hello <em>world</em> and <strong>bold</strong>.</p>\n")
    }

    @Test func tablesWithAlignment() {
        let source = """
        | Name | Level | Status |
        |:-----|:-----:|-------:|
        | Varré | 12 | *alive* |
        """
        #expect(html(source) == """
        <table>
        <thead>
        <tr>
        <th align="left">Name</th>
        <th align="center">Level</th>
        <th align="right">Status</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td align="left">Varré</td>
        <td align="center">12</td>
        <td align="right"><em>alive</em></td>
        </tr>
        </tbody>
        </table>

        """)
    }

    @Test func strikethrough() {
        #expect(html("~~Kill Margit~~ done") == "<p><del>Kill Margit</del> done</p>\n")
    }

    @Test func autolinks() {
        #expect(html("See www.example.com and https://example.org/a?b=1.")
            == #"<p>See <a href="http://www.example.com">www.example.com</a> and <a href="https://example.org/a?b=1">https://example.org/a?b=1</a>.</p>"# + "\n")
        #expect(html("Mail varre@example.com") == #"<p>Mail <a href="mailto:varre@example.com">varre@example.com</a></p>"# + "\n")
        #expect(html("<https://example.com>") == #"<p><a href="https://example.com">https://example.com</a></p>"# + "\n")
    }

    @Test func taskLists() {
        #expect(html("- [ ] Find Varré\n- [x] Rest at grace") == """
        <ul>
        <li><input type="checkbox" disabled="" aria-label="Find Varré" /> Find Varré</li>
        <li><input type="checkbox" disabled="" checked="" aria-label="Rest at grace" /> Rest at grace</li>
        </ul>

        """)
    }

    @Test func taskCheckboxesAreNamedByTheirItemEvenWhenLooseNestedOrEmpty() {
        #expect(html("- [x] Beat *Margit* \"the\" <b>Omen</b>\n\n- [ ] Rest") == """
        <ul>
        <li>
        <p><input type="checkbox" disabled="" checked="" aria-label="Beat Margit &quot;the&quot; Omen" /> Beat <em>Margit</em> &quot;the&quot; <!-- raw HTML omitted -->Omen<!-- raw HTML omitted --></p>
        </li>
        <li>
        <p><input type="checkbox" disabled="" aria-label="Rest" /> Rest</p>
        </li>
        </ul>

        """)
        #expect(html("- [ ] Outer\n  - [x] Inner").contains(#"<input type="checkbox" disabled="" aria-label="Outer" /> Outer"#))
        #expect(html("- [ ] Outer\n  - [x] Inner").contains(#"aria-label="Inner" /> Inner"#))
        #expect(html("- [ ]").contains("<li>") == true)
    }

    @Test func footnotes() {
        let rendered = html("Told me to go.[^1]\n\n[^1]: He lied.")
        #expect(rendered.contains(##"<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" data-footnote-ref>1</a></sup>"##))
        #expect(rendered.contains(#"<li id="fn-1">"#))
        #expect(rendered.contains("He lied."))
    }

    @Test func fencedCodeKeepsItsLanguageAsAClass() {
        #expect(html("```swift\nlet x = [[1]]\n```") == "<pre><code class=\"language-swift\">let x = [[1]]\n</code></pre>\n")
    }

    @Test func punctuationStaysAsWritten() {
        #expect(html(#"He said "wait" -- then left..."#) == "<p>He said &quot;wait&quot; -- then left...</p>\n")
    }

    @Test func textIsEscaped() {
        #expect(html("1 < 2 & 3 > 2") == "<p>1 &lt; 2 &amp; 3 &gt; 2</p>\n")
    }

    @Test func nulBecomesReplacementCharacter() {
        #expect(html("a\u{0}b") == "<p>a\u{FFFD}b</p>\n")
    }

    @Test func emptyInput() {
        let rendered = render("")
        #expect(rendered.html == "")
        #expect(rendered.plainText == "")
        #expect(rendered.wikiLinks.isEmpty)
        #expect(rendered.headings.isEmpty)
    }
}
