import Foundation
import QuestlogCore

/// A generated one-game site on disk, written twice from the same entries: as a Questlog site
/// (front-matter references, wiki links) and as a Hugo site (the same pages, front matter and notes,
/// with Markdown links and a small theme of list and single pages), so both tools build the same
/// content. Entries and notes come from the search benchmark's generator: names and phrases in five
/// languages, notes of 2 to 7 sentences with long-tailed word frequencies.
enum SiteCorpus {
    struct Item {
        var kind: Kind
        var id: String
        var name: String
        var fields: [String: FieldValue]
        var notes: String
    }

    static func items(entries: Int) -> [Item] {
        let site = SearchBenchmark.corpus(entries: entries)
        var items: [Item] = []
        for (number, game) in site.games.enumerated() {
            for kind in site.schema.kinds {
                for entry in game.entries(of: kind.id) {
                    items.append(Item(kind: kind, id: "\(entry.id)-\(number + 1)", name: entry.name, fields: entry.fields,
                                      notes: entry.notes.markdown))
                }
            }
        }
        return items
    }

    /// Writes the Questlog site to `questlog` and, when given, the Hugo site to `hugo`.
    static func write(entries: Int, questlog: String, hugo: String?) throws {
        let items = items(entries: entries)
        let byKind = Dictionary(grouping: items, by: \.kind.id)
        let locations = byKind["location"] ?? [], quests = byKind["quest"] ?? [], npcs = byKind["npc"] ?? []
        func pick(_ list: [Item], _ seed: Int) -> Item? { list.isEmpty ? nil : list[seed % list.count] }

        let game = questlog + "/Content/world"
        for kind in ["npcs", "quests", "locations"] {
            try FileManager.default.createDirectory(atPath: game + "/" + kind, withIntermediateDirectories: true)
        }
        try write("---\ntitle: Generated World\ncharacter: Tester\nstarted: 2026-01-01\nstatus: playing\n---\nA generated playthrough of \(items.count) entries.\n",
                  to: game + "/game.md")
        if let hugo {
            try FileManager.default.createDirectory(atPath: hugo + "/layouts/_default", withIntermediateDirectories: true)
            for kind in ["npcs", "quests", "locations"] {
                try FileManager.default.createDirectory(atPath: hugo + "/content/" + kind, withIntermediateDirectories: true)
            }
            try writeHugoTheme(to: hugo)
        }
        for (index, item) in items.enumerated() {
            var front = ["name: \(yaml(item.name))"]
            var hugoFront = ["title: \(yaml(item.name))"]
            var links: [Item] = []
            for (field, value) in item.fields.sorted(by: { $0.key < $1.key }) {
                switch value {
                case let .bool(flag): front.append("\(field): \(flag)"); hugoFront.append("\(field): \(flag)")
                case let .string(text): front.append("\(field): \(yaml(text))"); hugoFront.append("\(field): \(yaml(text))")
                case let .list(list) where !list.isEmpty:
                    let value = "[" + list.map(yaml).joined(separator: ", ") + "]"
                    front.append("\(field): \(value)"); hugoFront.append("\(field): \(value)")
                default: break
                }
            }
            switch item.kind.id {
            case "npc":
                let places = [pick(locations, index * 7), pick(locations, index * 13 + 1)].compactMap { $0 }
                let given = [pick(quests, index)].compactMap { $0 }
                front.append("locations: [" + places.map(\.id).joined(separator: ", ") + "]")
                front.append("quests: [" + given.map(\.id).joined(separator: ", ") + "]")
                links += places + given
            case "quest":
                if let place = pick(locations, index * 3) { front.append("location: \(place.id)"); links.append(place) }
            default:
                if index % 5 != 0, let parent = pick(locations, index / 5), parent.id != item.id {
                    front.append("parent: \(parent.id)"); links.append(parent)
                }
            }
            let mentioned = [pick(npcs, index * 11 + 3), pick(locations, index * 5 + 2)].compactMap { $0 }.filter { $0.id != item.id }
            let wiki = mentioned.map { "[[\($0.kind.id):\($0.id)|\($0.name)]]" }.joined(separator: " and ")
            let markdown = mentioned.map { "[\($0.name)](/\($0.kind.folder)/\($0.id)/)" }.joined(separator: " and ")
            let table = "\n\n| Seen | Count |\n| --- | --- |\n| \(item.kind.name) | \(index % 9 + 1) |\n"
            let questlogBody = item.notes + (wiki.isEmpty ? "" : "\n\nSee also \(wiki).") + table
            try write("---\n" + front.joined(separator: "\n") + "\n---\n" + questlogBody,
                      to: "\(game)/\(item.kind.folder)/\(item.id).md")
            if let hugo {
                let related = links.map { "[\($0.name)](/\($0.kind.folder)/\($0.id)/)" }.joined(separator: ", ")
                let hugoBody = item.notes + (markdown.isEmpty ? "" : "\n\nSee also \(markdown).")
                    + (related.isEmpty ? "" : "\n\nRelated: \(related).") + table
                try write("---\n" + hugoFront.joined(separator: "\n") + "\n---\n" + hugoBody,
                          to: "\(hugo)/content/\(item.kind.folder)/\(item.id).md")
            }
        }
    }

    /// A Hugo site like Questlog's output: a page per entry with its fields, a list per section, tags.
    private static func writeHugoTheme(to hugo: String) throws {
        try write("""
        baseURL = "https://example.org/"
        title = "Generated World"
        disableKinds = ["RSS"]
        [taxonomies]
        tag = "tags"
        [markup.goldmark.renderer]
        unsafe = false
        """, to: hugo + "/hugo.toml")
        try write("""
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>{{ .Title }} · {{ .Site.Title }}</title></head>
        <body><nav>{{ range .Site.Sections }}<a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ end }}</nav>
        <main>{{ block "main" . }}{{ end }}</main></body></html>
        """, to: hugo + "/layouts/_default/baseof.html")
        try write("""
        {{ define "main" }}<h1>{{ .Title }}</h1>
        <dl>{{ range $key, $value := .Params }}<dt>{{ $key }}</dt><dd>{{ $value }}</dd>{{ end }}</dl>
        {{ with .GetTerms "tags" }}<ul>{{ range . }}<li><a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a></li>{{ end }}</ul>{{ end }}
        {{ .Content }}{{ end }}
        """, to: hugo + "/layouts/_default/single.html")
        try write("""
        {{ define "main" }}<h1>{{ .Title }}</h1>
        <table>{{ range .Pages }}<tr><td><a href="{{ .RelPermalink }}">{{ .Title }}</a></td><td>{{ .Params.region }}</td><td>{{ delimit (.Params.tags | default slice) ", " }}</td></tr>{{ end }}</table>{{ end }}
        """, to: hugo + "/layouts/_default/list.html")
    }

    private static func yaml(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func write(_ text: String, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw BenchmarkFailure(message: "cannot write \(path)")
        }
    }
}
