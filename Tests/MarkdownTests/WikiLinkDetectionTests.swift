import Testing
@testable import Markdown

@Suite struct WikiLinkDetectionTests {
    private func targets(_ source: String) -> [String] {
        MarkdownRenderer.wikiLinks(in: source).map(\.target)
    }

    @Test func targetsAndLabelsAreTrimmed() {
        let links = MarkdownRenderer.wikiLinks(in: "Go to [[ Stormveil Castle | the castle ]] and [[Varré]].")
        #expect(links.map(\.target) == ["Stormveil Castle", "Varré"])
        #expect(links.map(\.label) == ["the castle", nil])
    }

    @Test func kindPrefixesAndExtraPipesStayInTheirPart() {
        let links = MarkdownRenderer.wikiLinks(in: "[[npc:varre|Varré | the guide]]")
        #expect(links.map(\.target) == ["npc:varre"])
        #expect(links.map(\.label) == ["Varré | the guide"])
    }

    @Test func emptyLabelIsNoLabel() {
        let links = MarkdownRenderer.wikiLinks(in: "[[varre|]] [[varre|  ]]")
        #expect(links.map(\.label) == [nil, nil])
    }

    @Test func emptyTargetIsNotALink() {
        #expect(targets("[[]] [[ ]] [[|label]]").isEmpty)
        #expect(html("[[]] [[ ]] [[|label]]") == "<p>[[]] [[ ]] [[|label]]</p>\n")
    }

    @Test func unclosedBracketsStayText() {
        #expect(targets("[[open and [[also open] and ]] and [[x]").isEmpty)
        #expect(html("[[open [[x] ]]") == "<p>[[open [[x] ]]</p>\n")
    }

    @Test func linksHoldNoBrackets() {
        #expect(targets("[[[x]]]") == ["x"])
        #expect(html("[[[x]]]") == "<p>[\(unresolvedOpening)x</span>]</p>\n")
        #expect(targets("[[a[b]]] [[a]b]]").isEmpty)
    }

    @Test func foundInsideEmphasisStrikethroughHeadingsQuotesListsAndTables() {
        let source = """
        # About [[a]]

        *[[b]]* **[[c]]** ~~[[d]]~~

        > [[e]]

        - [[f]]
          1. [[g]]

        | x | y |
        |---|---|
        | [[h]] | [[i\\|label]] |
        """
        let links = MarkdownRenderer.wikiLinks(in: source)
        #expect(links.map(\.target) == ["a", "b", "c", "d", "e", "f", "g", "h", "i"])
        #expect(links.last?.label == "label")
    }

    @Test func notFoundInCode() {
        let source = """
        `[[span]]` and ``[[double]]``

        ```
        [[fenced]]
        ```

            [[indented]]

        ~~~md
        [[tilde]]
        ~~~
        """
        #expect(targets(source).isEmpty)
        #expect(html("`[[x]]`") == "<p><code>[[x]]</code></p>\n")
    }

    @Test(arguments: [false, true])
    func notFoundInRawHTML(unsafeHTML: Bool) {
        let source = """
        <div>
        [[block]]
        </div>

        Inline <a title="[[attribute]]">x</a> and <!-- [[comment]] -->
        """
        #expect(MarkdownRenderer.wikiLinks(in: source, options: MarkdownOptions(unsafeHTML: unsafeHTML)).isEmpty)
    }

    @Test func notFoundInLinksImagesOrAutolinks() {
        let source = """
        [see [[inside]]](/u) ![alt [[image]]](/i.png) <https://example.com/[[auto]]>
        https://example.com/[[bare]] [x](/u "[[title]]")
        """
        #expect(targets(source).isEmpty)
    }

    @Test func escapedOrEntityBracketsDoNotOpenOrClose() {
        #expect(targets(#"\[[a]] [\[b]] [[c\]] [[d]\]"#).isEmpty)
        #expect(targets("&#91;[e]] &lbrack;[f]] [[g&#93;]").isEmpty)
        #expect(html(#"\[[a]]"#) == "<p>[[a]]</p>\n")
        #expect(targets(#"\\[[h]]"#) == ["h"])
    }

    @Test func entitiesInsideTheLinkAreDecoded() {
        #expect(targets("[[Caf&eacute; &amp; Bar]] [[&#x1F409; Dragon]]") == ["Café & Bar", "🐉 Dragon"])
    }

    @Test func aLinkCannotSpanLines() {
        #expect(targets("[[Stormveil\nCastle]]").isEmpty)
    }

    @Test func adjacentAndRepeatedLinks() {
        #expect(targets("[[a]][[b]] [[a]]") == ["a", "b", "a"])
    }

    @Test func footnoteDefinitionsAreSearched() {
        #expect(targets("Note.[^1]\n\n[^1]: See [[Varré]].") == ["Varré"])
    }

    @Test func wikiLinksMatchWhatRenderFinds() {
        let source = "# [[a]]\n\n[[b|B]] `[[c]]` > [[d]]\n\n| [[e]] |\n|---|\n| [[f]] |"
        var resolved: [WikiLink] = []
        _ = MarkdownRenderer.render(source) { link in
            resolved.append(link)
            return .unresolved
        }
        #expect(MarkdownRenderer.wikiLinks(in: source) == resolved)
        #expect(resolved.map(\.target) == ["a", "b", "d", "e", "f"])
    }

    @Test func scannerFindsLinksInLiterals() {
        let matches = WikiLinkScanner.scan(Array("x [[a|b]] [[[c]]] [[ ]] [[d".utf8))
        #expect(matches == [
            WikiLinkScanner.Match(range: 2..<9, target: "a", label: "b"),
            WikiLinkScanner.Match(range: 11..<16, target: "c", label: nil),
        ])
    }

    @Test func scannerHonoursEscapedBrackets() {
        let literal = Array("[[a]] [[b]]".utf8)
        let matches = WikiLinkScanner.scan(literal) { $0 == 0 || $0 == 9 }
        #expect(matches.map(\.target) == [])
        #expect(WikiLinkScanner.scan(literal) { $0 == 0 }.map(\.target) == ["b"])
    }
}
