@testable import Markdown
import Testing

/// What raw HTML keeps: allowed elements and attributes rewritten by the sanitizer, everything
/// else dropped or escaped.
struct HTMLSanitizerTests {
    @Test(arguments: [
        (#"<a href="https://example.org/?a=1&b=2" title='Tip "x"'>x</a>"#, #"<a href="https://example.org/?a=1&amp;b=2" title="Tip &quot;x&quot;">x</a>"#),
        ("<A HREF=http://66.102.7.147/>XSS</A>", #"<a href="http://66.102.7.147/">XSS</a>"#),
        (#"<img src="map.png" alt="Map" width=300 onerror="x()">"#, #"<img src="map.png" alt="Map" width="300">"#),
        (#"<img src="data:image/png;base64,iVBORw0KGgo=">"#, #"<img src="data:image/png;base64,iVBORw0KGgo=">"#),
        (#"<a href="data:image/png;base64,iVBORw0KGgo=">x</a>"#, "<a>x</a>"),
        (#"<a href="jav&#x09;ascript:x()">x</a>"#, "<a>x</a>"),
        (#"<a href="&#106;avascript&colon;x()">x</a>"#, "<a>x</a>"),
        (#"<a href="&unknown;javascript:x()">x</a>"#, #"<a href="&amp;unknown;javascript:x()">x</a>"#),
        (#"<div class="box" style="color: red" id="top" data-x="1">text</div>"#, #"<div class="box">text</div>"#),
        ("<details open ontoggle=x()><summary>Who</summary>Ranni</details>", #"<details open=""><summary>Who</summary>Ranni</details>"#),
        ("<script>alert(1)</script>after", "after"),
        ("<style>p { color: red }</style><p>kept</p>", "<p>kept</p>"),
        ("<textarea><img src=x onerror=y()></textarea>after", "after"),
        ("<noscript><p title=\"</noscript><img src=x onerror=y()>\">", #"<img src="x">"&gt;"#),
        ("<plaintext><b>rest</b>", ""),
        ("<font color=red>text</font>", "text"),
        ("<!-- a comment --><b>b</b><!doctype html><?php x ?>", "<b>b</b>"),
        ("<!--><b>b</b>-->", "<b>b</b>--&gt;"),
        ("<!-- unclosed <b>b</b>", ""),
        ("a < b > c & d", "a &lt; b &gt; c & d"),
        ("<b>bold</b> <br/> <hr> </br> </>", "<b>bold</b> <br> <hr>  "),
        (#"<img/src="x"/alt="y"/>"#, #"<img src="x" alt="y">"#),
        (#"<img src="a" src="javascript:x()" SRC=b>"#, #"<img src="a">"#),
        ("<img src=\"x\" onerror=\"y()\"", ""),
        (#"</p title="><script>">after"#, "</p>after"),
        ("<svg><a xlink:href=\"javascript:x()\">t</a></svg>", "<a>t</a>"),
        ("<img srcset=\"a.png 1x, javascript:x() 2x\" src=a.png>", #"<img src="a.png">"#),
        ("<img srcset=\"a.png 1x, b.png 2x\">", #"<img srcset="a.png 1x, b.png 2x">"#),
        ("<video poster=javascript:x() src=clip.webm controls></video>", #"<video src="clip.webm" controls=""></video>"#),
    ])
    func sanitizes(_ input: String, _ expected: String) {
        #expect(HTMLSanitizer.sanitize(input) == expected)
    }

    @Test func rawHTMLInANoteIsSanitizedInBlocksAndInline() {
        let source = "<div onclick=\"x()\">\n<script>alert(1)</script>\n</div>\n\nInline <b onmouseover=x()>bold</b> and [[Link]]\n"
        #expect(html(source, unsafeHTML: true) == """
        <div>

        </div>
        <p>Inline <b>bold</b> and \(unresolvedOpening)Link</span></p>

        """)
    }

    @Test func wikiLinkPositionsStayRightAfterRawHTML() {
        let links = render("<span title=\"a\">x</span> [[Target]]\n", unsafeHTML: true).wikiLinks
        #expect(links.map(\.column) == [26])
    }
}
