@testable import QuestlogCore
import Testing
import TestSupport

/// A game's index finds entries by id and by the keys of their names and aliases; an entry renamed
/// in place is found as an index made with its new name would find it.
struct GameIndexTests {
    private static func entry(_ kind: String, _ id: String, name: String, aliases: [String] = []) -> CheckedEntry {
        let kindValue = Schema.builtIn.kind(id: kind)!
        let raw = RawEntry(kind: kindValue, id: id, source: SourceLocation(path: "Content/g/\(kindValue.folder)/\(id).md"), fields: [],
                           notes: "", notesLineOffset: 0, fallbackName: id)
        return CheckedEntry(raw: raw, ref: EntryRef(game: "g", kind: kind, id: id), name: name, aliases: aliases, fields: [], extra: [],
                            isDraft: false, isSpoiler: false)
    }

    private static func index(_ entries: [CheckedEntry]) -> GameIndex {
        var index = GameIndex(id: "g")
        var diagnostics: [Diagnostic] = []
        for entry in entries { index.add(entry, strict: false, diagnostics: &diagnostics) }
        return index
    }

    private static let entries = [
        entry("npc", "alba", name: "Alba", aliases: ["Al", "The Smith"]),
        entry("npc", "bob", name: "Bob"),
        entry("npc", "cid", name: "Cid", aliases: ["Al"]),
        entry("location", "cave", name: "Cave"),
        entry("location", "den", name: "Den", aliases: ["Alba"]),
    ]

    private static let texts = ["alba", "Alba", "al", "the smith", "bob", "Bob", "cid", "Cid", "cave", "den", "Den",
                                "Albane", "albane", "Bobby", "Zed", "Smith", "The Smith", "Cave"]

    @Test(arguments: [
        (0, "Albane", ["Al", "The Smith"]),
        (0, "Alba", ["Al"]),
        (0, "Alba", []),
        (0, "The Smith", ["Alba"]),
        (1, "Bobby", ["Zed"]),
        (1, "Cid", []),
        (2, "Cid", []),
        (3, "Grotto", ["Cave"]),
        (4, "Den", []),
    ] as [(Int, String, [String])])
    func aRenamedEntryIsFoundByItsNewKeysAlone(position: Int, name: String, aliases: [String]) {
        var renamed = Self.index(Self.entries)
        var entry = Self.entries[position]
        entry.name = name
        entry.aliases = aliases
        renamed.rename(at: position, name: name, nameLocation: nil, aliases: aliases, keys: GameIndex.keys(of: entry))
        var entries = Self.entries
        entries[position] = entry
        let fresh = Self.index(entries)
        for text in Self.texts + [name] + aliases {
            for kind in [nil, "npc", "location"] {
                #expect(renamed.candidates(text, kind: kind, kinds: Schema.builtIn.kinds) == fresh.candidates(text, kind: kind, kinds: Schema.builtIn.kinds),
                        "'\(text)' in \(kind ?? "every kind")")
            }
        }
        #expect(renamed.entries[position].name == name)
        #expect(renamed.entries[position].nameKey == NameKey.make(name))
        for key in Set(Self.texts.map(GameIndex.nameKey)) {
            #expect(renamed.positions(ofNameKey: key) == fresh.positions(ofNameKey: key), "\(key)")
        }
    }

    /// Names from a small pool, so that keys have one, two or many entries, renamed at random one
    /// after another: every lookup equals an index made afresh, as keys gain and lose entries.
    @Test func renamesOverSharedKeysLeaveTheIndexAsIfMadeAfresh() {
        var random = SplitMix64(seed: 41)
        let pool = ["Alba", "Bob", "Cid", "Al", "alba"]
        func pick() -> String { pool[Int(random.next() % UInt64(pool.count))] }
        var entries = (0..<12).map { number in
            Self.entry(number % 3 == 0 ? "location" : "npc", "e\(number)", name: pick(), aliases: number % 2 == 0 ? [pick()] : [])
        }
        var renamed = Self.index(entries)
        for step in 0..<200 {
            let position = Int(random.next() % UInt64(entries.count))
            var entry = entries[position]
            entry.name = pick()
            entry.aliases = (0..<Int(random.next() % 3)).map { _ in pick() }
            renamed.rename(at: position, name: entry.name, nameLocation: nil, aliases: entry.aliases, keys: GameIndex.keys(of: entry))
            entries[position] = entry
            let fresh = Self.index(entries)
            for text in pool + ["e1", "e3", "Zed"] {
                for kind in [nil, "npc", "location"] {
                    #expect(renamed.candidates(text, kind: kind, kinds: Schema.builtIn.kinds) == fresh.candidates(text, kind: kind, kinds: Schema.builtIn.kinds),
                            "step \(step): '\(text)' in \(kind ?? "every kind")")
                }
                let key = GameIndex.nameKey(text)
                #expect(renamed.positions(ofNameKey: key) == fresh.positions(ofNameKey: key), "step \(step): \(key)")
            }
        }
    }
}
