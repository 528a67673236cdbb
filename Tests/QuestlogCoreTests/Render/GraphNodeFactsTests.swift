@testable import QuestlogCore
import Testing
import TestSupport

/// The lists under the graph pictures are ordered by names as Swift orders strings.
struct GraphNodeFactsTests {
    /// Names order and tell apart exactly as string comparison does, whatever their script and
    /// however their characters are composed.
    @Test func sortKeysCompareAsStringsDo() {
        let pieces = ["a", "B", "e", "\u{301}", "é", "\u{327}", "Å", "\u{212B}", "A\u{30A}", "Ω", "\u{2126}", "ﬁ", "fi", "한", "\u{1112}\u{1161}\u{11AB}",
                      "龍", "竜", "👩‍👩‍👧", "👩", "\u{200D}", "ß", "ss", " ", "-", "Ǆ", "z", "\u{FB01}", "ά", "\u{3B1}\u{301}", "\u{1F71}"]
        var random = SplitMix64(seed: 0x6A9)
        var names = pieces
        for _ in 0..<1_500 {
            names.append((0..<(1 + Int(random.next() % 4))).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
        }
        let keys = names.map(GraphNodeFacts.SortName.init)
        #expect(keys.contains { $0.composed == nil } && keys.contains { $0.composed != nil && $0.text.utf8.contains { $0 >= 0x80 } })
        for _ in 0..<20_000 {
            let a = Int(random.next() % UInt64(names.count)), b = Int(random.next() % UInt64(names.count))
            let order = keys[a].precedes(keys[b])
            #expect(order == (names[a] == names[b] ? nil : names[a] < names[b]), "\(names[a].debugDescription) < \(names[b].debugDescription)")
        }
    }
}
