import Testing
@testable import Markdown

@Suite struct CommentRemovalTests {
    @Test func aLonePercentSignIsNoComment() {
        #expect(!MarkdownRenderer.hasDoublePercent("50% chance, 100 % sure"))
        #expect(MarkdownRenderer.hasDoublePercent("a %%b"))
        // At either end, after a lone `%`, in a small string and past the first bytes of a long one.
        for text in ["%%", "%%x", "x%%", "%x%%", "%", "", "x%", "% %", String(repeating: "a% ", count: 40) + "%%",
                     String(repeating: "é%", count: 40)] {
            #expect(MarkdownRenderer.hasDoublePercent(text) == text.contains("%%"), "\(text)")
        }
        #expect(MarkdownRenderer.removingComments("50% chance, 100 % sure %") == "50% chance, 100 % sure %")
    }

    private func removing(_ source: String) -> String {
        MarkdownRenderer.removingComments(source)
    }

    @Test func inlineComments() {
        #expect(removing("a %%hidden%% b %%more%%c") == "a  b c")
    }

    @Test func blockCommentsKeepTheirLineBreaks() {
        let source = "before\n%%\nsecret\r\nplans\n%%\nafter [[a]]"
        let removed = removing(source)
        #expect(removed == "before\n\n\r\n\n\nafter [[a]]")
        #expect(MarkdownRenderer.wikiLinks(in: removed).map(\.line) == [6])
    }

    @Test func unclosedCommentRunsToTheEnd() {
        #expect(removing("keep %%drop\nall\nof this") == "keep \n\n")
    }

    @Test func codeKeepsItsPercentSigns() {
        let source = "`%%a%%` ``x %% y`` %%gone%%\n\n```\n%%\nfenced\n%%\n```\n\n    %%indented%%\n\n> ~~~\n> %%quoted%%\n> ~~~"
        #expect(removing(source) == "`%%a%%` ``x %% y`` \n\n```\n%%\nfenced\n%%\n```\n\n    %%indented%%\n\n> ~~~\n> %%quoted%%\n> ~~~")
    }

    @Test func commentsHidingCodeMarkersAreRemovedWhole() {
        // The fence and backtick inside comments must not make later comments look like code.
        #expect(removing("a %%```%% b %%x%%\n\nc %%`%% d %%y%%") == "a  b \n\nc  d ")
        #expect(removing("%%\n```\n%%\ntext %%z%%") == "\n\n\ntext ")
    }

    @Test func removingACommentCanMakeCode() {
        // Once the comment is gone the indented line follows a blank line: it is code.
        #expect(removing("Para\n%%\nx\n%%\n\n    %%kept%%") == "Para\n\n\n\n\n    %%kept%%")
    }

    @Test func sourceWithoutCommentsIsReturnedAsItIs() {
        let source = "100% sure, `%%` in code"
        #expect(removing(source) == source)
        #expect(removing("") == "")
    }

    @Test func nothingOfACommentIsRendered() {
        let rendered = render(removing("Seen %%[[Secret]] #spoiler%% [[Public]]\n\n%%\n> [!note] hidden\n%%"))
        #expect(rendered.wikiLinks.map(\.target) == ["Public"])
        #expect(rendered.tags.isEmpty && rendered.callouts.isEmpty)
        #expect(!rendered.html.contains("Secret") && !rendered.plainText.contains("hidden"))
    }
}
