@testable import QuestlogCore
import Testing

struct SearchEditDistanceTests {
    static func oneEdit(_ a: String, _ b: String) -> Bool {
        SearchEditDistance.withinOne(Array(a.unicodeScalars)[...], Array(b.unicodeScalars)[...])
    }

    static func prefixEdit(_ word: String, _ term: String) -> Bool {
        SearchEditDistance.prefixWithinOne(Array(word.unicodeScalars), Array(term.unicodeScalars))
    }

    @Test func oneEditOfEachSort() {
        #expect(Self.oneEdit("melina", "melina"))
        #expect(Self.oneEdit("melnia", "melina"), "swap")
        #expect(Self.oneEdit("mwlina", "melina"), "replace")
        #expect(Self.oneEdit("melna", "melina"), "delete")
        #expect(Self.oneEdit("meliina", "melina"), "insert")
        #expect(Self.oneEdit("elina", "melina"), "first letter missing")
        #expect(Self.oneEdit("melin", "melina"), "last letter missing")
        #expect(Self.oneEdit("emlina", "melina"), "first two swapped")
    }

    @Test func twoEditsAreTooMany() {
        #expect(!Self.oneEdit("mlenia", "melina"))
        #expect(!Self.oneEdit("melinaxx", "melina"))
        #expect(!Self.oneEdit("mxlinx", "melina"))
        #expect(!Self.oneEdit("abc", "cba"))
    }

    @Test func editsCountCharactersNotBytes() {
        #expect(Self.oneEdit("मीरा", "मिरा"))
        #expect(Self.oneEdit("duong", "dương") == false, "folding happens before, not here")
        #expect(Self.oneEdit("春人x", "春人"))
    }

    @Test func aPrefixMayHoldTheTypo() {
        #expect(Self.prefixEdit("stromv", "stormveil"))
        #expect(Self.prefixEdit("stormvi", "stormveil"))
        #expect(Self.prefixEdit("stormxv", "stormveil"))
        #expect(!Self.prefixEdit("strmxv", "stormveil"))
        #expect(!Self.prefixEdit("castle", "cas"))
    }
}
