import Mustache

extension PageBuilder {
    /// `index.html`: every game with its progress.
    func homePage() -> Page {
        let path = "index.html"
        var context = common(path: path, title: site.config.title, type: "home", game: nil, breadcrumbs: [(site.config.title, nil)])
        context["games"] = .list(site.games.map { game in
            [
                "title": .string(game.title),
                "url": .string(RelativeURL.from(path, to: game.path)),
                "facts": .list(gameFacts(game)),
                "hasFacts": .bool(!gameFacts(game).isEmpty),
                "progress": .list(progress(of: game)),
                "kinds": .list(kindLinks(of: game, from: path)),
                "tags": tags(gameTags(game)),
                "hasTags": .bool(!gameTags(game).isEmpty),
            ]
        })
        context["hasGames"] = .bool(!site.games.isEmpty)
        context["downloads"] = downloads(ExportDownload.forSite(), from: path, game: nil)
        return Page(path: path, template: "home", context: .object(MustacheObject(context)))
    }

    /// `<game>/index.html`: notes, progress, merchants and anvils, links to each kind.
    func gamePage(_ game: Game) -> Page {
        let path = game.path
        var context = common(path: path, title: game.title, type: "game", game: game.id,
                             breadcrumbs: [(strings["ui.home"], "index.html"), (game.title, nil)])
        let merchants = (game.entries(of: "location") + game.entries(of: "npc")).filter { $0.bool("merchant") }
        let anvils = game.entries(of: "location").filter { $0.bool("smith_anvil") }
        context["game"] = [
            "title": .string(game.title),
            "facts": .list(gameFacts(game)),
            "hasFacts": .bool(!gameFacts(game).isEmpty),
            "tags": tags(gameTags(game)),
            "hasTags": .bool(!gameTags(game).isEmpty),
            "notes": .string(game.notes.html),
            "hasNotes": .bool(!game.notes.html.isEmpty),
            "progress": .list(progress(of: game)),
            "kinds": .list(kindLinks(of: game, from: path)),
            "merchants": .list(links(merchants.map(\.ref), from: path)),
            "hasMerchants": .bool(!merchants.isEmpty),
            "anvils": .list(links(anvils.map(\.ref), from: path)),
            "hasAnvils": .bool(!anvils.isEmpty),
            "downloads": downloads(ExportDownload.forGame(game.id, schema: site.schema), from: path, game: game),
        ]
        return Page(path: path, template: "game", context: .object(MustacheObject(context)))
    }

    /// `<game>/<folder>/index.html`: a filterable, sortable table of a kind's entries.
    func kindPage(_ kind: Kind, in game: Game) -> Page {
        let path = RelativeURL.kindPage(game: game.id, folder: kind.folder)
        let plural = labels.kindPlural(kind)
        var context = common(path: path, title: "\(plural) · \(game.title)", type: "kind", game: game.id,
                             breadcrumbs: [(strings["ui.home"], "index.html"), (game.title, game.path), (plural, nil)])
        let entries = game.entries(of: kind.id)
        let table = KindTable(builder: self, kind: kind, game: game, path: path)
        context["kind"] = [
            "id": .string(kind.id),
            "name": .string(labels.kindName(kind)),
            "plural": .string(plural),
            "count": .int(entries.count),
        ]
        context["columns"] = .list(table.columns.map { ["label": .string($0.label), "type": .string($0.type), "key": .string($0.key)] })
        context["rows"] = .list(entries.map(table.row))
        context["toggles"] = .list(table.toggles)
        context["hasToggles"] = .bool(!table.toggles.isEmpty)
        let allTags = Set(entries.flatMap { $0.list("tags") }).sorted { Slug.make($0) < Slug.make($1) }
        context["tags"] = tags(allTags)
        context["hasTags"] = .bool(!allTags.isEmpty)
        context["downloads"] = downloads(ExportDownload.forKind(kind, game: game.id), from: path, game: game)
        return Page(path: path, template: "kind", context: .object(MustacheObject(context)))
    }

    /// `<game>/<folder>/<id>.html`: every field, relations both ways, notes, mentions.
    func entryPage(_ entry: Entry, kind: Kind, in game: Game) -> Page {
        let path = entry.path
        let plural = labels.kindPlural(kind)
        let kindPath = RelativeURL.kindPage(game: game.id, folder: kind.folder)
        var context = common(path: path, title: "\(entry.name) · \(game.title)", type: "entry", game: game.id,
                             breadcrumbs: [(strings["ui.home"], "index.html"), (game.title, game.path), (plural, kindPath), (entry.name, nil)])
        var facts: [MustacheValue] = []
        var relations: [MustacheValue] = []
        for field in kind.fields {
            guard let value = entry.fields[field.name] else { continue }
            let label = labels.field(field, of: kind)
            switch value {
            case let .ref(ref):
                relations.append(["label": .string(label), "items": .list(links([ref], from: path))])
            case let .refs(refs) where !refs.isEmpty:
                relations.append(["label": .string(label), "items": .list(links(refs, from: path))])
            case .refs:
                continue
            case let .list(items) where field.name == "tags" || field.name == "aliases" || items.isEmpty:
                continue
            case let .bool(flag):
                facts.append(["label": .string(label), "text": .string(display(value)), "isBool": true, "yes": .bool(flag), "url": .null])
            case let .url(url) where URLCheck.isAbsoluteWebURL(url) || !url.contains(":"):
                facts.append(["label": .string(label), "text": .string(url), "isBool": false, "url": .string(url)])
            default:
                facts.append(["label": .string(label), "text": .string(display(value)), "isBool": false, "url": .null])
            }
        }
        for relation in entry.inverse {
            relations.append(["label": .string(labels.relation(relation)), "items": .list(links(relation.entries, from: path))])
        }
        if !entry.mentions.isEmpty {
            relations.append(["label": .string(strings["ui.mentioned_in"]), "items": .list(links(entry.mentions, from: path))])
        }
        var status: MustacheValue = .null
        if let field = ["complete", "cleared"].first(where: { kind.field(named: $0)?.type == .bool }) {
            let done = entry.bool(field)
            let key = field == "complete" ? (done ? "ui.complete" : "ui.incomplete") : (done ? "ui.cleared" : "ui.not_cleared_state")
            status = ["label": .string(strings[key]), "done": .bool(done)]
        }
        let aliases = entry.list("aliases")
        context["entry"] = [
            "name": .string(entry.name),
            "id": .string(entry.id),
            "kind": ["name": .string(labels.kindName(kind)), "plural": .string(plural), "url": .string(RelativeURL.from(path, to: kindPath))],
            "status": status,
            "aliases": .string(aliases.joined(separator: ", ")),
            "hasAliases": .bool(!aliases.isEmpty),
            "facts": .list(facts),
            "hasFacts": .bool(!facts.isEmpty),
            "relations": .list(relations),
            "hasRelations": .bool(!relations.isEmpty),
            "tags": tags(entry.list("tags")),
            "hasTags": .bool(!entry.list("tags").isEmpty),
            "notes": .string(entry.notes.html),
            "hasNotes": .bool(!entry.notes.html.isEmpty),
        ]
        return Page(path: path, template: "entry", context: .object(MustacheObject(context)))
    }

    /// `404.html`, served by static hosts for unknown paths; links go through the base URL when known,
    /// because the page may be shown at any depth.
    func notFoundPage() -> Page {
        let path = "404.html"
        let context = common(path: path, title: strings["ui.not_found_title"], type: "404", game: nil,
                             breadcrumbs: [(strings["ui.home"], "index.html"), (strings["ui.not_found_title"], nil)],
                             absolute: site.config.baseURL != nil)
        return Page(path: path, template: "404", context: .object(MustacheObject(context)))
    }

    func gameTags(_ game: Game) -> [String] {
        if case let .list(items)? = game.fields["tags"] { return items }
        return []
    }
}
