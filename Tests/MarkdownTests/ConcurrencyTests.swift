import Dispatch
import Foundation
import Testing
@testable import Markdown

/// cmark-gfm 0.29.0.gfm.6 shares inline parser state between parses; rendering must not.
@Suite struct ConcurrencyTests {
    static let corpus: [String] = (0..<24).map { index in
        """
        # Note \(index) with ~~struck~~ text

        Visit www.example\(index).com or https://example.org/\(index) and ~~skip~~ [[Target \(index)]].
        Mail npc\(index)@example.com; **bold ~~both~~** and `~~code~~`.

        | Boss | Where | Done |
        |------|:-----:|-----:|
        | [[Margit\\|the Omen]] | https://e.com/\(index) | ~~yes~~ |
        | Godrick | [[Stormveil Castle]] | no |

        - [ ] find [[Varré]] ~~at once~~
        - [x] rest at www.grace\(index).org

        > Quote with ~~strike~~ and [[Missing \(index)]] <https://quoted.example/\(index)>

        Footnote[^\(index)] <b>raw</b>

        [^\(index)]: Note with ~~strike~~ and [[Ranni]].

        > [!spoiler]- Who is \(index)? #spoiler
        > > [!note] ![[Map \(index).png|300]] and ![[Melina]]
        > > See [the map](maps/\(index).md) and ![a pic](p\(index).png) #map/\(index)

        %%hidden [[Secret \(index)]]%% [[#Heading \(index)]] #tag\(index)
        """
    }

    static func renderCorpus() -> [RenderedMarkdown] {
        corpus.enumerated().map { index, note in
            let source = MarkdownRenderer.removingComments(note)
            let options = MarkdownOptions(unsafeHTML: index.isMultiple(of: 2))
            return MarkdownRenderer.render(source, options: options, resolve: { link in
                if link.target.hasPrefix("Missing") {
                    return .unresolved
                }
                if link.isEmbed, link.target.hasSuffix(".png") {
                    return .image(src: link.target, alt: link.target, width: link.label.flatMap { Int($0) })
                }
                if link.isEmbed {
                    let preview = MarkdownRenderer.summary("The **\(link.target)** of [[note \(index)]].", options: options)
                    return .embed(href: "\(link.target).html", title: link.target, previewHTML: preview.html)
                }
                return .resolved(href: "\(link.target).html", title: link.target)
            }, rewriteURL: { url in
                url.url.hasSuffix(".md") ? .replace("\(url.url)@\(url.line):\(url.column)") : .keep
            })
        }
    }

    private final class Mismatches: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        func add(_ value: Int) {
            lock.lock()
            count += value
            lock.unlock()
        }

        var total: Int {
            lock.lock()
            defer { lock.unlock() }
            return count
        }
    }

    @Test func corpusUsesEveryExtension() {
        let first = Self.renderCorpus()[0].html
        for fragment in ["<del>", "<table>", "<a href=\"http://www.example0.com\">", "type=\"checkbox\"", "footnote-ref",
                         "<a href=\"Varr%C3%A9.html\">", "the Omen</a>", "<details class=\"callout callout-spoiler\">",
                         "<p class=\"callout-title\"><img src=\"Map 0.png\"", "loading=\"lazy\" width=\"300\">", "class=\"embed-preview\">The",
                         "href=\"maps/0.md@22:9\"", "<span class=\"inline-tag\">#tag0</span>"] {
            #expect(first.contains(fragment))
        }
        #expect(Self.renderCorpus()[0].callouts.map(\.type) == ["spoiler", "note"])
        #expect(!first.contains("Secret"))
    }

    @Test func concurrentRenderingMatchesSerialRendering() {
        let expected = Self.renderCorpus()
        let mismatches = Mismatches()
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            let results = Self.renderCorpus()
            mismatches.add(zip(results, expected).filter { $0 != $1 }.count)
        }
        #expect(mismatches.total == 0)
    }

    @Test func concurrentRenderingFromThreadsMatchesSerialRendering() {
        let expected = Self.renderCorpus()
        let mismatches = Mismatches()
        let group = DispatchGroup()
        for _ in 0..<8 {
            group.enter()
            Thread.detachNewThread {
                for _ in 0..<8 {
                    mismatches.add(zip(Self.renderCorpus(), expected).filter { $0 != $1 }.count)
                }
                group.leave()
            }
        }
        group.wait()
        #expect(mismatches.total == 0)
    }
}
