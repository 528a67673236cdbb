import TestSupport
import Mustache
import Testing

/// Random templates, from random bytes and from random sequences of Mustache fragments, with
/// partials that include one another and themselves: each must render or throw, never crash
/// or hang.
@Suite("Randomized templates")
struct FuzzTests {
    static let cases = 3_000

    static let fragments = [
        "{{", "}}", "{{{", "}}}", "{", "}", "text ", "\n", "  ", "\r\n", "\t", "é", "<&>",
        "{{a}}", "{{{a}}}", "{{&name}}", "{{.}}", "{{a.b}}", "{{list.0}}", "{{ a }}",
        "{{#a}}", "{{/a}}", "{{^a}}", "{{#list}}", "{{/list}}", "{{#b}}", "{{/b}}", "{{#.}}", "{{/.}}",
        "{{!comment}}", "{{! {{#a}} }}", "{{=<% %>=}}", "<%a%>", "<%/a%>", "<%={{ }}=%>", "{{=| |=}}", "|a|",
        "{{>p}}", "{{>x}}", "{{>missing}}", "{{>*x}}", "{{>*a}}", "{{> * x }}",
        "{{<p}}", "{{/p}}", "{{<x}}", "{{/x}}", "{{<*x}}", "{{/*x}}",
        "{{$b}}", "{{/b}}", "{{$block}}", "{{/block}}", "{{$a}}", "{{/a}}",
    ]

    static let data: MustacheValue = [
        "a": true, "b": [1, ["a": false, "b": "inner"]], "x": "p", "name": "<Varré & co>",
        "list": [["a": 1], ["b": "q"], "s", 2.5, [], nil],
    ]

    private static func fragmentSource(_ random: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...24, using: &random))
            .map { _ in fragments.randomElement(using: &random)! }
            .joined()
    }

    private static func byteSource(_ random: inout SplitMix64) -> String {
        // Braces are frequent so that tags, well-formed or not, are common.
        let alphabet = Array("{{{{}}}}#^/!><$=&*. \n\rab".utf8)
        let bytes = (0..<Int.random(in: 0...120, using: &random)).map { _ -> UInt8 in
            Int.random(in: 0..<4, using: &random) > 0
                ? alphabet.randomElement(using: &random)!
                : UInt8.random(in: 0...255, using: &random)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Renders `source` with random partials, some of them `source` itself; returns whether it
    /// rendered rather than threw.
    private static func exercise(_ source: String, _ random: inout SplitMix64) -> Bool {
        var partials = ["p": source]
        for name in ["x", "block", "missing-not"] {
            partials[name] = fragmentSource(&random)
        }
        let library = MustacheLibrary(templates: partials, strict: Bool.random(using: &random))
        _ = library.validate(["p", "x"])
        do {
            let template = try Template(name: "fuzz", source: source)
            _ = try template.render(data)
            let first = try library.render(template, with: data)
            #expect(try library.render(template, with: data) == first, "rendering is not repeatable: \(source.debugDescription)")
            return true
        } catch {
            #expect(error.line >= 1 && error.column >= 1, "\(error) for \(source.debugDescription)")
            return false
        }
    }

    @Test func randomFragmentSequences() {
        var random = SplitMix64(seed: 0x5EED_F00D)
        var rendered = 0
        for _ in 0..<Self.cases {
            let source = Self.fragmentSource(&random)
            if Self.exercise(source, &random) { rendered += 1 }
        }
        // Both outcomes must be common, or the generator tests little.
        #expect(rendered > Self.cases / 10 && rendered < Self.cases * 9 / 10, "\(rendered) of \(Self.cases) rendered")
    }

    @Test func randomBytes() {
        var random = SplitMix64(seed: 0xB17E5)
        var rendered = 0
        for _ in 0..<Self.cases {
            let source = Self.byteSource(&random)
            if Self.exercise(source, &random) { rendered += 1 }
        }
        #expect(rendered > Self.cases / 20 && rendered < Self.cases * 19 / 20, "\(rendered) of \(Self.cases) rendered")
    }
}
