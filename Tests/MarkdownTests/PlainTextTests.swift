import Testing
@testable import Markdown

@Suite struct PlainTextTests {
    @Test func markupIsRemovedAndBlocksAreSeparated() {
        let source = """
        # Title

        Some *emphasis*, **strong**, ~~struck~~ and `code`.
        A [link](/u) and ![an image](/i.png).

        > Quoted
        > text

        - one
        - two

        | a | b |
        |---|---|
        | c | d |

        ```
        let   x = 1
        ```
        """
        #expect(render(source).plainText
            == "Title Some emphasis, strong, struck and code. A link and an image. Quoted text one two a b c d let x = 1")
    }

    @Test func entitiesAreRealCharacters() {
        #expect(render("Caf&eacute; &amp; &lt;tag&gt; &#x1F409; 1 < 2").plainText == "Café & <tag> 🐉 1 < 2")
    }

    @Test(arguments: [false, true])
    func rawHTMLIsNotText(unsafeHTML: Bool) {
        #expect(render("<div>\nblock\n</div>\n\nA <b>bold</b> word", unsafeHTML: unsafeHTML).plainText == "A bold word")
    }

    @Test func whitespaceCollapses() {
        #expect(render("  a\tb  \n\n\n   c  \nd\\\ne  ").plainText == "a b c d e")
    }

    @Test func wikiLinksContributeLabelsTitlesOrTargets() {
        let rendered = render("[[a]] [[b|Bee]] [[c]] [[d|Dee]]", known: ["c": ("c.html", "Sea"), "d": ("d.html", "Ignored")])
        #expect(rendered.plainText == "a Bee Sea Dee")
    }

    @Test func footnotesContributeTheirTextButNotTheirNumbers() {
        #expect(render("Word[^1] more.\n\n[^1]: The note.").plainText == "Word more. The note.")
    }

    @Test func wordsOnEitherSideOfBreaksStaySeparate() {
        #expect(render("one\ntwo  \nthree").plainText == "one two three")
        #expect(render("# A\nB").plainText == "A B")
    }
}

struct PlainTextWhitespaceTests {
    @Test func everyKindOfWhitespaceCollapsesAndOtherTextStaysByteForByte() {
        var builder = PlainTextBuilder()
        builder.append("  Bà\u{00A0}\u{00A0}Đường\t\r\n龍\u{3000}王 ")
        builder.separate()
        builder.append("é\u{0301}🙂x\u{2028}y ")
        #expect(builder.result == "Bà Đường 龍 王 é\u{0301}🙂x y")
    }
}

@Suite struct PlainTextUnicodeSpaceTests {
    @Test func everyWhiteSpaceScalarCollapsesAndNoOtherDoes() {
        var scalars: [Unicode.Scalar] = []
        for value in [0x85, 0xA0, 0xAD, 0x1680, 0x180E, 0x2000, 0x2005, 0x200A, 0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
                      0xFEFF, 0xE9, 0x4E2D, 0x1F3F0] {
            scalars.append(Unicode.Scalar(value)!)
        }
        for scalar in scalars {
            var builder = PlainTextBuilder()
            builder.append("a\(Character(scalar))b  c")
            let expected = scalar.properties.isWhitespace ? "a b c" : "a\(Character(scalar))b c"
            #expect(builder.result == expected, "U+\(String(scalar.value, radix: 16))")
        }
    }
}

@Suite struct LinkURLPolicyShortcutTests {
    @Test func refusedSchemesAreRefusedHoweverWritten() {
        for url in ["javascript:alert(1)", "JavaScript:x", "vbscript:x", "file:///etc", "data:text/html,x", " javascript:x",
                    "java\tscript:x", "jav\u{0A}ascript:x"] {
            #expect(!LinkURLPolicy.permits(url, isImage: false), "\(url.debugDescription)")
        }
        #expect(LinkURLPolicy.permits("data:image/png;base64,AAAA", isImage: true))
        for url in ["../npcs/varre.html", "https://example.com", "mailto:a@b", "data2:x", "files:x", "#top", "tel:1", "irc:x"] {
            #expect(LinkURLPolicy.permits(url, isImage: false), "\(url.debugDescription)")
        }
    }
}
