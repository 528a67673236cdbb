import Mustache

extension PageBuilder {
    /// A progress field and the kind it belongs to, with the entries of the game it counts.
    struct ProgressField {
        var kind: Kind
        var field: FieldDefinition
        var entries: [Entry]
    }

    /// Every progress field of a kind the game has entries of, in schema order.
    func progressFields(of game: Game) -> [ProgressField] {
        site.schema.progressFields.compactMap { kind, field in
            let entries = game.entries(of: kind.id)
            return entries.isEmpty ? nil : ProgressField(kind: kind, field: field, entries: entries)
        }
    }

    /// The bars of one playthrough: one per progress field of a kind the game has entries of.
    func progress(of game: Game, in playthrough: Playthrough) -> [MustacheValue] {
        progressFields(of: game).map { item in
            let done = item.entries.count { playthrough.isDone($0, field: item.field.name) }
            return bar(label: labels.progress(item.field, of: item.kind), done: done, total: item.entries.count)
        }
    }

    func bar(label: String, done: Int, total: Int) -> MustacheValue {
        [
            "label": .string(label),
            "done": .int(done),
            "total": .int(total),
            "percent": .int(total == 0 ? 0 : done * 100 / total),
            "text": .string(strings.format("ui.progress_value", ["done": String(done), "total": String(total)])),
        ]
    }

    /// Every playthrough's progress side by side, for the game and home pages: a column per
    /// playthrough (its name, class and status), a row per progress field.
    func playthroughComparison(of game: Game, from path: String) -> MustacheValue {
        let runs = game.playthroughs.filter { $0.entry != nil }
        let columns: [MustacheValue] = runs.compactMap(\.entry).map { entry in
            let summary = ["class", "status"].compactMap { name -> String? in
                guard let value = entry.fields[name] else { return nil }
                return display(value)
            }
            return ["name": .string(entry.displayName), "url": .string(RelativeURL.from(path, to: entry.path)),
                    "summary": .string(summary.joined(separator: " · "))]
        }
        let rows: [MustacheValue] = progressFields(of: game).map { item in
            let label = labels.progress(item.field, of: item.kind)
            return [
                "label": .string(label),
                "cells": .list(runs.map { run -> MustacheValue in
                    let done = item.entries.count { run.isDone($0, field: item.field.name) }
                    return bar(label: "\(label): \(run.entry?.displayName ?? "")", done: done, total: item.entries.count)
                }),
            ]
        }
        return ["columns": .list(columns), "rows": .list(rows), "caption": .string(strings["ui.progress"])]
    }

    /// The plain facts of a playthrough (character, class, dates, status), without its lists.
    func playthroughFacts(_ entry: Entry, from path: String) -> [MustacheValue] {
        guard let kind = site.schema.playthrough else { return [] }
        return kind.fields.compactMap { field -> MustacheValue? in
            guard field.progressOf.isEmpty, field.type.referencedKind == nil, field.display != .image, field.type != .list,
                  let value = entry.fields[field.name] else { return nil }
            return fact(label: labels.field(field, of: kind), value, from: path)
        } + entry.extra.map { fact(label: FieldDefinition.humanize($0.name), $0.value, from: path) }
    }

    /// Where an entry is, to group what is left: its own `region`, else the region of the first
    /// entry one of its reference fields names that has one (a quest's location).
    func region(of entry: Entry) -> String? {
        if case let .string(region)? = entry.fields["region"], !region.isEmpty { return region }
        guard let kind = site.schema.kind(id: entry.kind) else { return nil }
        for field in kind.fields where field.type.referencedKind != nil {
            for target in entry.fields[field.name]?.references ?? [] {
                if case let .string(region)?? = site.withEntry(target, { $0.fields["region"] }), !region.isEmpty { return region }
            }
        }
        return nil
    }

    /// The checkbox of one entry's progress field in one playthrough. `serve` makes it live; static
    /// pages show it disabled.
    func mark(_ entry: Entry, field: FieldDefinition, kind: Kind, playthrough: Entry, done: Bool, from path: String) -> MustacheValue {
        [
            "game": .string(entry.ref.game),
            "playthrough": .string(playthrough.id),
            "entry": .string(entry.id),
            "field": .string(field.name),
            "checked": .bool(done),
            "label": .string(strings.format("ui.mark_label", ["entry": entry.displayName, "field": labels.field(field, of: kind),
                                                               "playthrough": playthrough.displayName])),
            "name": .string(entry.displayName),
            "url": .string(RelativeURL.from(path, to: entry.path) + "?playthrough=" + playthrough.id),
        ]
    }

    /// Items grouped by region, regions by name, the entries without one last.
    func groupedByRegion(_ entries: [Entry], item: (Entry) -> MustacheValue) -> [MustacheValue] {
        var groups: [String: [Entry]] = [:]
        for entry in entries { groups[region(of: entry) ?? "", default: []].append(entry) }
        let names = groups.keys.filter { !$0.isEmpty }.sorted { NameKey.make($0).utf8Precedes(NameKey.make($1)) }
            + (groups[""] == nil ? [] : [""])
        return names.map { name in
            [
                "region": .string(name.isEmpty ? strings["ui.no_region"] : name),
                "items": .list((groups[name] ?? []).map(item)),
            ]
        }
    }

    /// `<game>/playthroughs/<id>.html`: facts, notes, a bar per progress field, what is left grouped
    /// by region and what is done, each with its checkbox.
    func playthroughPage(_ entry: Entry, kind: Kind, in game: Game) -> Page {
        var page = entryPage(entry, kind: kind, in: game)
        let path = entry.path
        let playthrough = Playthrough(entry: entry, shared: game.sharedProgress)
        let sections: [MustacheValue] = progressFields(of: game).map { item in
            let done = item.entries.filter { playthrough.isDone($0, field: item.field.name) }
            let open = item.entries.filter { !playthrough.isDone($0, field: item.field.name) }
            let label = labels.progress(item.field, of: item.kind)
            func box(_ done: Bool) -> (Entry) -> MustacheValue {
                { self.mark($0, field: item.field, kind: item.kind, playthrough: entry, done: done, from: path) }
            }
            return [
                "id": .string("ql-progress-\(item.kind.id)-\(item.field.name)".replacingOccurrences(of: "_", with: "-")),
                "label": .string(label),
                "bar": bar(label: label, done: done.count, total: item.entries.count),
                "open": .list(groupedByRegion(open, item: box(false))),
                "hasOpen": .bool(!open.isEmpty),
                "done": .list(done.map(box(true))),
                "hasDone": .bool(!done.isEmpty),
            ]
        }
        guard case let .object(object) = page.context else { return page }
        var context = object.fields
        context["playthrough"] = [
            "id": .string(entry.id),
            "game": .string(game.id),
            "facts": .list(playthroughFacts(entry, from: path)),
            "hasFacts": .bool(!playthroughFacts(entry, from: path).isEmpty),
            "sections": .list(sections),
            "hasSections": .bool(!sections.isEmpty),
            "compareURL": .string(RelativeURL.from(path, to: RelativeURL.progressPage(game: game.id))),
        ]
        page.context = .object(MustacheObject(context))
        page.template = "playthrough"
        return page
    }

    /// An entry's state in each playthrough of its game, one line per progress field of its kind:
    /// "Complete: Wren ✓ · Kaito —", the marks spelled out for screen readers.
    func playthroughStates(of entry: Entry, kind: Kind, in game: Game, from path: String) -> [MustacheValue] {
        guard game.hasPlaythroughs else { return [] }
        return kind.fields.filter { $0.progress && $0.type == .bool }.map { field in
            let items = game.playthroughs.compactMap { playthrough -> MustacheValue? in
                guard let run = playthrough.entry else { return nil }
                let done = playthrough.isDone(entry, field: field.name)
                return [
                    "name": .string(run.displayName),
                    "url": .string(RelativeURL.from(path, to: run.path)),
                    "done": .bool(done),
                    "mark": .string(done ? "✓" : "—"),
                    "text": .string(strings[done ? "ui.done_mark" : "ui.open_mark"]),
                ]
            }
            return ["label": .string(labels.field(field, of: kind)), "items": .list(separated(items, by: " · "))]
        }
    }

    /// Items with a `separator` after all but the last.
    func separated(_ items: [MustacheValue], by separator: String) -> [MustacheValue] {
        items.enumerated().map { index, item in
            guard case let .object(object) = item else { return item }
            var fields = object.fields
            fields["separator"] = .string(index < items.count - 1 ? separator : "")
            return .object(MustacheObject(fields))
        }
    }

    /// The ids of the playthroughs that have done an entry's progress field, space separated.
    func doneIn(_ entry: Entry, field: String, in game: Game) -> String {
        game.playthroughs.filter { $0.entry != nil && $0.isDone(entry, field: field) }.compactMap(\.id).joined(separator: " ")
    }

    /// The playthrough selector of a kind table or of the comparison page.
    func playthroughSelector(of game: Game) -> MustacheValue {
        let options = game.playthroughEntries.enumerated().map { index, entry -> MustacheValue in
            ["id": .string(entry.id), "name": .string(entry.displayName), "selected": .bool(index == 0)]
        }
        return [
            "label": .string(strings["ui.playthrough"]),
            "options": .list(options),
            "yes": .string(strings["ui.yes"]),
            "no": .string(strings["ui.no"]),
        ]
    }

    /// `<game>/progress.html`: one row per progress entry, one column per playthrough, a mark where
    /// done; sorted and filtered by the kind tables' script.
    func comparisonPage(_ game: Game) -> Page {
        let path = RelativeURL.progressPage(game: game.id)
        let title = strings["ui.compare_title"]
        var context = common(path: path, title: "\(title) · \(game.title)", type: "progress", game: game.id,
                             breadcrumbs: [(strings["ui.home"], "index.html"), (game.title, game.path), (title, nil)])
        let runs = game.playthroughs.filter { $0.entry != nil }
        let fields = progressFields(of: game)
        let showsField = Set(fields.map(\.kind.id)).count != fields.count
        var rows: [MustacheValue] = []
        for item in fields {
            for entry in item.entries {
                let cells: [MustacheValue] = runs.map { run in
                    let done = run.isDone(entry, field: item.field.name)
                    return ["done": .bool(done), "sort": .string(done ? "1" : "0"),
                            "text": .string(strings[done ? "ui.done_mark" : "ui.open_mark"])]
                }
                let attributes: [MustacheValue] = runs.map { run in
                    ["name": .string("data-pt-" + (run.id ?? "")), "value": .string(run.isDone(entry, field: item.field.name) ? "true" : "false")]
                }
                rows.append([
                    "name": .string(entry.displayName),
                    "url": .string(RelativeURL.from(path, to: entry.path)),
                    "kind": .string(labels.kindName(item.kind)),
                    "field": .string(labels.field(item.field, of: item.kind)),
                    "region": .string(region(of: entry) ?? ""),
                    "tags": .string(Slug.make(item.kind.id)),
                    "attributes": .list(attributes),
                    "cells": .list(cells),
                ])
            }
        }
        let toggles: [MustacheValue] = runs.compactMap(\.entry).flatMap { run -> [MustacheValue] in
            // Kept in the address as `pt-<id>=0` (open) or `=1` (done), like the kind tables' toggles.
            [["id": .string("toggle-open-\(run.id)"), "field": .string("pt-" + run.id), "value": "false", "param": "0",
              "label": .string(strings.format("ui.open_in", ["playthrough": run.displayName]))],
             ["id": .string("toggle-done-\(run.id)"), "field": .string("pt-" + run.id), "value": "true", "param": "1",
              "label": .string(strings.format("ui.done_in", ["playthrough": run.displayName]))]]
        }
        let kinds: [MustacheValue] = fields.reduce(into: [Kind]()) { kinds, item in
            if !kinds.contains(where: { $0.id == item.kind.id }) { kinds.append(item.kind) }
        }.map { ["name": .string(labels.kindPlural($0)), "slug": .string(Slug.make($0.id))] }
        context["compare"] = [
            "title": .string(title),
            "game": .string(game.title),
            "playthroughs": .list(runs.compactMap(\.entry).map { ["name": .string($0.displayName), "url": .string(RelativeURL.from(path, to: $0.path))] }),
            "rows": .list(rows),
            "count": .int(rows.count),
            "showsField": .bool(showsField),
            "toggles": .list(toggles),
            "kinds": .list(kinds),
            "hasKinds": .bool(kinds.count > 1),
        ]
        return Page(path: path, template: "progress", context: .object(MustacheObject(context)), sources: Self.sources(of: game))
    }
}

extension PageBuilder {
    /// How an entry page shows spoilers that depend on progress.
    struct SpoilerView {
        /// `spoiler_until` holds the notes back: collapsed behind the spoiler reveal.
        var collapsesNotes = false
        /// `> [!spoiler]` callouts are shown open.
        var opensCallouts = false
        /// The playthroughs that have done the entry (for the script to follow a chosen one).
        var doneIn = ""
        /// Whether the script may reveal or hide the notes for a chosen playthrough.
        var followsPlaythrough = false
    }

    /// Progress-aware spoilers on an entry's own page, which every playthrough shares: the notes of
    /// a `spoiler_until: <field>` entry are collapsed unless every playthrough has done that field,
    /// and, in a game with playthroughs, `> [!spoiler]` callouts are open only when every
    /// playthrough has done the entry's progress field. With `?playthrough=<id>` the script follows
    /// that playthrough instead. A game without playthroughs keeps its callouts as written.
    func spoilerView(of entry: Entry, field: FieldDefinition?, in game: Game) -> SpoilerView {
        var view = SpoilerView()
        let runs = game.playthroughs
        if let until = entry.spoilerUntil {
            view.collapsesNotes = !runs.allSatisfy { $0.isDone(entry, field: until) }
            view.followsPlaythrough = game.hasPlaythroughs
            view.doneIn = doneIn(entry, field: until, in: game)
        }
        if game.hasPlaythroughs, let field {
            view.opensCallouts = runs.allSatisfy { $0.isDone(entry, field: field.name) }
            if entry.spoilerUntil == nil { view.doneIn = doneIn(entry, field: field.name, in: game) }
        }
        return view
    }

    /// Notes HTML with its spoiler callouts open.
    static func openingSpoilerCallouts(_ html: String) -> String {
        html.replacingOccurrences(of: "<details class=\"callout callout-spoiler\">", with: "<details class=\"callout callout-spoiler\" open>")
    }
}
