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

    /// How a note is rendered: in parts as small as can be, as one document block by block, or
    /// pass by pass over the whole tree.
    enum Way: CaseIterable {
        /// As the resolver renders.
        case standard
        case parts
        case blocks
        case wholeDocument
    }

    static func outcome(_ source: String, options: MarkdownOptions, way: Way) -> Outcome {
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
        let rendered = switch way {
        case .standard: MarkdownRenderer.render(source, options: options, resolve: resolve, rewriteURL: rewrite)
        case .parts: MarkdownRenderer.render(source, options: options, partBytes: 1, resolve: resolve, rewriteURL: rewrite)
        case .blocks: MarkdownRenderer.render(source, options: options, partBytes: .max, resolve: resolve, rewriteURL: rewrite)
        case .wholeDocument: MarkdownRenderer.renderWholeDocument(source, options: options, resolve: resolve, rewriteURL: rewrite)
        }
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
        "```\nfenced\n\nA blank line in the fence\n```\n\nAfter\n\n~~~~\n\nB\n~~~\n\nC\n~~~~\n\nD",
        "```\nnever closed\n\nE\n\nF",
        "<!--\n\nG comment\n\n-->\n\nH\n\n<script>\n\nI\n\n</script>\n\nJ\n\n<div>\n\nK\n\n</div>\n\n<?\n\nL\n?>\n\nM",
        "- item\n\n  continued\n\n- second\n\nN\n\n1. one\n\n2. two\n\n    indented code\n\nO\n\n+ plus\n\nP",
        "- item\n  ```\n  code\n\nQ\n```\nmore\n```\n\nR\n\n> quote\n\n> another\n\nS\n===\n\nT\n---\n",
        "# Low\n\nU\n\n#### Lower\n\n## High [[x]]\n\nV #tag\n\nW #TAG\n\n| t |\n|---|\n| 1 |\n\nX [l](u) [[y]]",
        "\u{FEFF}BOM [[z]]\n\nY\n\n\u{FEFF}Z",
        "Tabs\n\t\n\tcode\n\nAA\n \nBB",
    ]

    @Test func samplesRenderAsTheWholeDocumentDoes() {
        for source in Self.samples {
            for options in Self.optionSets {
                let whole = Self.outcome(source, options: options, way: .wholeDocument)
                #expect(Self.outcome(source, options: options, way: .blocks) == whole, "\(source.debugDescription)")
                #expect(Self.outcome(source, options: options, way: .parts) == whole, "\(source.debugDescription)")
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
                let whole = Self.outcome(source, options: options, way: .wholeDocument)
                #expect(Self.outcome(source, options: options, way: .blocks) == whole, "\(source.prefix(200).debugDescription)")
                #expect(Self.outcome(source, options: options, way: .parts) == whole, "\(source.prefix(200).debugDescription)")
            }
        }
    }

    /// A long note's summary, read only as far as its first paragraph, is the one of the whole note.
    @Test func summaryOfThePartsIsTheSummaryOfTheWholeNote() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var sources = Self.samples
        let base = root.appendingPathComponent("Tests/Fixtures")
        let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "md" {
            guard let data = try? Data(contentsOf: file) else { continue }
            sources.append(String(decoding: data, as: UTF8.self))
        }
        // Notes that open with blocks that are no paragraph, or with one that a blank line does not close.
        sources += ["```\ncode\n\nstill code\n```\n\nFirst *words* here.\n\nMore.\n",
                    "<div>\n\n<b>raw</b>\n\n</div>\n\n# Title\n\nThe [[Paragraph]] at last.\n",
                    "# Title\n\n> quoted\n\n- item\n\n  more of the item\n\nThe first paragraph.\n"]
        #expect(sources.count > 50)
        var checked = 0
        for source in sources {
            let whole = MarkdownRenderer.summary(source, options: MarkdownOptions(), partBytes: Int.max)
            for partBytes in [1, 8, 40, 200] {
                #expect(MarkdownRenderer.summary(source, options: MarkdownOptions(), partBytes: partBytes) == whole,
                        "\(partBytes): \(source.prefix(200).debugDescription)")
            }
            if !whole.plainText.isEmpty { checked += 1 }
        }
        #expect(checked > 20)
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
        let blocks = Self.outcome(source, options: options, way: .blocks)
        let whole = Self.outcome(source, options: options, way: .wholeDocument)
        #expect(blocks.rendered.html.utf8.count > CMarkDocument.bigNoteBytes)
        #expect(blocks.rendered.html.hasSuffix("</ol>\n</section>\n"))
        // Compared apart from the expectation, so a failure does not print megabytes.
        let same = blocks == whole
        #expect(same)
    }

    /// A big note without definitions is parsed in parts of `MarkdownRenderer.partBytes`.
    @Test func bigNoteInPartsRendersAsTheWholeDocumentDoes() {
        var source = "Intro [[Link]].\n\n"
        var part = 0
        while source.utf8.count <= 3 * MarkdownRenderer.partBytes {
            source += "## Part \(part)\n\nSome *text* with [[Link \(part % 7)]] and #tag\(part % 5), <b>raw</b>.\n\n"
            source += "```\ncode \(part)\n\nstill code\n```\n\n<div>\n\n*html* \(part)\n\n</div>\n\n- a\n\n- b\n\n  more\n\n"
            part += 1
        }
        source += "# Last, highest\n"
        let options = MarkdownOptions(unsafeHTML: true, lineOffset: 3, topHeadingLevel: 3)
        #expect(NoteParts.candidateStarts(source.utf8.withContiguousStorageIfAvailable { $0 }!, minimumLength: MarkdownRenderer.partBytes).count > 2)
        let parts = Self.outcome(source, options: options, way: .standard)
        let whole = Self.outcome(source, options: options, way: .wholeDocument)
        #expect(parts.rendered.headings.first?.level == 4)
        let same = parts == whole
        #expect(same)
    }
}
