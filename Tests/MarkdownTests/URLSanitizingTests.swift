import Testing
@testable import Markdown

@Suite struct URLSanitizingTests {
    static let dangerousDestinations = [
        "javascript:alert(1)",
        "JaVaScRiPt:alert(1)",
        "<javascript:alert(1)>",
        "java&#x09;script:alert(1)",
        "java&#10;script:alert(1)",
        "&#106;avascript:alert(1)",
        "&#x6A;&#x61;vascript:alert(1)",
        "javascript&colon;alert(1)",
        " javascript:alert(1)",
        "< javascript:alert(1)>",
        "<\tjavascript:alert(1)>",
        "vbscript:msgbox(1)",
        "VBScript:msgbox(1)",
        "file:///etc/passwd",
        "FILE:///c:/windows",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "data:image/png;base64,iVBORw0KGgo=",
        "DATA:text/html,x",
    ]

    @Test(arguments: dangerousDestinations, [false, true])
    func dangerousLinksLoseTheirURL(destination: String, unsafeHTML: Bool) {
        let rendered = html("[click](\(destination))", unsafeHTML: unsafeHTML)
        #expect(rendered == "<p><a href=\"\">click</a></p>\n")
    }

    @Test(arguments: [false, true])
    func dangerousAutolinksLoseTheirURL(unsafeHTML: Bool) {
        #expect(html("<javascript:alert(1)>", unsafeHTML: unsafeHTML) == "<p><a href=\"\">javascript:alert(1)</a></p>\n")
        #expect(html("<vbscript:x>", unsafeHTML: unsafeHTML) == "<p><a href=\"\">vbscript:x</a></p>\n")
    }

    @Test(arguments: [false, true])
    func dangerousReferenceLinksLoseTheirURL(unsafeHTML: Bool) {
        let rendered = html("[x][r] ![y][r]\n\n[r]: javascript:alert(1)", unsafeHTML: unsafeHTML)
        #expect(rendered == "<p><a href=\"\">x</a> <img src=\"\" alt=\"y\" /></p>\n")
    }

    @Test(arguments: [false, true])
    func imagesKeepOnlyRasterDataURLs(unsafeHTML: Bool) {
        for type in ["png", "gif", "jpeg", "webp", "PNG"] {
            #expect(html("![i](data:image/\(type);base64,AAAA)", unsafeHTML: unsafeHTML)
                == "<p><img src=\"data:image/\(type);base64,AAAA\" alt=\"i\" /></p>\n")
        }
        for url in ["data:image/svg+xml;base64,AAAA", "data:text/html,x", "javascript:alert(1)", "file:///x.png"] {
            #expect(html("![i](\(url))", unsafeHTML: unsafeHTML) == "<p><img src=\"\" alt=\"i\" /></p>\n")
        }
    }

    @Test(arguments: [false, true])
    func ordinaryURLsAreKept(unsafeHTML: Bool) {
        let cases = [
            "https://example.com/a?b=c#d": "https://example.com/a?b=c#d",
            "../npcs/varre.html": "../npcs/varre.html",
            "#sites-of-grace": "#sites-of-grace",
            "mailto:me@example.com": "mailto:me@example.com",
            "notes/javascript:intro.html": "notes/javascript:intro.html",
            "javascript-guide.html": "javascript-guide.html",
            "%20javascript:alert(1)": "%20javascript:alert(1)",
        ]
        for (destination, href) in cases {
            #expect(html("[x](\(destination))", unsafeHTML: unsafeHTML) == "<p><a href=\"\(href)\">x</a></p>\n")
        }
    }

    @Test func policyReadsSchemesLikeABrowser() {
        #expect(!LinkURLPolicy.permits(" \u{1}\tJaVa\nScRi\rPt:alert(1)", isImage: false))
        #expect(!LinkURLPolicy.permits("\u{0}javascript:x", isImage: false))
        #expect(LinkURLPolicy.permits("java script:x", isImage: false))
        #expect(LinkURLPolicy.permits("", isImage: false))
        #expect(!LinkURLPolicy.permits("data:image/png;base64,AA", isImage: false))
        #expect(LinkURLPolicy.permits("data:image/png;base64,AA", isImage: true))
        #expect(LinkURLPolicy.permits("data:image/webp,AA", isImage: true))
        #expect(!LinkURLPolicy.permits("data:image/pngx;base64,AA", isImage: true))
    }

    @Test func resolvedWikiLinksFollowThePolicyToo() {
        let rendered = render("[[Evil]]", known: ["Evil": ("javascript:alert(1)", "Evil")])
        #expect(rendered.html == "<p><a href=\"\">Evil</a></p>\n")
    }
}
