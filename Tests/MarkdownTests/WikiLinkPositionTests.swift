import Testing
@testable import Markdown

/// Each link must point at its opening `[[` in the file.
@Suite struct WikiLinkPositionTests {
    private func positions(_ source: String, lineOffset: Int = 0) -> [String] {
        MarkdownRenderer.wikiLinks(in: source, options: MarkdownOptions(lineOffset: lineOffset))
            .map { "\($0.target)@\($0.line):\($0.column)" }
    }

    /// Every link of `source` starts with `[[` at its reported position.
    private func expectPointsAtOpeners(_ source: String, count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let links = MarkdownRenderer.wikiLinks(in: source)
        #expect(links.count == count, sourceLocation: sourceLocation)
        for link in links {
            let found = String(String.UnicodeScalarView(text(in: source, line: link.line, column: link.column)))
            #expect(found.hasPrefix("[[\(link.target)") || found.hasPrefix("[["),
                    "\(link.target) at \(link.line):\(link.column) is \(found.prefix(20))", sourceLocation: sourceLocation)
        }
    }

    @Test func paragraphs() {
        #expect(positions("Met [[Varré]] here.\nThen [[Margit|him]].") == ["Varré@1:5", "Margit@2:6"])
    }

    @Test func severalOnOneLine() {
        #expect(positions("[[a]] [[b]][[c]] x [[d|e]]") == ["a@1:1", "b@1:7", "c@1:12", "d@1:20"])
    }

    @Test func columnsCountUnicodeScalars() {
        #expect(positions("Été à 日本 [[a]] 🐉 [[b]]") == ["a@1:10", "b@1:18"])
        #expect(positions("e\u{301}e\u{301} [[a]]") == ["a@1:6"])
    }

    @Test func lineOffsetIsAdded() {
        #expect(positions("\n\nx [[a]]", lineOffset: 5) == ["a@8:3"])
    }

    @Test func listItems() {
        let source = """
        - first [[a]]
          continued [[b]]
          - nested *x* [[c]]
        lazy [[d]]
        10. ordered [[e]]
        """
        #expect(positions(source) == ["a@1:9", "b@2:13", "c@3:16", "d@4:6", "e@5:13"])
    }

    @Test func blockQuotes() {
        let source = """
        > quote [[a]]
        > > deep `[[no]]` [[b]]
        lazy [[c]]
        >    indented [[d]]
        """
        #expect(positions(source) == ["a@1:9", "b@2:19", "c@3:6", "d@4:15"])
    }

    @Test func tables() {
        let source = """
        | npc | where |
        |-----|:-----:|
        | [[a]] | [[a]] and [[b\\|B]] |
          [[c]] | x
        """
        #expect(positions(source) == ["a@3:3", "a@3:11", "b@3:21", "c@4:3"])
    }

    @Test func tableAfterATableLikeParagraph() {
        let source = """
        | paragraph [[a]] |
        | header | [[b]] |
        | --- | --- |
        | [[c]] | x [[d]] |
        """
        #expect(positions(source) == ["a@1:13", "b@2:12", "c@4:3", "d@4:13"])
    }

    @Test func headings() {
        let source = """
        # ATX [[a]] #

        Setext [[b]]
        and [[c]]
        ===
        """
        #expect(positions(source) == ["a@1:7", "b@3:8", "c@4:5"])
    }

    @Test func codeSpansBeforeALinkDoNotMislead() {
        #expect(positions("`[[a]]` [[a]] ``x ` [[a]]`` [[a]]") == ["a@1:9", "a@1:29"])
        #expect(positions("`multi\n[[a]] line` [[a]]") == ["a@2:13"])
    }

    @Test func escapesAndEntitiesBeforeALink() {
        #expect(positions(#"\*x\* &amp; &#x1F409; [[a]] &eacute;&eacute; [[b]]"#) == ["a@1:23", "b@1:46"])
        #expect(positions("[[Caf&eacute;]] [[b]]") == ["Café@1:1", "b@1:17"])
    }

    @Test func linksAndMarkupBeforeALink() {
        #expect(positions(#"[x](/u "[[no]]") ![y](/i.png) <https://e.com> **b** [[a]]"#) == ["a@1:53"])
        #expect(positions("[x](/u \"multi\nline [[no]]\") [[a]]") == ["a@2:15"])
    }

    @Test func rawHTMLBeforeALink() {
        #expect(positions("<span title=\"[[no]]\">[[a]]</span>") == ["a@1:22"])
        #expect(positions("<span\ntitle=\"[[no]]\"> [[a]]") == ["a@2:17"])
    }

    @Test func lineEndings() {
        #expect(positions("a\r\n[[b]]\rc [[d]]\n[[e]]") == ["b@2:1", "d@3:3", "e@4:1"])
    }

    @Test func tabs() {
        #expect(positions("a\t[[b]]\n-\t[[c]]") == ["b@1:3", "c@2:3"])
    }

    @Test func nulCharacters() {
        #expect(positions("\u{0}x\u{0} [[a]]") == ["a@1:5"])
    }

    @Test func footnoteDefinitionsMovedToTheEnd() {
        let source = "Text[^n] [[a]]\n\n[^n]: Note [[b]]\n\nMore [[c]]"
        #expect(positions(source) == ["a@1:10", "c@5:6", "b@3:12"])
    }

    @Test func byteOrderMarkIsNotAColumn() {
        #expect(positions("\u{FEFF}[[a]] [[b]]\n[[c]]") == ["a@1:1", "b@1:7", "c@2:1"])
    }

    @Test func mixedDocumentPointsAtOpeners() {
        let source = """
        ---
        # Elden Ring — [[Limgrave]]

        Met **Varré** at the [[Church of Elleh|church]]; he said `[[nothing]]`,
        then ~~lied~~ about [[Rose Church]].

        > *Quote* from [[Margit]] — "[[Godrick]]"
        > > and [[Morgott]] &amp; [[Melina]]

        1. [[Stormveil Castle]]
           - [ ] find [[Rogier]] (near [[Stormveil Castle]])

        | Boss | Where |
        |------|-------|
        | [[Margit]] | [[Stormhill\\|the hill]] |

        Footnote[^1] and [[Ranni]].

        [^1]: Ask [[Blaidd]].
        """
        expectPointsAtOpeners(source, count: 14)
    }
}
