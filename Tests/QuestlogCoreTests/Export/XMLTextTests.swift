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

extension XMLTextTests {
    static let hostile = [
        "", "plain", "<a href=\"x\">&amp;</a>", "tab\there\nline\r\nend", "a\u{0}b\u{1F}c\u{7F}d",
        "\u{FFFE}\u{FFFF}\u{FFFD}\u{EFFF}", "Bà Đường 🐉 \u{2028}", "ends with >", "\"", String(repeating: "é<", count: 300),
    ]

    @Test func bytesWrittenStraightAreTheEscapedText() {
        for text in Self.hostile {
            var content: [UInt8] = [1]
            XMLText.appendContent(text, to: &content)
            #expect(content == [1] + Array(XMLText.content(text).utf8), "\(text.debugDescription)")
            var attribute: [UInt8] = []
            XMLText.appendAttribute(text, to: &attribute)
            #expect(attribute == Array(XMLText.attribute(text).utf8), "\(text.debugDescription)")
        }
    }

    @Test func aSheetsRelationshipsAndHyperlinksAreWrittenStraightIntoBytes() {
        let links: [String?] = XMLTextTests.hostile.enumerated().map { $0 % 3 == 1 ? nil : "../g/\($1).html" }
        let sheet = XLSXSheet(name: "s", header: ["id", "name"], rows: links.indices.map { [.text("\($0)"), .text("n")] },
                              linkColumn: 1, links: links)
        #expect(sheet.relationshipBytes == sheet.relationships.map { Array($0.utf8) })
        var pieces: [[UInt8]] = []
        sheet.relationships(batch: 2) { pieces.append($0) }
        #expect(pieces.count == links.compactMap { $0 }.count / 2 + 1)
        #expect(Array(pieces.joined()) == sheet.relationshipBytes)
        let expected = "<hyperlinks>" + sheet.hyperlinks.enumerated().map { number, link in
            "<hyperlink ref=\"\(link.cell)\" r:id=\"rId\(number + 1)\"/>"
        }.joined() + "</hyperlinks></worksheet>"
        #expect(sheet.xml(selected: false).hasSuffix(expected))
        let none = XLSXSheet(name: "s", header: ["id"], rows: [[.text("1")]], linkColumn: 0, links: [nil])
        #expect(none.relationshipBytes == nil && none.relationships == nil)
        #expect(!none.xml(selected: false).contains("<hyperlinks>"))
    }
}
