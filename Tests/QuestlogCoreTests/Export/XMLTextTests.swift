@testable import QuestlogCore
import Testing

struct XMLTextTests {
    @Test func escapesMarkup() {
        #expect(XMLText.content("<script>alert(\"x\") & 'y'</script>")
            == "&lt;script&gt;alert(&quot;x&quot;) &amp; 'y'&lt;/script&gt;")
    }

    @Test func dropsWhatXMLForbidsAndKeepsLineBreaks() {
        #expect(XMLText.content("a\u{0}b\u{1}c\u{B}d\u{C}e\u{1F}f\u{FFFE}g\u{FFFF}h") == "abcdefgh")
        #expect(XMLText.content("tab\there\nline\r\nend") == "tab\there\nline&#13;\nend")
        #expect(XMLText.allowed("ok\u{7}") == "ok")
        #expect(XMLText.allowed("Bà Đường 🐉") == "Bà Đường 🐉")
    }

    @Test func attributesKeepTabsAndLineBreaksEscaped() {
        #expect(XMLText.attribute("a\tb\nc\rd\"") == "a&#9;b&#10;c&#13;d&quot;")
    }
}
