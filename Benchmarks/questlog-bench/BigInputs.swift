import Foundation
import QuestlogCore

/// Sites made of one very large input, for the memory benchmark (`Benchmarks/memory.sh`): one
/// note of many megabytes, or one data file of very many entries. The text comes from the corpus
/// generator (phrases in five languages), so tokenizing and rendering see realistic words.
enum BigInputs {
    /// A one-game site whose NPC `big` has a note of about `megabytes` MB: paragraphs of generated
    /// notes under a heading every 40 paragraphs, each linking to one of twenty small entries.
    static func writeNote(megabytes: Int, to root: String) throws {
        let game = root + "/Content/world"
        try prepare(game)
        let items = SiteCorpus.items(entries: 400).filter { $0.kind.id == "npc" }
        let others = items.prefix(20)
        for item in others {
            try write("---\nname: \(quoted(item.name))\n---\n\(item.notes)\n", to: "\(game)/npcs/\(item.id).md")
        }
        let target = megabytes * 1_000_000
        var note = "---\nname: The Chronicle\n---\n"
        var paragraph = 0
        while note.utf8.count < target {
            if paragraph % 40 == 0 { note += "## Part \(paragraph / 40 + 1)\n\n" }
            let item = items[paragraph % items.count], other = others[others.index(others.startIndex, offsetBy: paragraph % others.count)]
            note += item.notes.replacingOccurrences(of: "\n", with: " ") + " See [[\(other.name)]].\n\n"
            paragraph += 1
        }
        try write(note, to: game + "/npcs/big.md")
    }

    /// A one-game site whose NPCs are all in one data file: `entries` entries, each with the
    /// corpus's fields and a note of a few sentences.
    static func writeData(entries: Int, to root: String) throws {
        let game = root + "/Content/world"
        try prepare(game)
        let items = SiteCorpus.items(entries: 2000).filter { $0.kind.id == "npc" }
        var yaml = "# Every NPC of the world, in one file.\n"
        yaml.reserveCapacity(entries * 300)
        for index in 0..<entries {
            let item = items[index % items.count]
            yaml += "- name: \(quoted("\(item.name) \(index + 1)"))\n"
            for (field, value) in item.fields.sorted(by: { $0.key < $1.key }) {
                switch value {
                case let .bool(flag): yaml += "  \(field): \(flag)\n"
                case let .string(text): yaml += "  \(field): \(quoted(text))\n"
                case let .list(list) where !list.isEmpty: yaml += "  \(field): [" + list.map(quoted).joined(separator: ", ") + "]\n"
                default: break
                }
            }
            yaml += "  notes: |\n" + item.notes.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
        }
        try write(yaml, to: game + "/npcs/everyone.yml")
    }

    private static func prepare(_ game: String) throws {
        try FileManager.default.createDirectory(atPath: game + "/npcs", withIntermediateDirectories: true)
        try write("---\ntitle: Generated World\n---\nA world with one very large input.\n", to: game + "/game.md")
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func write(_ text: String, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw BenchmarkFailure(message: "cannot write \(path)")
        }
    }
}
