@testable import QuestlogCore
import Testing

/// `url` fields name a web page, a mail address or a file of the site: system paths, paths out of
/// `Content/` and script-running schemes are errors at the value.
struct URLFieldTests {
    static func problems(image: String, website: String) -> [String] {
        let site = TestSite([
            "questlog.yml": "kinds:\n  npc:\n    fields:\n      website: url\n",
            "Content/g/game.md": "---\ntitle: G\n---\n",
            "Content/g/npcs/a.md": "---\nname: A\nimage: \(image)\nwebsite: \(website)\n---\n",
        ])
        defer { site.remove() }
        return site.resolve(jobs: 1).diagnostics.formattedText().split(separator: "\n").map(String.init)
    }

    @Test(arguments: [
        ("/etc/passwd", "'/etc/passwd' leads outside Content/; keep the file inside the site's content [path-outside-content]"),
        ("../../../../etc/passwd", "'../../../../etc/passwd' leads outside Content/; keep the file inside the site's content [path-outside-content]"),
        ("//evil.example/x.png", "'//evil.example/x.png' leads outside Content/; keep the file inside the site's content [path-outside-content]"),
        ("file:///etc/passwd", "expected a URL (https://… or a relative path), found \"file:///etc/passwd\" [type-mismatch]"),
        ("\"javascript:alert(1)\"", "expected a URL (https://… or a relative path), found \"javascript:alert(1)\" [type-mismatch]"),
        ("\" JaVaScRiPt:alert(1)\"", "expected a URL (https://… or a relative path), found \" JaVaScRiPt:alert(1)\" [type-mismatch]"),
        ("\"java\\tscript:alert(1)\"", "expected a URL (https://… or a relative path), found \"java\\tscript:alert(1)\" [type-mismatch]"),
        ("\"data:text/html,<script>alert(1)</script>\"", "expected a URL (https://… or a relative path), found \"data:text/html,<script>alert(1)</script>\" [type-mismatch]"),
        ("\"data:image/png;base64,iVBORw0KGgo=\"", "expected a URL (https://… or a relative path), found \"data:image/png;base64,iVBORw0KGgo=\" [type-mismatch]"),
        ("vbscript:msgbox", "expected a URL (https://… or a relative path), found \"vbscript:msgbox\" [type-mismatch]"),
    ])
    func refusedValuesAreErrorsAtTheirLineAndColumn(_ value: String, _ message: String) {
        #expect(Self.problems(image: value, website: value) == [
            "Content/g/npcs/a.md:3:8: error: image: \(message)",
            "Content/g/npcs/a.md:4:10: error: website: \(message)",
        ])
    }

    @Test func webAndMailAddressesAreKept() {
        #expect(Self.problems(image: "https://example.org/a.png", website: "mailto:tom@example.org").isEmpty)
    }
}
