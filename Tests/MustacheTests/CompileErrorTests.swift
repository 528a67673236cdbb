import Mustache
import Testing

@Suite("Compile errors name the template, line and column of the tag at fault")
struct CompileErrorTests {
    /// Compiles `source` and returns the error it must throw.
    private func compileError(_ source: String, name: String = "page") throws -> MustacheError {
        do {
            _ = try Template(name: name, source: source)
        } catch {
            return error
        }
        Issue.record("\(source.debugDescription) compiled without error")
        throw MustacheError(template: name, line: 0, column: 0, message: "no error")
    }

    @Test func unclosedSectionIsReportedAtItsOpeningTag() throws {
        let error = try compileError("<ul>\n  {{#items}}\n  <li>{{name}}</li>\n</ul>\n")
        #expect(error == MustacheError(template: "page", line: 2, column: 3, message: "unclosed section 'items'"))
        #expect(error.description == "page:2:3: unclosed section 'items'")
    }

    @Test func innermostUnclosedSectionIsReported() throws {
        let error = try compileError("{{#a}}\n{{^b}}\n")
        #expect(error.line == 2 && error.column == 1)
        #expect(error.message == "unclosed section 'b'")
    }

    @Test func unclosedBlockAndParentAreReported() throws {
        let block = try compileError("<title>{{$title}}Default</title>")
        #expect(block.description == "page:1:8: unclosed block 'title'")
        let parent = try compileError("\n\n    {{<layout}}{{$body}}x{{/body}}")
        #expect(parent.description == "page:3:5: unclosed parent 'layout'")
    }

    @Test func mismatchedClosingTagIsReportedWithTheOpenSection() throws {
        let error = try compileError("{{#npcs}}\n  {{#merchant}}\n  {{/npcs}}\n{{/merchant}}")
        #expect(error.line == 3 && error.column == 3)
        #expect(error.message == "closing tag 'npcs' does not match the open section 'merchant' from 2:3")
    }

    @Test func closingTagWithNothingOpenIsReported() throws {
        let error = try compileError("a\nb {{/done}}")
        #expect(error.description == "page:2:3: closing tag 'done' has no open section to close")
    }

    @Test func unclosedTagIsReported() throws {
        let error = try compileError("Hello,\n  {{name!\nBye")
        #expect(error.description == "page:2:3: unclosed tag: no '}}' after it")
        let triple = try compileError("{{{html}}")
        #expect(triple.description == "page:1:1: unclosed tag: no '}}}' after it")
    }

    @Test func unclosedTagAfterNewDelimitersNamesTheNewDelimiter() throws {
        let error = try compileError("{{=<% %>=}}\n<% name")
        #expect(error.description == "page:2:1: unclosed tag: no '%>' after it")
    }

    @Test func badDelimitersAreReported() throws {
        let one = try compileError("x\n  {{=<%=}}")
        #expect(one.line == 2 && one.column == 3)
        #expect(one.message.hasPrefix("invalid set-delimiter tag '<%'"))
        let three = try compileError("{{=a b c=}}")
        #expect(three.message.hasPrefix("invalid set-delimiter tag 'a b c'"))
        let unterminated = try compileError("a {{=<% %>}}")
        #expect(unterminated.description == "page:1:3: invalid set-delimiter tag: no '=}}' after it, as in {{=<% %>=}}")
    }

    @Test func invalidNamesAreReported() throws {
        #expect(try compileError("{{}}").description == "page:1:1: missing name in tag")
        #expect(try compileError("{{# }}x{{/ }}").message == "missing name in tag")
        #expect(try compileError("a {{first name}}").description
            == "page:1:3: invalid name 'first name': names cannot contain whitespace")
        #expect(try compileError("{{npc..name}}").message == "invalid name 'npc..name': empty part between dots")
        #expect(try compileError("{{>my partial}}").message == "invalid name 'my partial': names cannot contain whitespace")
        #expect(try compileError("{{$}}{{/}}").message == "missing name in tag")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let error = try compileError("Café — {{#x}}")
        #expect(error.line == 1 && error.column == 8)
    }

    @Test func windowsLineEndingsCountAsOneLineBreak() throws {
        let error = try compileError("a\r\nb\r\n {{/x}}")
        #expect(error.line == 3 && error.column == 2)
    }

    @Test func nestingTooDeepIsAnErrorNotACrash() throws {
        let depth = 65
        let source = String(repeating: "{{#a}}", count: depth) + String(repeating: "{{/a}}", count: depth)
        let error = try compileError(source)
        #expect(error.line == 1 && error.column == 1 + 6 * 64)
        #expect(error.message == "sections, blocks and parents nested more than 64 deep")
        // One level less compiles.
        let fine = String(repeating: "{{#a}}", count: depth - 1) + "x" + String(repeating: "{{/a}}", count: depth - 1)
        #expect(try Template(name: "page", source: fine).render([:]) == "")
    }

    @Test func errorsInsideParentsAreStillFound() throws {
        let error = try compileError("{{<layout}}\n  {{#a}}\n{{/layout}}")
        #expect(error.description == "page:3:1: closing tag 'layout' does not match the open section 'a' from 2:3")
    }
}
