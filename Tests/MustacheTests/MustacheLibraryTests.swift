import Mustache
import Testing

@Suite("MustacheLibrary")
struct MustacheLibraryTests {
    @Test func documentedExampleRendersAsDocumented() throws {
        let library = MustacheLibrary(templates: ["page": "{{<layout}}{{$body}}Hi {{name}}{{/body}}{{/layout}}",
                                                  "layout": "<main>{{$body}}{{/body}}</main>"])
        let page = try #require(try library.template(named: "page"))
        #expect(try library.render(page, with: ["name": "Varré"]) == "<main>Hi Varré</main>")
    }

    @Test func asksTheResolverOnceForEachName() throws {
        let log = ResolverLog()
        let sources = ["page": "{{>row}}{{>row}}{{>missing}}{{#rows}}{{>row}}{{/rows}}", "row": "r"]
        let library = MustacheLibrary { name in
            log.record(name)
            return sources[name]
        }
        let page = try #require(try library.template(named: "page"))
        for _ in 0..<3 {
            #expect(try library.render(page, with: ["rows": [1, 2]]) == "rrrr")
        }
        #expect(log.requested.sorted() == ["missing", "page", "row"])
        #expect(try library.template(named: "page") === page)
    }

    @Test func templateNamedReturnsNilForAnUnknownName() throws {
        #expect(try MustacheLibrary(templates: [:]).template(named: "nope") == nil)
    }

    @Test func validateReportsEveryErrorInEveryReachableTemplate() {
        let library = MustacheLibrary(templates: [
            "page": "{{<layout}}{{$body}}{{>row}}{{>gone}}{{/body}}{{/layout}}",
            "layout": "<body>\n{{$body}}{{/body}}\n{{>footer}}",
            "row": "<tr>{{#npc}}</tr>",
            "footer": "{{>*dynamic}} {{>missing}}",
            "unrelated": "{{#broken}}",
        ], strict: true)
        let errors = library.validate(["page", "nope"]).map(\.description).sorted()
        #expect(errors == [
            "footer:1:15: no partial named 'missing'",
            "nope:1:1: no template named 'nope'",
            "page:1:29: no partial named 'gone'",
            "row:1:5: unclosed section 'npc'",
        ])
    }

    @Test func validateWithoutStrictnessIgnoresMissingPartials() {
        let library = MustacheLibrary(templates: ["page": "{{>gone}}{{>row}}", "row": "{{/x}}"])
        #expect(library.validate(["page"]).map(\.description) == ["row:1:1: closing tag 'x' has no open section to close"])
        #expect(library.validate(["row", "page"]).count == 1)
    }

    @Test func rendersIntoAByteBufferAndLeavesItAloneOnError() throws {
        let library = MustacheLibrary(templates: ["page": "<p>{{name}}</p>", "bad": "x{{>missing}}"], strict: true)
        let page = try #require(try library.template(named: "page"))
        var buffer = Array("<!DOCTYPE html>".utf8)
        try library.render(page, with: ["name": "Varré"], appendingTo: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "<!DOCTYPE html><p>Varré</p>")
        let bad = try #require(try library.template(named: "bad"))
        #expect(throws: MustacheError.self) { try library.render(bad, with: [:], appendingTo: &buffer) }
        #expect(String(decoding: buffer, as: UTF8.self) == "<!DOCTYPE html><p>Varré</p>")
    }

    @Test func rendersFromManyTasksAtOnce() async throws {
        let library = MustacheLibrary(templates: [
            "page": "{{#items}}\n  {{>item}}\n{{/items}}",
            "item": "<li>{{name}}</li>\n{{#tags}}<i>{{.}}</i>{{/tags}}\n",
        ])
        let pages = (0..<16).map { page -> MustacheValue in
            ["items": .list((0..<20).map { ["name": .string("npc \(page)-\($0)"), "tags": ["a", "b"]] })]
        }
        let page = try #require(try library.template(named: "page"))
        let expected = try pages.map { try library.render(page, with: $0) }
        let rendered = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for round in 0..<8 {
                for (index, data) in pages.enumerated() {
                    group.addTask {
                        // A fresh library per round also races the compilation of partials.
                        let shared = round.isMultiple(of: 2) ? library : MustacheLibrary(templates: [
                            "page": "{{#items}}\n  {{>item}}\n{{/items}}",
                            "item": "<li>{{name}}</li>\n{{#tags}}<i>{{.}}</i>{{/tags}}\n",
                        ])
                        return (index, try shared.render(named: "page", with: data))
                    }
                }
            }
            var results: [(Int, String)] = []
            for try await result in group {
                results.append(result)
            }
            return results
        }
        #expect(rendered.count == 8 * pages.count)
        for (index, text) in rendered {
            #expect(text == expected[index])
        }
    }
}
