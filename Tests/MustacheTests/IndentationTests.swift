import Mustache
import Testing

@Suite("Indentation of standalone partials, parents and blocks")
struct IndentationTests {
    private func render(_ templates: [String: String], _ data: MustacheValue = [:]) throws -> String {
        try MustacheLibrary(templates: templates).render(named: "page", with: data)
    }

    @Test func nestedStandalonePartialsAddTheirIndentation() throws {
        let templates = [
            "page": "<body>\n  {{>nav}}\n</body>\n",
            "nav": "<nav>\n  {{>links}}\n</nav>\n",
            "links": "<a>{{name}}</a>\n<b>\n",
        ]
        #expect(try render(templates, ["name": "x\ny"]) == "<body>\n  <nav>\n    <a>x\ny</a>\n    <b>\n  </nav>\n</body>\n")
    }

    @Test func emptyLinesStayEmpty() throws {
        let templates = ["page": "<div>\n    {{>body}}\n</div>", "body": "one\n\ntwo\r\n\r\nthree\n"]
        #expect(try render(templates) == "<div>\n    one\n\n    two\r\n\r\n    three\n</div>")
    }

    @Test func linesStartingWithTagsAreIndented() throws {
        let templates = ["page": "\t{{>list}}", "list": "{{#items}}\n{{.}}\n{{/items}}\n{{count}} items\n"]
        #expect(try render(templates, ["items": ["a", "b"], "count": 2]) == "\ta\n\tb\n\t2 items\n")
    }

    @Test func samePartialRendersIndentedAndNotInOnePage() throws {
        let templates = ["page": "{{>item}}|\n  {{>item}}\n|{{>item}}", "item": "a\nb\n"]
        #expect(try render(templates) == "a\nb\n|\n  a\n  b\n|a\nb\n")
    }

    @Test func blocksFromAChildRenderUnderTheIndentationOfIndentedParents() throws {
        let templates = [
            "page": "<html>\n  {{<layout}}\n  {{$body}}\n  <p>{{text}}</p>\n  <p>two</p>\n  {{/body}}\n  {{/layout}}\n</html>\n",
            "layout": "<body>\n  {{<frame}}\n  {{$content}}\n    {{$body}}\n    {{/body}}\n  {{/content}}\n  {{/frame}}\n</body>\n",
            "frame": "<main>\n  {{$content}}\n  {{/content}}\n</main>\n",
        ]
        let rendered = try render(templates, ["text": "x"])
        #expect(rendered == "<html>\n  <body>\n    <main>\n      <p>x</p>\n      <p>two</p>\n    </main>\n  </body>\n</html>\n")
    }

    @Test func blockWithItsTagsOnOneLineKeepsTheLineEnding() throws {
        // The specification's rule: the content takes the place of the tags, the line ending stays.
        let templates = [
            "page": "{{<frame}}\n{{$content}}\none\n{{/content}}\n{{/frame}}",
            "frame": "<main>\n  {{$content}}{{/content}}\n</main>",
        ]
        #expect(try render(templates) == "<main>\n  one\n\n</main>")
    }

    @Test func inlineBlockContentIsIndentedWhereAStandaloneBlockExpands() throws {
        let templates = [
            "page": "{{<layout}}{{$head}}<title>{{title}}</title>{{/head}}{{/layout}}",
            "layout": "<head>\n  {{$head}}{{/head}}\n</head>\n",
        ]
        #expect(try render(templates, ["title": "Varré"]) == "<head>\n  <title>Varré</title>\n</head>\n")
    }

    @Test func emptyBlockWritesNoIndentation() throws {
        let templates = ["page": "{{<layout}}{{/layout}}", "layout": "<head>\n  {{$head}}{{/head}}\n</head>\n"]
        #expect(try render(templates) == "<head>\n\n</head>\n")
    }

    @Test func defaultBlockContentKeepsItsOwnIndentation() throws {
        let templates = [
            "page": "{{<layout}}{{/layout}}",
            "layout": "<ul>\n  {{$items}}\n  <li>one</li>\n    <li>two</li>\n  {{/items}}\n</ul>\n",
        ]
        #expect(try render(templates) == "<ul>\n  <li>one</li>\n    <li>two</li>\n</ul>\n")
    }
}
