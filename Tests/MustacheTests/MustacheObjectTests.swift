import Mustache
import Testing

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
}
