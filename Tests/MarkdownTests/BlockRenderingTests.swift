import Foundation
import Testing
@testable import Markdown

/// `render` works one top-level block at a time, freeing each once written; what it returns,
/// and the order in which it asks about links, must be those of the passes over the whole tree.
@Suite struct BlockRenderingTests {
    /// What a rendering returned, with every question it asked, in order.
    struct Outcome: Equatable {
        var rendered: RenderedMarkdown
        var questions: [String]
    }

    static func outcome(_ source: String, options: MarkdownOptions, wholeDocument: Bool) -> Outcome {
        var questions: [String] = []
        let resolve = { (link: WikiLink) -> WikiLinkResolution in
            questions.append("link \(link.target) \(link.line):\(link.column)")
            switch link.target.unicodeScalars.count % 6 {
            case 0: return .resolved(href: "page.html#" + link.target, title: link.target)
            case 1: return .unresolved
            case 2: return .text
            case 3: return .image(src: link.target, alt: link.label ?? "<alt>", width: link.label.flatMap { Int($0) })
            case 4: return .embed(href: "e.html", title: link.target, previewHTML: MarkdownRenderer.summary(link.target).html)
            default: return .resolved(href: "javascript:x()", title: "")
            }
        }
        let rewrite = { (url: LinkURL) -> LinkURLRewrite in
            questions.append("url \(url.url) \(url.line):\(url.column)")
            switch url.url.unicodeScalars.count % 3 {
            case 0: return .keep
            case 1: return .replace("../" + url.url)
            default: return .remove
            }
        }
        let rendered = wholeDocument
            ? MarkdownRenderer.renderWholeDocument(source, options: options, resolve: resolve, rewriteURL: rewrite)
            : MarkdownRenderer.render(source, options: options, resolve: resolve, rewriteURL: rewrite)
        return Outcome(rendered: rendered, questions: questions)
    }

    static let optionSets: [MarkdownOptions] = [
        MarkdownOptions(),
        MarkdownOptions(unsafeHTML: true, lineOffset: 4, topHeadingLevel: 3, calloutTitles: ["note": "<Note & \"title\">"]),
        MarkdownOptions(headingOffset: 2),
    ]

    static let samples: [String] = [
        "",
        "Just text.",
        "# Top\n\nText with [[Link]] and #tag.\n\n## Second\n\n# Top\n\nMore [[Other|label]] #Tag #tag.\n",
        "Setext\n======\n\nPara\n---\n\n***\n",
        "A footnote[^1] and another[^two] and again[^1].\n\n[^1]: First, with [[Link]].\n\n    code in it\n\n[^two]: Second #tag.\n\nAfter the footnotes.\n",
        "Only a reference[^x].\n\n[^x]: The note.",
        "> [!warning]- Beware\n> The bridge is out.\n\n> [!spoiler] Who\n> > [!tip]+ nested\n> > text #tag\n\n> [!note]\n> titled by default\n",
        "| a | b |\n|---|---|\n| [[x]] | `c` \\| d |\n| #t | [l](u) |\n\nAfter.",
        "- [ ] task [[one]]\n- [x] done\n\n1. tight\n2. list\n\n* loose\n\n* list\n",
        "<div>raw <script>x()</script></div>\n\nText <b>bold</b> <img src=x onerror=y>\n\n<!-- comment -->",
        "```swift\nlet x = \"[[not a link]]\"\n```\n\n    indented [[code]]\n\n`span [[x]]` and [[y]]",
        "[ref] and [link](http://example.com \"t\") and ![img](data:image/png;base64,xx) <http://auto.link> www.example.com\n\n[ref]: /defined\n",
        "Line one  \nline two\\\nline three\nlazy\n> quote\ncontinued\n\n\n\ntrailing",
        "![[Embedded]] and ![[pic.png|200]] and \\[[escaped]] and [[a\nb]]",
        "# Only a heading",
        "<details>\n\n# Heading in HTML\n\n</details>\n",
        "Text\n\n[^unused]: never referenced\n\nEnd.",
    ]

    @Test func samplesRenderAsTheWholeDocumentDoes() {
        for source in Self.samples {
            for options in Self.optionSets {
                let blocks = Self.outcome(source, options: options, wholeDocument: false)
                let whole = Self.outcome(source, options: options, wholeDocument: true)
                #expect(blocks == whole, "\(source.debugDescription)")
            }
        }
    }

    /// The fuzzing corpus and every note of the test sites.
    @Test func corpusAndFixturesRenderAsTheWholeDocumentDoes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var sources: [String] = []
        for folder in ["Fuzz/corpus/FuzzMarkdown", "Tests/Fixtures"] {
            let base = root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for file in files where folder.hasPrefix("Fuzz") || file.pathExtension == "md" {
                guard let data = try? Data(contentsOf: file) else { continue }
                sources.append(MarkdownRenderer.removingComments(String(decoding: folder.hasPrefix("Fuzz") ? data.dropFirst() : data, as: UTF8.self)))
            }
        }
        #expect(sources.count > 100)
        for source in sources {
            for options in Self.optionSets {
                let blocks = Self.outcome(source, options: options, wholeDocument: false)
                let whole = Self.outcome(source, options: options, wholeDocument: true)
                #expect(blocks == whole, "\(source.prefix(200).debugDescription)")
            }
        }
    }

    /// A note past `bigNoteBytes` reserves its output and gives memory back as it goes.
    @Test func bigNoteRendersAsTheWholeDocumentDoes() {
        var source = "# Big\n\n"
        var part = 0
        while source.utf8.count <= CMarkDocument.bigNoteBytes + 4096 {
            source += "## Part \(part)\n\nSome *text* with [[Link \(part % 7)]], a footnote[^\(part % 3)] and #tag\(part % 5).\n\n"
            source += "> [!note]\n> In a callout: [link](page\(part).html)\n\n| a | b |\n|---|---|\n| \(part) | [[x]] |\n\n- [ ] task \(part)\n\n"
            part += 1
        }
        source += "[^0]: Zero.\n\n[^1]: One [[Link]].\n\n[^2]: Two.\n"
        let options = MarkdownOptions(topHeadingLevel: 3)
        let blocks = Self.outcome(source, options: options, wholeDocument: false)
        let whole = Self.outcome(source, options: options, wholeDocument: true)
        #expect(blocks.rendered.html.utf8.count > CMarkDocument.bigNoteBytes)
        #expect(blocks.rendered.html.hasSuffix("</ol>\n</section>\n"))
        // Compared apart from the expectation, so a failure does not print megabytes.
        let same = blocks == whole
        #expect(same)
    }
}
