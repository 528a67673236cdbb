import Mustache
import Testing

@Suite("MustacheSequence")
struct MustacheSequenceTests {
    @Test func sectionRendersEachElementAsAListWould() throws {
        let template = try Template(name: "t", source: "{{#rows}}<{{name}}:{{outer}}>{{/rows}}{{^rows}}none{{/rows}}")
        let names = ["a", "b&", "c"]
        let lazy: MustacheValue = .sequence(MustacheSequence(count: names.count) { ["name": .string(names[$0])] })
        let eager: MustacheValue = .list(names.map { ["name": .string($0)] })
        let expected = "<a:x><b&amp;:x><c:x>"
        #expect(try template.render(["rows": lazy, "outer": "x"]) == expected)
        #expect(try template.render(["rows": eager, "outer": "x"]) == expected)
    }

    @Test func emptySequenceIsFalsey() throws {
        let template = try Template(name: "t", source: "{{#rows}}row{{/rows}}{{^rows}}none{{/rows}}")
        let empty: MustacheValue = .sequence(MustacheSequence(count: 0) { _ in "never" })
        #expect(!empty.isTruthy)
        #expect(try template.render(["rows": empty]) == "none")
    }

    @Test func elementsAreMadeWhenTheSectionReachesThem() throws {
        let made = Counter()
        let rows: MustacheValue = .sequence(MustacheSequence(count: 4) { index in
            made.increment()
            return .int(index)
        })
        #expect(made.value == 0)
        #expect(try Template(name: "t", source: "{{#rows}}{{.}},{{/rows}}").render(["rows": rows]) == "0,1,2,3,")
        #expect(made.value == 4)
        // Interpolating a sequence writes nothing, as for a list.
        #expect(try Template(name: "t", source: "[{{rows}}]").render(["rows": rows]) == "[]")
        #expect(made.value == 4)
    }

    @Test func sequencesAreEqualByTheirElements() {
        let one = MustacheSequence(count: 2) { .int($0) }
        let same = MustacheSequence(count: 2) { .int($0) }
        let other = MustacheSequence(count: 2) { .int($0 + 1) }
        #expect(MustacheValue.sequence(one) == .sequence(same))
        #expect(MustacheValue.sequence(one) != .sequence(other))
        #expect(Array(one) == [.int(0), .int(1)])
    }
}

/// Counts calls from a closure that must be `@Sendable`.
private final class Counter: @unchecked Sendable {
    private var count = 0
    var value: Int { count }
    func increment() { count += 1 }
}
