import Immortal
@testable import Mustache
import Testing

@Suite("Templates and data made immortal render as before")
struct MustacheLibraryImmortalTests {
    private let longName = String(repeating: "Sir Gideon Ofnir, ", count: 3)

    @Test func everyStringListAndObjectOfAValueIsMadeImmortal() throws {
        try #require(Immortal.isAvailable)
        let inner: MustacheValue = ["title": .string(longName), "bytes": .utf8(Array(longName.utf8))]
        let items = (0..<3).map { MustacheValue.string("\(longName)\($0)") }
        let value: MustacheValue = ["inner": inner, "items": .list(items)]
        value.makeImmortal()
        guard case let .object(object) = value, case let .object(nested)? = object["inner"], case let .list(list)? = object["items"],
              case let .string(title)? = nested["title"], case let .utf8(bytes)? = nested["bytes"] else {
            Issue.record("the value lost its shape")
            return
        }
        #expect(Immortal.isImmortal(at: UInt(bitPattern: Unmanaged.passUnretained(object.storage).toOpaque())))
        #expect(Immortal.isImmortal(at: UInt(bitPattern: Unmanaged.passUnretained(nested.storage).toOpaque())))
        #expect(Immortal.isImmortal(title))
        #expect(Immortal.isImmortal(at: unsafeBitCast(bytes, to: UInt.self)))
        #expect(Immortal.isImmortal(at: unsafeBitCast(list, to: UInt.self)))
        for case let .string(text) in list { #expect(Immortal.isImmortal(text)) }
    }

    @Test func anImmortalLibraryRendersTheSameBytes() throws {
        try #require(Immortal.isAvailable)
        let templates = [
            "page": "{{<layout}}{{$body}}  {{>item}}\n{{#items}}\n  {{>item}}\n{{/items}}{{/body}}{{/layout}}",
            "layout": "<main>\n{{$body}}{{/body}}\n</main>",
            "item": "<p>{{name}} &amp; {{{name}}}</p>\n",
        ]
        let data: MustacheValue = ["name": .string(longName), "items": .list([["name": "Rennala"], ["name": .string(longName)]])]
        let library = MustacheLibrary(templates: templates, strict: true)
        #expect(library.validate(["page"]).isEmpty)
        let page = try #require(try library.template(named: "page"))
        let before = try library.render(page, with: data)
        library.makeImmortal()
        data.makeImmortal()
        #expect(Immortal.isImmortal(at: UInt(bitPattern: Unmanaged.passUnretained(page).toOpaque())))
        #expect(library.cache.compiled.count >= 3)
        for template in library.cache.compiled {
            #expect(Immortal.isImmortal(at: UInt(bitPattern: Unmanaged.passUnretained(template).toOpaque())), "\(template.name)")
        }
        #expect(try library.render(page, with: data) == before)
        #expect(before.contains("<p>Rennala &amp; Rennala</p>"))
    }
}
