import Mustache
import Testing
import TestSupport

@Suite("Rendering values")
struct RenderingTests {
    private func render(_ source: String, _ data: MustacheValue) throws -> String {
        try Template(name: "test", source: source).render(data)
    }

    @Test func escapesTheFiveHTMLSpecialCharacters() throws {
        let data: MustacheValue = ["text": #"<a href="x">Tom & Jerry's</a>"#]
        #expect(try render("{{text}}", data) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        #expect(try render("{{{text}}}|{{&text}}", data) == #"<a href="x">Tom & Jerry's</a>|<a href="x">Tom & Jerry's</a>"#)
    }

    /// Strings of every length around the longest kept inline (15 bytes), read in place or
    /// copied, render the same: as they are unescaped, with the five characters escaped otherwise,
    /// at the top, in objects, in list items and as `.`; bytes render as their string does.
    @Test func textOfEveryLengthRendersItsBytes() throws {
        func escaped(_ text: String) -> String {
            text.map { character -> String in
                switch character {
                case "&": "&amp;"
                case "<": "&lt;"
                case ">": "&gt;"
                case "\"": "&quot;"
                case "'": "&#39;"
                default: String(character)
                }
            }.joined()
        }
        let alphabet = Array("ab<&>\"'é笼 z")
        var generator = SplitMix64(seed: 15)
        for length in 0...40 {
            for _ in 0..<4 {
                let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
                let data: MustacheValue = [
                    "text": .string(text), "bytes": .utf8(Array(text.utf8)),
                    "items": [.string(text), ["text": .string(text)], .utf8(Array(text.utf8))],
                ]
                let source = "{{text}}|{{{text}}}|{{&bytes}}|{{bytes}}|{{#items}}[{{.}}{{text}}]{{/items}}"
                let expected = "\(escaped(text))|\(text)|\(text)|\(escaped(text))|"
                    + "[\(escaped(text))\(escaped(text))][\(escaped(text))][\(escaped(text))\(escaped(text))]"
                #expect(try render(source, data) == expected, "\(length): \(text)")
            }
        }
    }

    @Test func textGivenAsBytesRendersAsItsString() throws {
        let texts = ["", "Varré", #"<svg class="g">Tom & Jerry's 笼光</svg>"#, "योद्धा आकाश"]
        for text in texts {
            let bytes: MustacheValue = ["text": .utf8(Array(text.utf8))]
            let string: MustacheValue = ["text": .string(text)]
            for source in ["{{text}}", "{{{text}}}", "{{&text}}", "{{#text}}[{{.}}]{{/text}}", "{{^text}}none{{/text}}"] {
                #expect(try render(source, bytes) == render(source, string), "\(source) with \(text)")
            }
            #expect(MustacheValue.utf8(Array(text.utf8)).isTruthy == !text.isEmpty)
        }
        // A dynamic partial's name given as bytes.
        let templates = ["main": "{{>*part}}", "card": "a card"]
        let library = MustacheLibrary { templates[$0] }
        #expect(try library.render(named: "main", with: ["part": .utf8(Array("card".utf8))]) == "a card")
    }

    @Test func escapesLongTextWithSpecialCharactersAnywhere() throws {
        // Long enough that escaping scans words of eight bytes before the odd ones out.
        let plain = String(repeating: "Varré of the Rose Church ", count: 4)
        for special in ["&", "<", ">", "\"", "'"] {
            for position in [0, 7, 8, 9, 63, plain.utf8.count] {
                var text = plain
                text.insert(contentsOf: special, at: text.utf8.index(text.startIndex, offsetBy: position))
                let expected = text.map { character in
                    ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"][character] ?? String(character)
                }.joined()
                #expect(try render("{{text}}", ["text": .string(text)]) == expected)
                #expect(try render("{{{text}}}", ["text": .string(text)]) == text)
            }
        }
    }

    @Test func escapesManySpecialCharactersWhereverTheyFall() throws {
        // Several in one text, near and far apart: the scan goes back to words of eight bytes
        // after each one.
        let pieces = ["a", "plain words ", "é", "龍", "&", "<", ">", "\"", "'", "&&", "<>"]
        var state: UInt64 = 0x51A7
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        for _ in 0..<500 {
            let text = (0..<(next() % 40)).map { _ in pieces[next() % pieces.count] }.joined()
            let expected = text.map { character in
                ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"][character] ?? String(character)
            }.joined()
            #expect(try render("{{text}}", ["text": .string(text)]) == expected, "\(text)")
        }
    }

    @Test func formatsNumbersAndBooleans() throws {
        let data: MustacheValue = [
            "int": 42, "negative": -7, "decimal": 1.21, "whole": 2.0, "small": 0.000001, "yes": true, "no": false,
        ]
        #expect(try render("{{int}} {{negative}} {{decimal}} {{whole}} {{yes}} {{no}}", data) == "42 -7 1.21 2 true false")
        #expect(try render("{{small}}", data) == "1e-06")
    }

    @Test func nullListsAndObjectsInterpolateAsNothing() throws {
        #expect(try render("[{{nothing}}{{list}}{{object}}{{missing}}]", ["nothing": nil, "list": [1], "object": ["a": 1]]) == "[]")
    }

    @Test func falseyValuesFollowTheSpecification() throws {
        let data: MustacheValue = ["empty": "", "zero": 0, "zeroPoint": 0.0, "none": [], "null": nil, "no": false,
                                   "object": [:], "text": "x", "one": 1]
        for name in ["empty", "zero", "zeroPoint", "none", "null", "no", "missing"] {
            #expect(try render("{{#\(name)}}yes{{/\(name)}}{{^\(name)}}no{{/\(name)}}", data) == "no", "\(name)")
        }
        for name in ["object", "text", "one"] {
            #expect(try render("{{#\(name)}}yes{{/\(name)}}{{^\(name)}}no{{/\(name)}}", data) == "yes", "\(name)")
        }
    }

    @Test func sectionsIterateListsAndPushValues() throws {
        let data: MustacheValue = ["game": "Elden Ring", "npcs": [["name": "Varré"], ["name": "Kalé", "game": "Other"]]]
        #expect(try render("{{#npcs}}{{name}} in {{game}}; {{/npcs}}", data) == "Varré in Elden Ring; Kalé in Other; ")
        #expect(try render("{{#game}}[{{.}}]{{/game}}", data) == "[Elden Ring]")
    }

    @Test func dottedNamesResolveTheFirstPartOnTheStackAndTheRestWithin() throws {
        let data: MustacheValue = ["game": ["title": "Elden Ring", "npc": ["name": "Varré"]], "title": "Site"]
        #expect(try render("{{game.npc.name}} · {{game.title}} · {{game.missing.name}}", data) == "Varré · Elden Ring · ")
        // Once `game` is found, the rest is not looked up further down the stack.
        #expect(try render("{{#game}}{{npc.title}}{{/game}}", data) == "")
    }

    @Test func templateAloneRendersPartialsAsNothing() throws {
        #expect(try render("a{{>p}}b{{<q}}{{$x}}y{{/x}}{{/q}}c", [:]) == "abc")
    }

    @Test func longTextMixingASCIIAndOtherCharactersSurvivesUnchanged() throws {
        let pieces = [String(repeating: "a", count: 200), "é", String(repeating: "b", count: 63), "日本",
                      String(repeating: "c", count: 64), "🗡️", "d", "Ω", String(repeating: "e", count: 65)]
        let text = pieces.joined()
        for split in [0, 1, 200, 201, 300] {
            let index = text.index(text.startIndex, offsetBy: split)
            let source = String(text[..<index]) + "{{{value}}}"
            let rendered = try render(source, ["value": .string(String(text[index...]))])
            #expect(rendered == text)
            #expect(rendered.utf8.count == text.utf8.count)
        }
    }

    @Test func unicodeSurvivesUnchanged() throws {
        let data: MustacheValue = ["name": "ヴァレー 🗡️ Varré"]
        #expect(try render("— {{name}} —\n", data) == "— ヴァレー 🗡️ Varré —\n")
    }
}
