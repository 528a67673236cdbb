import Mustache
import Testing
import TestSupport

@Suite("MustacheObject")
struct MustacheObjectTests {
    @Test func looksUpEveryKeyOfALargeObject() {
        var fields: [String: MustacheValue] = [:]
        for index in 0..<1_000 {
            fields["key\(index)"] = .int(index)
        }
        let object = MustacheObject(fields)
        #expect(object.count == 1_000)
        for index in 0..<1_000 {
            #expect(object["key\(index)"] == .int(index))
        }
        #expect(object["key1000"] == nil)
        #expect(Set(object.keys) == Set(fields.keys))
        #expect(object.fields == fields)
    }

    @Test func equalityIgnoresOrder() {
        let one = MustacheObject(["a": 1, "b": [true, "x"]])
        let other: MustacheObject = ["b": [true, "x"], "a": 1]
        #expect(one == other)
        #expect(one != MustacheObject(["a": 1]))
        #expect(MustacheValue.object(one) == ["a": 1, "b": [true, "x"]])
    }

    @Test func repeatedLiteralKeysKeepTheLastValue() {
        let object: MustacheObject = ["a": 1, "a": 2]
        #expect(object["a"] == 2)
        #expect(object.count == 1)
    }

    @Test func emptyObjectHasNoFieldsButIsTruthy() {
        let object = MustacheObject([:])
        #expect(object["anything"] == nil)
        #expect(object.keys.isEmpty)
        #expect(MustacheValue.object(object).isTruthy)
    }

    @Test func objectsFromPairsKeepTheLastOfRepeatedKeys() {
        let object = MustacheObject(pairs: [("a", 1), ("b", "x"), ("a", 2), ("c", nil), ("b", "y")])
        #expect(object.count == 3)
        #expect(object["a"] == 2 && object["b"] == "y" && object["c"] == .null)
        #expect(object == ["a": 2, "b": "y", "c": nil])
        #expect(MustacheObject(pairs: []).count == 0)
        // Many keys, so the table grows past its first size.
        let many = MustacheObject(pairs: (0..<300).map { ("key\($0 % 200)", .int($0)) })
        #expect(many.count == 200)
        #expect((0..<200).allSatisfy { many["key\($0)"] == .int($0 < 100 ? $0 + 200 : $0) })
    }

    @Test func settingFieldsReplacesAndAddsWithoutChangingTheOriginal() {
        let object: MustacheObject = ["name": "Varré", "kind": "NPC"]
        let changed = object.setting(("kind", ""), ("separator", ", "))
        #expect(changed == ["name": "Varré", "kind": "", "separator": ", "])
        #expect(object == ["name": "Varré", "kind": "NPC"])
        let template = try! Template(name: "t", source: "{{#items}}{{name}}{{kind}}{{separator}}{{/items}}")
        #expect(try! template.render(["items": [.object(changed), .object(object)]]) == "Varré, VarréNPC")
    }

    /// `count` distinct keys of one to `longest` characters, from a few letters, so that their
    /// hashes often share slots.
    private static func randomKeys(count: Int, longest: Int, using generator: inout SplitMix64) -> [String] {
        var keys: [String] = []
        while keys.count < count {
            let key = String((0..<Int.random(in: 1...longest, using: &generator)).map { _ in "abcdefgh_.é".randomElement(using: &generator)! })
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    /// Objects made from keys placed once are the objects made from the same pairs: every key
    /// found with its value, in templates too, whatever the keys (colliding slots included).
    @Test func objectsOfKeysPlacedOnceAreTheObjectsOfThePairs() throws {
        var generator = SplitMix64(seed: 7)
        for round in 0..<300 {
            let keys = Self.randomKeys(count: Int.random(in: 0...40, using: &generator), longest: 12, using: &generator)
            let values = keys.indices.map { MustacheValue.int($0 * 7 + round) }
            let shaped = MustacheObject(keys: MustacheKeys(keys), values: values)
            let paired = MustacheObject(pairs: Array(zip(keys, values)))
            #expect(shaped == paired)
            #expect(shaped.count == keys.count && shaped.keys == paired.keys)
            for (key, value) in zip(keys, values) { #expect(shaped[key] == value, "\(key)") }
            #expect(shaped["not-a-key"] == nil)
        }
        let keys = MustacheKeys(["name", "url", "kind"])
        // Values still held elsewhere are copied, not taken: the array stays as it was.
        let held: [MustacheValue] = ["Varré", .list(["varre.html"]), "NPC"]
        let taken = MustacheObject(keys: keys, values: held)
        #expect(held == ["Varré", .list(["varre.html"]), "NPC"])
        #expect(taken["url"] == .list(["varre.html"]))
        let first = MustacheObject(keys: keys, values: ["Varré", "varre.html", "NPC"])
        let second = MustacheObject(keys: keys, values: ["Ranni", "ranni.html", "NPC"])
        let template = try Template(name: "t", source: "{{#items}}<a href=\"{{url}}\">{{name}}</a> {{kind}};{{/items}}")
        #expect(try template.render(["items": [.object(first), .object(second)]])
            == "<a href=\"varre.html\">Varré</a> NPC;<a href=\"ranni.html\">Ranni</a> NPC;")
    }

    /// Pairs still held elsewhere are copied in, not taken: the array stays as it was; a key given
    /// twice takes its last value either way.
    @Test func pairsHeldElsewhereStayAsTheyWere() throws {
        let long = String(repeating: "a long value ", count: 4)
        let held: [(String, MustacheValue)] = [("name", .string(long)), ("list", [1, 2]), ("name", "Varré"), ("object", ["k": "v"])]
        let object = MustacheObject(pairs: held)
        #expect(held.map(\.0) == ["name", "list", "name", "object"])
        #expect(held.map(\.1) == [.string(long), [1, 2], "Varré", ["k": "v"]])
        #expect(object == ["name": "Varré", "list": [1, 2], "object": ["k": "v"]])
        var moved: [(String, MustacheValue)] = []
        for index in 0..<40 { moved.append(("key \(index % 30)", .string("\(long)\(index)"))) }
        let taken = MustacheObject(pairs: moved)
        #expect(taken.count == 30)
        for index in 0..<30 { #expect(taken["key \(index)"] == .string("\(long)\(index < 10 ? index + 30 : index)")) }
    }

    /// Objects whose values are written in one by one are the objects made of the same values as
    /// an array: every key found with its value, in templates too.
    @Test func objectsWrittenFieldByFieldAreTheObjectsOfTheValues() throws {
        var generator = SplitMix64(seed: 11)
        for round in 0..<300 {
            let count = Int.random(in: 0...24, using: &generator)
            let keys = Self.randomKeys(count: count, longest: 20, using: &generator)
            let values: [MustacheValue] = keys.indices.map { index in
                switch index % 4 {
                case 0: .string(String(repeating: "long text ", count: index) + "\(round)")
                case 1: .list([.int(index), .string("item \(round)")])
                case 2: ["inner": .int(index)]
                default: .int(index * 7 + round)
                }
            }
            let placed = MustacheKeys(keys)
            let written = MustacheObject(keys: placed) { fields in
                for value in values { fields.append(value) }
            }
            #expect(written == MustacheObject(keys: placed, values: values))
            #expect(written.count == count && written.keys.sorted() == keys.sorted())
            for (key, value) in zip(keys, values) { #expect(written[key] == value, "\(key)") }
            #expect(written["not-a-key"] == nil)
        }
        let keys = MustacheKeys(["name", "url", "kind"])
        let links = [("Varré", "varre.html"), ("Ranni the Witch of the Full Moon", "ranni-the-witch-of-the-full-moon.html")].map { name, url in
            MustacheValue.object(MustacheObject(keys: keys) { $0.append(.string(name)); $0.append(.string(url)); $0.append("NPC") })
        }
        let template = try Template(name: "t", source: "{{#items}}<a href=\"{{url}}\">{{name}}</a> {{kind}};{{/items}}")
        #expect(try template.render(["items": .list(links)])
            == "<a href=\"varre.html\">Varré</a> NPC;<a href=\"ranni-the-witch-of-the-full-moon.html\">Ranni the Witch of the Full Moon</a> NPC;")
    }

    /// An object of keys placed once holds its own fields: it outlives the keys it was made of,
    /// and objects of the same keys never see each other's values.
    @Test func objectsOfSharedKeysOutliveTheKeysAndKeepTheirOwnValues() throws {
        func make() -> [MustacheObject] {
            let keys = MustacheKeys(["name", "url"])
            return (0..<50).map { MustacheObject(keys: keys, values: [.string("entry \($0)"), .list([.int($0)])]) }
        }
        let objects = make()
        for (index, object) in objects.enumerated() {
            #expect(object["name"] == .string("entry \(index)") && object["url"] == .list([.int(index)]))
            #expect(object.keys == ["name", "url"] && object.count == 2)
        }
        #expect(objects[0] != objects[1])
        #expect(objects[3] == MustacheObject(keys: MustacheKeys(["name", "url"]), values: ["entry 3", [3]]), "equal whichever keys made them")
        #expect(objects[3] == ["url": [3], "name": "entry 3"])
        let template = try Template(name: "t", source: "{{#items}}{{name}}:{{#url}}{{.}}{{/url}};{{/items}}")
        #expect(try template.render(["items": .list(objects.prefix(3).map { .object($0) })]) == "entry 0:0;entry 1:1;entry 2:2;")
    }
}
