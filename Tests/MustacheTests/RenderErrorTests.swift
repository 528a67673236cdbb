import Mustache
import Testing

@Suite("Render errors are values located at the including tag")
struct RenderErrorTests {
    private func renderError(
        _ templates: [String: String], root: String = "page", data: MustacheValue = [:], strict: Bool = false
    ) throws -> MustacheError {
        let library = MustacheLibrary(templates: templates, strict: strict)
        do {
            _ = try library.render(named: root, with: data)
        } catch {
            return error
        }
        Issue.record("rendering \(root) succeeded")
        throw MustacheError(template: root, line: 0, column: 0, message: "no error")
    }

    @Test func missingPartialIsNothingByDefault() throws {
        let library = MustacheLibrary(templates: ["page": "a{{>missing}}b{{<gone}}{{/gone}}c"])
        #expect(try library.render(named: "page", with: [:]) == "abc")
    }

    @Test func missingPartialIsAnErrorAtItsTagInStrictMode() throws {
        let error = try renderError(["page": "<main>\n  {{>sidebar}}\n</main>"], strict: true)
        #expect(error.description == "page:2:3: no partial named 'sidebar'")
        let parent = try renderError(["page": "x {{<layout}}{{/layout}}"], strict: true)
        #expect(parent.description == "page:1:3: no partial named 'layout'")
    }

    @Test func missingDynamicPartialIsAnErrorInStrictModeButAMissingNameIsNot() throws {
        let templates = ["page": "{{#items}}\n{{>*kind}}\n{{/items}}", "npc": "N"]
        let data: MustacheValue = ["items": [["kind": "npc"], ["other": true], ["kind": "boss"]]]
        let error = try renderError(templates, data: data, strict: true)
        #expect(error.description == "page:2:1: no partial named 'boss'")
        let lenient = MustacheLibrary(templates: templates)
        #expect(try lenient.render(named: "page", with: data) == "N")
    }

    @Test func missingRootTemplateIsAnError() throws {
        let error = try renderError([:], root: "npc")
        #expect(error.description == "npc:1:1: no template named 'npc'")
    }

    @Test func syntaxErrorInAPartialIsLocatedInThePartial() throws {
        let error = try renderError(["page": "{{>row}}", "row": "<tr>\n  <td>{{name</td>\n</tr>"])
        #expect(error.description == "row:2:7: unclosed tag: no '}}' after it")
    }

    @Test func partialThatIncludesItselfStopsAtTheDepthLimit() throws {
        let error = try renderError(["page": "{{>loop}}", "loop": "x\n {{>loop}}"])
        #expect(error.template == "loop" && error.line == 2 && error.column == 2)
        #expect(error.message.hasPrefix("nesting deeper than 64 levels"))
    }

    @Test func parentThatInheritsFromItselfStopsAtTheDepthLimit() throws {
        let error = try renderError(["page": "{{<page}}{{$a}}x{{/a}}{{/page}}"])
        #expect(error.description.hasPrefix("page:1:1: nesting deeper than 64 levels"))
    }

    @Test func exponentialExpansionStopsAtTheExpansionLimit() throws {
        // Thirty levels of partials that each include the next twice: shallow, but 2^30 wide.
        var templates = ["level30": "x"]
        for level in 0..<30 {
            templates["level\(level)"] = "{{>level\(level + 1)}}{{>level\(level + 1)}}"
        }
        let clock = ContinuousClock()
        let start = clock.now
        let error = try renderError(templates, root: "level0")
        #expect(error.message == "more than 100000 partial expansions; does a partial include itself without end?")
        #expect(clock.now - start < .seconds(20))
    }

    @Test func deepestNestingFitsOnASmallStack() {
        // A tree as deep as the limit allows: each level is a partial and a section.
        var tree: MustacheValue = ["name": "leaf", "children": []]
        for level in 0..<31 {
            tree = ["name": .string("level \(level)"), "children": [tree]]
        }
        let data = tree
        let outcome = SmallStackThread.run { () -> String in
            let library = MustacheLibrary(templates: ["node": "{{name}}{{#children}}<{{>node}}>{{/children}}"])
            let deep = (try? library.render(named: "node", with: data)) ?? "error"
            let loop = MustacheLibrary(templates: ["loop": "{{#a}}{{>loop}}{{/a}}"])
            do throws(MustacheError) {
                _ = try loop.render(named: "loop", with: ["a": true])
                return "no error"
            } catch {
                return deep.hasSuffix("leaf" + String(repeating: ">", count: 31)) ? error.message : "deep: \(deep)"
            }
        }
        #expect(outcome.hasPrefix("nesting deeper than 64 levels"), "\(outcome)")
    }

    @Test func recursionThatEndsWithTheDataIsFine() throws {
        let tree: MustacheValue = ["name": "root", "children": [
            ["name": "a", "children": [["name": "a1", "children": []]]],
            ["name": "b", "children": []],
        ]]
        let library = MustacheLibrary(templates: ["node": "{{name}}({{#children}}{{>node}}{{/children}})"])
        #expect(try library.render(named: "node", with: tree) == "root(a(a1())b())")
    }
}
