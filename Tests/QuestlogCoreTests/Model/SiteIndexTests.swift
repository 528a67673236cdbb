import Testing
import TestSupport
@testable import QuestlogCore

@Suite("Site entry lookup")
struct SiteIndexTests {
    private func entry(_ game: String, _ kind: String, _ id: String, name: String) -> Entry {
        Entry(ref: EntryRef(game: game, kind: kind, id: id), name: name, source: SourceLocation(path: "Content/\(game)/\(id).md"),
              path: "\(game)/\(id).html", fields: [:], notes: .empty)
    }

    private func game(_ id: String, _ entries: [String: [Entry]]) -> Game {
        Game(id: id, title: id, source: SourceLocation(path: "Content/\(id)"), path: "\(id)/index.html", fields: [:],
             notes: .empty, entries: entries, links: [])
    }

    @Test("every entry of every game is found by its ref, and nothing else")
    func findsEveryEntry() {
        let a = [entry("a", "npc", "x", name: "X"), entry("a", "npc", "y", name: "Y")]
        let b = [entry("b", "npc", "x", name: "Other X"), entry("b", "quest", "q", name: "Q")]
        let site = Site(config: SiteConfig(), schema: Schema.builtIn,
                        games: [game("a", ["npc": a]), game("b", ["npc": [b[0]], "quest": [b[1]]])])
        #expect(site.entryCount == 4)
        for expected in a + b {
            #expect(site.entry(expected.ref) == expected)
        }
        #expect(site.entry(EntryRef(game: "a", kind: "quest", id: "q")) == nil)
        #expect(site.entry(EntryRef(game: "c", kind: "npc", id: "x")) == nil)
        for expected in a + b {
            #expect(site.withEntry(expected.ref, \.name) == expected.name)
        }
        var called = false
        #expect(site.withEntry(EntryRef(game: "a", kind: "quest", id: "q"), { _ in called = true }) == nil)
        #expect(!called, "no entry, no call")
    }

    @Test("changing the games changes what is found")
    func followsChanges() {
        var site = Site(config: SiteConfig(), schema: Schema.builtIn,
                        games: [game("a", ["npc": [entry("a", "npc", "x", name: "X"), entry("a", "npc", "y", name: "Y")]])])
        site.games[0].entries["npc"]?.removeFirst()
        site.games[0].entries["npc"]?[0].name = "Renamed"
        #expect(site.entry(EntryRef(game: "a", kind: "npc", id: "x")) == nil)
        #expect(site.entry(EntryRef(game: "a", kind: "npc", id: "y"))?.name == "Renamed")
        #expect(site.entryCount == 1)
    }

    @Test("an entry moved to its place in its list is found there, and every other one where it went")
    func reorders() {
        let names = ["A", "C", "E", "G", "I"]
        for moved in names.indices {
            for rename in ["0", "B", "D", "F", "H", "Z", names[moved]] {
                var entries = names.enumerated().map { entry("a", "npc", "e\($0)", name: $1) }
                var site = Site(config: SiteConfig(), schema: Schema.builtIn,
                                games: [game("a", ["npc": entries, "quest": [entry("a", "quest", "q", name: "Q")]])])
                entries[moved].name = rename
                let replaced = site.replaceEntry(entries[moved])
                #expect(replaced)
                let byName: (EntryRef, EntryRef) -> Bool = { a, b in
                    entries.first { $0.ref == a }!.name < entries.first { $0.ref == b }!.name
                }
                let reordered = site.reorderEntry(entries[moved].ref, by: byName)
                #expect(reordered)
                let expected = entries.sorted { $0.name < $1.name }
                #expect(site.games[0].entries["npc"] == expected, "\(names[moved]) renamed \(rename)")
                for entry in expected + [self.entry("a", "quest", "q", name: "Q")] {
                    #expect(site.entry(entry.ref) == entry)
                }
            }
        }
        var site = Site(config: SiteConfig(), schema: Schema.builtIn, games: [game("a", [:])])
        let missing = site.reorderEntry(EntryRef(game: "a", kind: "npc", id: "x"), by: { _, _ in true })
        #expect(!missing)
    }

    @Test("an entry filed under another kind's list is still found")
    func misfiled() {
        let odd = entry("a", "quest", "q", name: "Q")
        let site = Site(config: SiteConfig(), schema: Schema.builtIn, games: [game("a", ["npc": [odd]])])
        #expect(site.entry(odd.ref) == odd)
        #expect(site.withEntry(odd.ref, \.name) == "Q")
        // The entry's place in the index points into another list; a ref it does not match is not taken for it.
        #expect(site.withEntry(EntryRef(game: "a", kind: "npc", id: "q"), \.name) == nil)
    }

    @Test("after every change of notes, entries and order, each entry is found as its game holds it")
    func lookupsFollowChangesInPlace() {
        var generator = SplitMix64(seed: 23)
        let kinds = ["npc", "quest", "location"]
        var lists: [String: [Entry]] = [:]
        for kind in kinds {
            lists[kind] = (0..<12).map { entry("a", kind, "\(kind)-\($0)", name: "N\($0)") }.sorted { $0.name < $1.name }
        }
        // One entry filed under another kind's list, as a game made by hand may have it.
        lists["npc"]!.append(entry("a", "quest", "odd", name: "Z odd"))
        var site = Site(config: SiteConfig(), schema: Schema.builtIn, games: [game("a", lists), game("b", [:])])
        let refs = lists.values.flatMap { $0.map(\.ref) }.sorted { $0.id < $1.id }
        for step in 0..<400 {
            let ref = refs.randomElement(using: &generator)!
            var held = site.entry(ref)!
            switch Int.random(in: 0..<3, using: &generator) {
            case 0:
                let notes = Notes(markdown: "step \(step)", html: "<p>step \(step)</p>\n", plainText: "step \(step)", headings: [])
                let replaced = site.replaceNotes(of: ref, with: notes)
                #expect(replaced)
                held.notes = notes
            case 1:
                held.displayName = "Shown \(step)"
                let replaced = site.replaceEntry(held)
                #expect(replaced)
            default:
                held.name = "N\(Int.random(in: 0..<30, using: &generator))"
                let replaced = site.replaceEntry(held)
                let current = site
                let reordered = site.reorderEntry(ref) { a, b in current.entry(a)!.name < current.entry(b)!.name }
                #expect(replaced && reordered)
            }
            #expect(site.entry(ref) == held, "step \(step)")
            for game in site.games {
                for list in game.entries.values {
                    for expected in list {
                        #expect(site.entry(expected.ref) == expected)
                        #expect(site.withEntry(expected.ref, \.displayName) == expected.displayName)
                    }
                }
            }
        }
        #expect(site.entryCount == refs.count)
    }
}
