@testable import QuestlogCore

/// Small sites made in memory for the search tests, with the built-in schema.
enum SearchTestSite {
    static let schema = SiteConfig().schema

    /// An entry of game `game`; `kind` is `npc`, `quest` or `location`.
    static func entry(_ kind: String, _ name: String, game: String = "alpha", notes: String = "", tags: [String] = [],
                      aliases: [String] = [], fields: [String: FieldValue] = [:]) -> Entry {
        let folder = schema.kind(id: kind)?.folder ?? kind
        let id = Slug.make(name).isEmpty ? "entry-\(name.unicodeScalars.count)" : Slug.make(name)
        var values = fields
        if !tags.isEmpty { values["tags"] = .list(tags) }
        if !aliases.isEmpty { values["aliases"] = .list(aliases) }
        return Entry(ref: EntryRef(game: game, kind: kind, id: id), name: name,
                     source: SourceLocation(path: "Content/\(game)/\(folder)/\(id).md"),
                     path: RelativeURL.entryPage(game: game, folder: folder, id: id), fields: values,
                     notes: Notes(markdown: notes, html: notes, plainText: notes, headings: []))
    }

    /// A site of these entries; each game is titled after its id unless `titles` says otherwise.
    static func site(_ entries: [Entry], titles: [String: String] = [:], language: String = "en") -> Site {
        let gameIDs = Set(entries.map(\.ref.game)).union(titles.keys).sorted()
        let games = gameIDs.map { id in
            let own = entries.filter { $0.ref.game == id }
            let byKind = Dictionary(grouping: own, by: \.kind).mapValues { $0.sorted { ($0.name, $0.id) < ($1.name, $1.id) } }
            return Game(id: id, title: titles[id] ?? id.capitalized, source: SourceLocation(path: "Content/\(id)/game.md"),
                        path: RelativeURL.gamePage(game: id), fields: [:], notes: .empty, entries: byKind, links: [])
        }
        return Site(config: SiteConfig(title: "Test", language: language), schema: schema, games: games)
    }

    static func index(_ entries: [Entry], shardBytes: Int = 20_000, chunkBytes: Int = 6_000, textLimit: Int = 800) -> SearchIndex {
        let strings = UIStrings.load(language: "en", theme: .embedded).0
        return SearchIndexBuilder(site: site(entries), strings: strings, shardBytes: shardBytes, chunkBytes: chunkBytes,
                                  textLimit: textLimit).build()
    }

    /// The names of a query's hits, best first.
    static func names(_ index: SearchIndex, _ query: SearchQuery) -> [String] {
        index.search(query).hits.map { index.documents[$0.document].name }
    }

    static func names(_ index: SearchIndex, _ text: String) -> [String] {
        names(index, SearchQuery(text))
    }
}
