import Mustache
import Testing

/// A memo kept from render to render gives what renders without one give, and never hands one
/// library's templates to another.
@Suite("TemplateMemo")
struct TemplateMemoTests {
    static let sources = [
        "page": "{{<layout}}{{$body}}{{#rows}}{{>row}}{{/rows}}{{/body}}{{/layout}}",
        "layout": "<main>\n  {{$body}}{{/body}}\n  {{>footer}}\n</main>",
        "row": "<p>{{name}}</p>\n",
        "footer": "<footer>\n{{>row}}</footer>\n",
    ]

    @Test func rendersWithAMemoAsWithout() throws {
        let library = MustacheLibrary(templates: Self.sources)
        let page = try #require(try library.template(named: "page"))
        let memo = TemplateMemo()
        for round in 0..<4 {
            let data: MustacheValue = ["rows": .list((0...round).map { ["name": .string("Varré \($0)")] }), "name": "end"]
            var plain: [[UInt8]] = [], remembered: [[UInt8]] = []
            try library.render(page, with: data, appendingChunksTo: &plain)
            try library.render(page, with: data, appendingChunksTo: &remembered, memo: memo)
            #expect(remembered == plain, "round \(round)")
            #expect(String(decoding: remembered.joined(), as: UTF8.self).contains("<p>Varré \(round)</p>"))
        }
    }

    @Test func anotherLibraryStartsTheMemoAgain() throws {
        var others = Self.sources
        others["row"] = "<li>{{name}}</li>\n"
        let first = MustacheLibrary(templates: Self.sources), second = MustacheLibrary(templates: others)
        let memo = TemplateMemo()
        let data: MustacheValue = ["rows": [["name": "Alba"]], "name": "end"]
        for library in [first, second, first] {
            let page = try #require(try library.template(named: "page"))
            var plain: [[UInt8]] = [], remembered: [[UInt8]] = []
            try library.render(page, with: data, appendingChunksTo: &plain)
            try library.render(page, with: data, appendingChunksTo: &remembered, memo: memo)
            #expect(remembered == plain)
        }
        var chunks: [[UInt8]] = []
        try second.render(try #require(try second.template(named: "page")), with: data, appendingChunksTo: &chunks, memo: memo)
        #expect(String(decoding: chunks.joined(), as: UTF8.self).contains("<li>Alba</li>"))
    }

    @Test func aFailedRenderKeepsWhatItLookedUp() throws {
        let library = MustacheLibrary(templates: ["bad": "{{>row}}{{>missing}}", "good": "{{>row}}!", "row": "r"], strict: true)
        let memo = TemplateMemo()
        var chunks: [[UInt8]] = []
        #expect(throws: MustacheError.self) {
            try library.render(try #require(try library.template(named: "bad")), with: [:], appendingChunksTo: &chunks, memo: memo)
        }
        #expect(chunks.isEmpty)
        try library.render(try #require(try library.template(named: "good")), with: [:], appendingChunksTo: &chunks, memo: memo)
        #expect(String(decoding: chunks.joined(), as: UTF8.self) == "r!")
    }
}
