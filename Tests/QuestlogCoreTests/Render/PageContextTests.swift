import Mustache
@testable import QuestlogCore
import Testing

/// A page's fields set one after another make the object a dictionary of them would.
struct PageContextTests {
    @Test func theLastValueSetWinsAndNilTakesAFieldAway() {
        var context: PageContext = ["title": "Varré", "meta": .null, "kind": "NPC"]
        var dictionary: [String: MustacheValue] = ["title": "Varré", "meta": .null, "kind": "NPC"]
        for (key, value) in [("meta", MustacheValue.string("shared")), ("extra", .bool(true)), ("title", .int(3))] {
            context[key] = value
            dictionary[key] = value
        }
        context["kind"] = nil
        dictionary["kind"] = nil
        #expect(context["title"] == .int(3))
        #expect(context["kind"] == nil)
        #expect(MustacheObject(context) == MustacheObject(dictionary))
        #expect(MustacheObject(context).count == 3)
        let template = try! Template(name: "t", source: "{{title}}|{{meta}}|{{extra}}|{{kind}}")
        #expect(try! template.render(.object(MustacheObject(context))) == "3|shared|true|")
    }
}
