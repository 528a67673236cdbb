import Foundation

/// A deterministic site of Markdown files: one game with locations (in a hierarchy), quests and NPCs
/// in equal parts, each referencing others in front matter and in wiki links, with lists and tables.
enum BuildCorpus {
    static func write(entries: Int, to root: String) throws {
        let perKind = max(1, entries / 3)
        let game = root + "/Content/benchmark"
        for folder in ["npcs", "quests", "locations"] {
            try FileManager.default.createDirectory(atPath: game + "/" + folder, withIntermediateDirectories: true)
        }
        try write("---\ntitle: Benchmark\ncharacter: Tester\nstarted: 2026-01-01\n---\nA generated playthrough.\n", to: game + "/game.md")
        let regions = ["Limgrave", "Liurnia", "Caelid", "Altus Plateau", "Mountaintops", "Weeping Peninsula"]
        let words = "ancient ruined hidden golden silent burning frozen sunken royal forgotten stone crystal".split(separator: " ")
        for index in 0..<perKind {
            let word = words[index % words.count]
            let parent = index >= 10 ? "parent: location-\(index / 10)\n" : ""
            try write("""
            ---
            name: The \(word.capitalized) Place \(index)
            cleared: \(index % 2 == 0)
            smith_anvil: \(index % 17 == 0)
            merchant: \(index % 5 == 0)
            region: \(regions[index % regions.count])
            \(parent)tags: [\(word), \(regions[index % regions.count].lowercased().replacingOccurrences(of: " ", with: "-"))]
            ---
            A \(word) place near [[location-\((index + 1) % perKind)]], where I met [[npc-\(index)]].

            - Grace by the entrance
            - A *locked* door, ~~opened~~ not yet

            | Enemy | Count |
            | --- | --- |
            | Soldier | \(index % 9 + 1) |

            """, to: game + "/locations/location-\(index).md")
            try write("""
            ---
            name: \(word.capitalized) Errand \(index)
            complete: \(index % 3 == 0)
            location: location-\(index)
            tags: [\(index % 4 == 0 ? "main" : "side")]
            ---
            Bring the \(word) relic to [[The \(word.capitalized) Place \(index)]] for [[npc:npc-\(index)]].

            """, to: game + "/quests/quest-\(index).md")
            try write("""
            ---
            name: \(word.capitalized) Wanderer \(index)
            merchant: \(index % 4 == 0)
            locations: [location-\(index), location-\((index * 7) % perKind)]
            quests: [quest-\(index)]
            aliases: [Wanderer \(index)]
            ---
            Met at [[location-\(index)]]. Asked me to do [[quest-\(index)|the \(word) errand]]. Sells `stones`.

            """, to: game + "/npcs/npc-\(index).md")
        }
    }

    private static func write(_ text: String, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw BenchmarkFailure(message: "cannot write \(path)")
        }
    }
}
