@testable import QuestlogCore
import Testing

struct XLSXSheetNamesTests {
    @Test func forbiddenCharactersBecomeUnderscores() {
        var names = XLSXSheetNames()
        #expect(names.claim("Q&A: [Who]? */\\", fallback: "x") == "Q&A_ _Who__ ___")
    }

    @Test func atMost31UnitsWithoutSplittingACharacter() {
        var names = XLSXSheetNames()
        let long = names.claim(String(repeating: "Ab", count: 20), fallback: "x")
        #expect(long == String(repeating: "Ab", count: 15) + "A")
        let emoji = names.claim(String(repeating: "🐉", count: 20), fallback: "x")
        #expect(emoji == String(repeating: "🐉", count: 15))
        #expect(emoji.utf16.count == 30)
    }

    @Test func noQuoteAtEitherEnd() {
        var names = XLSXSheetNames()
        #expect(names.claim("'Quoted'", fallback: "x") == "Quoted")
        #expect(names.claim("It's", fallback: "x") == "It's")
        // Cutting may leave a quote at the end: it goes too.
        #expect(names.claim(String(repeating: "a", count: 30) + "'b", fallback: "x") == String(repeating: "a", count: 30))
    }

    @Test func uniqueRegardlessOfCase() {
        var names = XLSXSheetNames()
        #expect(names.claim("NPCs", fallback: "npc") == "NPCs")
        #expect(names.claim("npcs", fallback: "npc") == "npcs (2)")
        #expect(names.claim("NPCS", fallback: "npc") == "NPCS (3)")
        let long = String(repeating: "x", count: 40)
        #expect(names.claim(long, fallback: "a") == String(repeating: "x", count: 31))
        #expect(names.claim(long, fallback: "a") == String(repeating: "x", count: 27) + " (2)")
    }

    @Test func historyIsReservedAndEmptyNamesFallBack() {
        var names = XLSXSheetNames()
        #expect(names.claim("History", fallback: "x") == "History (2)")
        #expect(names.claim("''", fallback: "lore") == "lore")
        #expect(names.claim("\u{1}\n", fallback: "") == "Sheet")
    }
}
