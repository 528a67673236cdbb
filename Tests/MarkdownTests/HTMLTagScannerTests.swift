@testable import Markdown
import Testing

/// Tags read the way browsers read them.
struct HTMLTagScannerTests {
    @Test func attributesInEveryForm() {
        #expect(HTMLTagScanner.tokens(of: #"<A Href="x" b='y' c=z/d e =  f g>"#) == [
            .startTag(name: "a", attributes: [
                HTMLAttribute(name: "href", value: "x"), HTMLAttribute(name: "b", value: "y"),
                HTMLAttribute(name: "c", value: "z/d"), HTMLAttribute(name: "e", value: "f"),
                HTMLAttribute(name: "g", value: ""),
            ]),
        ])
    }

    @Test func oddCharactersGoWhereBrowsersPutThem() {
        #expect(HTMLTagScanner.tokens(of: #"<img =x "a'=b src="1"onerror=2>"#) == [
            .startTag(name: "img", attributes: [
                HTMLAttribute(name: "=x", value: ""), HTMLAttribute(name: "\"a'", value: "b"),
                HTMLAttribute(name: "src", value: "1"), HTMLAttribute(name: "onerror", value: "2"),
            ]),
        ])
    }

    @Test func commentsAndDeclarations() {
        #expect(HTMLTagScanner.tokens(of: "<!-->a<!--->b<!-- x --!>c<!-- y -->d<!x>e<?y>f</ z>g</>h") == [
            .ignored, .text("a"), .ignored, .text("b"), .ignored, .text("c"), .ignored, .text("d"),
            .ignored, .text("e"), .ignored, .text("f"), .ignored, .text("g"), .ignored, .text("h"),
        ])
    }

    @Test func rawTextRunsToItsEndTag() {
        #expect(HTMLTagScanner.tokens(of: "<script>a</scripty></b></SCRIPT >c") == [
            .startTag(name: "script", attributes: []), .endTag(name: "script"), .text("c"),
        ])
    }

    @Test func aLoneLessThanIsText() {
        #expect(HTMLTagScanner.tokens(of: "1 < 2 <3 <") == [.text("1 "), .text("<"), .text(" 2 "), .text("<"), .text("3 "), .text("<")])
    }
}
