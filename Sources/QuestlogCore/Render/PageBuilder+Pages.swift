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
                "facts": .list(gameFacts(game, from: path)),
                "hasFacts": .bool(!gameFacts(game, from: path).isEmpty),
                "progress": .list(progress(of: game)),
                "hasProgress": .bool(!progress(of: game).isEmpty),
                "playthroughs": playthroughComparison(of: game, from: path),
                "hasPlaythroughs": .bool(game.hasPlaythroughs),
                "kinds": .list(kindLinks(of: game, from: path)),
                "tags": tags(gameTags(game)),
                "hasTags": .bool(!gameTags(game).isEmpty),
            ]
        })
        context["hasGames"] = .bool(!site.games.isEmpty)
        context["downloads"] = downloads(ExportDownload.forSite(), from: path, game: nil)
        if site.config.baseURL != nil {
            let summary = strings.format("ui.description_list", ["name": site.config.title,
                                                                 "items": site.games.map(\.title).joined(separator: strings["ui.list_separator"])])
            context["meta"] = sharing(path: path, title: site.config.title, type: "website", description: site.games.isEmpty ? site.config.title : summary)
        }
        return Page(path: path, template: "home", context: .object(MustacheObject(context)),
                    sources: site.games.flatMap(Self.sources(of:)))
    }

    /// `<game>/index.html`: notes, progress, the highlighted entries, links to each kind.
    func gamePage(_ game: Game) -> Page {
        let path = game.path
        var context = common(path: path, title: game.title, type: "game", game: game.id,
                             breadcrumbs: [(strings["ui.home"], "index.html"), (game.title, nil)])
        let progress = progress(of: game)
        let highlights = highlights(of: game, from: path)
        context["game"] = [
            "title": .string(game.title),
            "facts": .list(gameFacts(game, from: path)),
            "hasFacts": .bool(!gameFacts(game, from: path).isEmpty),
            "tags": tags(gameTags(game)),
            "hasTags": .bool(!gameTags(game).isEmpty),
            "notes": .string(game.notes.html),
            "hasNotes": .bool(!game.notes.html.isEmpty),
            "progress": .list(progress),
            "hasProgress": .bool(!progress.isEmpty),
            "overviewTitle": .string(progress.isEmpty && !game.hasPlaythroughs ? strings["ui.browse"] : strings["ui.progress"]),
            "playthroughs": playthroughComparison(of: game, from: path),
            "hasPlaythroughs": .bool(game.hasPlaythroughs),
            "compareURL": .string(RelativeURL.from(path, to: RelativeURL.progressPage(game: game.id))),
            "kinds": .list(kindLinks(of: game, from: path)),
            "highlights": .list(highlights),
            "downloads": downloads(ExportDownload.forGame(game.id, schema: site.schema, playthroughs: game.hasPlaythroughs), from: path, game: game),
            "graphUrl": hasGraphPage(game) ? .string(RelativeURL.from(path, to: Self.graphPath(of: game))) : .null,
        ]
        if site.config.baseURL != nil {
            let fallback = strings.format("ui.description_list", ["name": game.title, "items": kindSummary(of: game)])
            context["meta"] = sharing(path: path, title: game.title, type: "website",
                                      description: describe(game.notes, fallback: kinds(of: game).isEmpty ? game.title : fallback))
        }
        return Page(path: path, template: "game", context: .object(MustacheObject(context)), sources: Self.sources(of: game))
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
        // Made as the table renders, one row at a time: a kind of many entries is not held as data
        // for every row at once.
        context["rows"] = .sequence(MustacheSequence(count: entries.count) { table.row(entries[$0]) })
        context["hasColumns"] = .bool(!table.columns.isEmpty)
        context["hasThumbnails"] = .bool(table.imageField != nil)
        context["thumbnailLabel"] = .string(table.imageField.map { labels.field($0, of: kind) } ?? "")
        context["playthroughs"] = table.followsPlaythroughs ? playthroughSelector(of: game) : .null
        context["toggles"] = .list(table.toggles)
        context["hasToggles"] = .bool(!table.toggles.isEmpty)
        // Spellings that fold to one slug ("Boss", "boss") filter the same rows: one checkbox per
        // slug, named as first written.
        var spellings: [String: String] = [:]
        for entry in entries {
            for tag in entry.list("tags") where spellings[slug(tag)] == nil {
                spellings[slug(tag)] = tag
            }
        }
        let allTags = spellings.sorted { $0.key < $1.key }.map(\.value)
        context["tags"] = tags(allTags)
        context["hasTags"] = .bool(!allTags.isEmpty)
        context["downloads"] = downloads(ExportDownload.forKind(kind, game: game.id), from: path, game: game)
        if site.config.baseURL != nil {
            let summary = strings.format("ui.description_kind", ["kind": plural, "game": game.title, "count": String(entries.count)])
            context["meta"] = sharing(path: path, title: "\(plural) · \(game.title)", type: "website", description: summary)
        }
        return Page(path: path, template: "kind", context: .object(MustacheObject(context)), sources: entries.map(\.source.path))
    }

    /// `<game>/<folder>/<id>.html`: the picture, every field (declared, then undeclared), relations
    /// both ways, notes, mentions.
    func entryPage(_ entry: Entry, kind: Kind, in game: Game) -> Page {
        let path = entry.path
        let plural = labels.kindPlural(kind)
        let kindPath = RelativeURL.kindPage(game: game.id, folder: kind.folder)
        var context = common(path: path, title: "\(entry.displayName) · \(game.title)", type: "entry", game: game.id,
                             breadcrumbs: [(strings["ui.home"], "index.html"), (game.title, game.path), (plural, kindPath), (entry.displayName, nil)])
        var facts: [MustacheValue] = []
        var relations: [MustacheValue] = []
        var picture: MustacheValue = .null
        var pictureURL: String?
        let fieldLabels = labels.fieldLabels(of: kind)
        // Each field read in place: a field copied is a dozen strings and tables counted up and down.
        let fields = kind.fields
        for position in fields.indices {
            // A playthrough's progress lists have their own sections (`playthroughPage`).
            guard let value = entry.fields[fields[position].name], fields[position].progressOf.isEmpty else { continue }
            let label = fieldLabels[position]
            switch value {
            case let .url(url) where fields[position].display == .image:
                if picture == .null {
                    picture = self.picture(url, alt: entry.name, from: path)
                    pictureURL = url
                }
            case let .ref(ref):
                relations.append(linkList(label: label, [ref], from: path))
            case let .refs(refs) where !refs.isEmpty:
                relations.append(linkList(label: label, refs, from: path))
            case .refs:
                continue
            case let .list(items) where fields[position].name == "tags" || fields[position].name == "aliases" || items.isEmpty:
                continue
            default:
                facts.append(fact(label: label, value, from: path))
            }
        }
        for extra in entry.extra {
            if case let .list(items) = extra.value, items.isEmpty { continue }
            facts.append(fact(label: FieldDefinition.humanize(extra.name), extra.value, from: path))
        }
        for relation in entry.inverse {
            relations.append(linkList(label: labels.relation(relation), relation.entries, from: path))
        }
        if !entry.mentions.isEmpty {
            relations.append(linkList(label: strings["ui.mentioned_in"], entry.mentions, from: path))
        }
        var status: MustacheValue = .null
        let progressField = kind.fields.first(where: { $0.progress && $0.type == .bool })
        if let field = progressField, !game.hasPlaythroughs {
            let done = entry.bool(field.name)
            status = .object(MustacheObject(keys: Self.statusKeys) {
                $0.append(.string(labels.state(field, of: kind, done: done)))
                $0.append(.bool(done))
            })
        }
        let states = playthroughStates(of: entry, kind: kind, in: game, from: path)
        let spoilers = spoilerView(of: entry, field: progressField, in: game)
        let aliases = entry.list("aliases")
        let tagList = entry.list("tags")
        // In the order of `entryKeys`.
        context["entry"] = .object(MustacheObject(keys: Self.entryKeys) {
            $0.append(.string(entry.name))
            $0.append(.string(entry.displayName))
            $0.append(.string(entry.id))
            $0.append(.object(MustacheObject(keys: Self.entryKindKeys) {
                $0.append(.string(labels.kindName(kind)))
                $0.append(.string(plural))
                $0.append(.string(RelativeURL.from(path, to: kindPath)))
            }))
            $0.append(status)
            $0.append(.bool(entry.isDraft))
            $0.append(.bool(entry.isSpoiler || spoilers.collapsesNotes))
            $0.append(.list(states))
            $0.append(.bool(!states.isEmpty))
            $0.append(.string(spoilers.doneIn))
            $0.append(.bool(spoilers.followsPlaythrough))
            $0.append(.string(aliases.joined(separator: ", ")))
            $0.append(.bool(!aliases.isEmpty))
            $0.append(picture)
            $0.append(.list(facts))
            $0.append(.bool(!facts.isEmpty))
            $0.append(.bool(!facts.isEmpty || picture != .null))
            $0.append(.list(relations))
            $0.append(.bool(!relations.isEmpty))
            $0.append(tags(tagList))
            $0.append(.bool(!tagList.isEmpty))
            $0.append(spoilers.opensCallouts ? .string(Self.openingSpoilerCallouts(entry.notes.html)) : Self.html(of: entry.notes))
            $0.append(.bool(!entry.notes.isEmpty(.html)))
        })
        context["usesPlaythroughs"] = .bool(game.hasPlaythroughs)
        context["graph"] = entryGraph(entry, in: game)
        if site.config.baseURL != nil {
            // Spoilers stay out of link previews.
            let fallback = strings.format("ui.description_entry", ["name": entry.displayName, "kind": labels.kindName(kind), "game": game.title])
            let description = entry.isSpoiler || spoilers.collapsesNotes ? fallback : describe(entry.notes, fallback: fallback)
            context["meta"] = sharing(path: path, title: "\(entry.displayName) · \(game.title)", type: "article",
                                      description: description, image: pictureURL.map { ($0, entry.name) })
        }
        return Page(path: path, template: "entry", context: .object(MustacheObject(consume context)), sources: [entry.source.path])
    }

    /// The HTML of `notes` for a page: the bytes kept from the memo as they are (`MustacheValue.utf8`),
    /// rendered as their string is, without one made and checked; else the string.
    static func html(of notes: Notes) -> MustacheValue {
        notes.encoded == nil ? .string(notes.html) : notes.withUTF8(.html) { .utf8(Array($0)) }
    }

    /// A row of the Details list: yes/no for booleans, a link for URLs (the site's own files relative
    /// to the page at `path`), else text.
    func fact(label: String, _ value: FieldValue, from path: String) -> MustacheValue {
        switch value {
        case let .bool(flag):
            return .object(MustacheObject(keys: Self.flagFactKeys) {
                $0.append(.string(label))
                $0.append(.string(display(value)))
                $0.append(true)
                $0.append(.bool(flag))
                $0.append(.null)
            })
        case let .url(url) where URLCheck.isAbsoluteWebURL(url) || url.lowercased().hasPrefix("mailto:"):
            return .object(MustacheObject(keys: Self.factKeys) {
                $0.append(.string(label))
                $0.append(.string(url))
                $0.append(false)
                $0.append(.string(url))
            })
        case let .url(url) where !url.contains(":"):
            let name = url.split(separator: "/").last.map { $0.removingPercentEncoding ?? String($0) } ?? url
            return .object(MustacheObject(keys: Self.factKeys) {
                $0.append(.string(label))
                $0.append(.string(name))
                $0.append(false)
                $0.append(.string(RelativeURL.from(path, to: url)))
            })
        default:
            return .object(MustacheObject(keys: Self.factKeys) {
                $0.append(.string(label))
                $0.append(.string(display(value)))
                $0.append(false)
                $0.append(.null)
            })
        }
    }

    /// The fields of a row of the Details list, placed once: most entries have a few.
    /// The fields of an entry page's `entry`, its kind and its status, placed once: every entry
    /// page has them.
    private static let entryKeys = MustacheKeys([
        "name", "displayName", "id", "kind", "status", "isDraft", "isSpoiler", "states", "hasStates", "doneIn", "spoilerUntil",
        "aliases", "hasAliases", "picture", "facts", "hasFacts", "hasDetails", "relations", "hasRelations", "tags", "hasTags",
        "notes", "hasNotes",
    ])
    private static let entryKindKeys = MustacheKeys(["name", "plural", "url"])
    private static let statusKeys = MustacheKeys(["label", "done"])
    private static let factKeys = MustacheKeys(["label", "text", "isBool", "url"])
    private static let flagFactKeys = MustacheKeys(["label", "text", "isBool", "yes", "url"])

    /// An image field as the picture at the top of the details: web URLs as they are, the site's own
    /// files (paths from the output root) relative to the page, with their size when it is known.
    func picture(_ url: String, alt: String, from path: String) -> MustacheValue {
        let isWeb = URLCheck.isAbsoluteWebURL(url)
        var item: [String: MustacheValue] = [
            "src": .string(isWeb ? url : RelativeURL.from(path, to: url)),
            "alt": .string(alt),
            "width": .null,
            "height": .null,
        ]
        if !isWeb, let size = site.imageSizes[url] {
            item["width"] = .int(size.width)
            item["height"] = .int(size.height)
        }
        return .object(MustacheObject(item))
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

    /// The source files a game's pages are made from: its `game.md` and every entry's file.
    static func sources(of game: Game) -> [String] {
        var paths = [game.source.path]
        paths.reserveCapacity(1 + game.entries.values.reduce(0) { $0 + $1.count })
        for kind in game.entries.keys.sorted() {
            // Each path read in place: a list of the entries themselves would copy every one.
            let entries = game.entries[kind] ?? []
            for index in entries.indices { paths.append(entries[index].source.path) }
        }
        return paths
    }

    func gameTags(_ game: Game) -> [String] {
        if case let .list(items)? = game.fields["tags"] { return items }
        return []
    }
}
