import Testing
@testable import QuestlogCore
import TestSupport

@Suite("Entry index")
struct EntryIndexTests {
    @Test("finds what a dictionary finds, through growth, repeated ids and replaced positions")
    func agreesWithADictionary() {
        var random = SplitMix64(seed: 0xE1D7)
        let games = ["elden-ring", "skyrim", "g"], kinds = ["npc", "quest", "location"]
        let stems = ["varre", "ranni", "a", "", "日本語の名前", "location-11-3", "a-much-longer-id-than-eight-bytes", "é"]
        var index = EntryIndex(capacity: Int(random.next() % 4))
        var expected: [EntryRef: EntryIndex.Position] = [:]
        var all: [EntryRef] = []
        for step in 0..<3_000 {
            // Ids that repeat across games and kinds, and ids that differ in one byte.
            let id = stems[Int(random.next() % UInt64(stems.count))] + (step % 3 == 0 ? "" : String(random.next() % 200))
            let ref = EntryRef(game: games[Int(random.next() % 3)], kind: kinds[Int(random.next() % 3)], id: id)
            let position = EntryIndex.Position(game: Int32(random.next() % 5), entry: Int32(step))
            index[ref] = position
            expected[ref] = position
            all.append(ref)
            #expect(index.count == expected.count)
        }
        for ref in all {
            #expect(index[ref] == expected[ref], "\(ref)")
        }
        for game in games + ["other"] {
            for kind in kinds {
                for id in stems + ["varre1000", "missing"] {
                    let ref = EntryRef(game: game, kind: kind, id: id)
                    #expect(index[ref] == expected[ref], "\(ref)")
                }
            }
        }
    }
}
