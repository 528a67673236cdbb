import Mustache

/// The table of a kind's index page: columns from the schema (and inverse relations), one row per
/// entry with sortable cells and the data attributes the filters read.
struct KindTable {
    struct Column {
        var key: String
        var label: String
        /// `text`, `number`, `bool` or `date`: how the script sorts the column.
        var type: String
        var value: (Entry) -> FieldValue?
    }

    let builder: PageBuilder
    let kind: Kind
    let game: Game
    let path: String
    let columns: [Column]
    let toggles: [MustacheValue]
    /// The kind's picture field, when some entry of the table has a picture.
    let imageField: FieldDefinition?
    /// In a game with playthroughs, the one whose progress the table shows first (the first by id);
    /// the selector of `playthrough.js` switches to the others.
    let playthrough: Playthrough?
    /// Whether the table follows a playthrough: the game has some and the kind has a progress field.
    var followsPlaythroughs: Bool { playthrough != nil }

    init(builder: PageBuilder, kind: Kind, game: Game, path: String) {
        self.builder = builder
        self.kind = kind
        self.game = game
        self.path = path
        let hasProgress = kind.fields.contains { $0.progress && $0.type == .bool }
        let playthrough = game.hasPlaythroughs && hasProgress ? game.playthroughs.first : nil
        self.playthrough = playthrough
        var columns: [Column] = []
        for field in kind.fields where ![.text, .url].contains(field.type) && field.name != "aliases" && field.progressOf.isEmpty {
            let type: String
            switch field.type {
            case .bool: type = "bool"
            case .int: type = "number"
            case .date: type = "date"
            default: type = "text"
            }
            if let playthrough, field.progress, field.type == .bool {
                columns.append(Column(key: field.name, label: builder.labels.field(field, of: kind), type: type) {
                    .bool(playthrough.isDone($0, field: field.name))
                })
                continue
            }
            columns.append(Column(key: field.name, label: builder.labels.field(field, of: kind), type: type) { $0.fields[field.name] })
        }
        // Inverse relations that some entry of this game has ("Given by" on quests).
        let entries = game.entries(of: kind.id)
        for relation in builder.site.schema.inverseRelations(of: kind.id) {
            let key = relation.source.id + "." + relation.field.name
            let present = entries.contains { entry in entry.inverse.contains { $0.sourceKind + "." + $0.field == key } }
            guard present, let sample = entries.lazy.compactMap({ $0.inverse.first { $0.sourceKind + "." + $0.field == key } }).first else { continue }
            columns.append(Column(key: key, label: builder.labels.relation(sample), type: "text") { entry in
                entry.inverse.first { $0.sourceKind + "." + $0.field == key }.map { .refs($0.entries) }
            })
        }
        self.columns = columns
        imageField = kind.fields.first { field in
            field.display == .image && entries.contains { if case .url? = $0.fields[field.name] { return true } else { return false } }
        }
        // A progress field's toggle shows the entries not done yet ("Incomplete only"); the others
        // show the entries that have the flag and read as the field, under "Show only": "Merchant".
        var toggles: [MustacheValue] = []
        for field in kind.fields where field.type == .bool {
            let builtIn = ["quest.complete": "ui.incomplete_only", "location.cleared": "ui.not_cleared"]
            let value = field.progress ? "false" : "true"
            let own = builder.labels.field(field, of: kind)
            let label = builtIn[kind.id + "." + field.name].map { builder.strings[$0] }
                ?? (field.progress ? builder.labels.state(field, of: kind, done: false) : own)
            // In the page's address: `?merchant=1` for the flag, `?complete=0` for "Incomplete only".
            toggles.append(["field": .string(field.name), "value": .string(value), "param": .string(field.progress ? "0" : "1"),
                            "label": .string(label),
                            "id": .string("toggle-\(field.name.replacingOccurrences(of: "_", with: "-"))")])
        }
        self.toggles = toggles
    }

    func row(_ entry: Entry) -> MustacheValue {
        var attributes: [MustacheValue] = []
        for field in kind.fields where field.type == .bool {
            let attribute = "data-" + field.name.replacingOccurrences(of: "_", with: "-")
            if let playthrough, field.progress {
                attributes.append(["name": .string(attribute), "value": .string(playthrough.isDone(entry, field: field.name) ? "true" : "false")])
                attributes.append(["name": .string("data-done-" + field.name.replacingOccurrences(of: "_", with: "-")),
                                   "value": .string(builder.doneIn(entry, field: field.name, in: game))])
                continue
            }
            attributes.append(["name": .string(attribute), "value": .string(entry.bool(field.name) ? "true" : "false")])
        }
        let tagSlugs = entry.list("tags").map { Slug.make($0) }.joined(separator: " ")
        let cells: [MustacheValue] = columns.map { column in
            // Every cell has every key, so a template never picks one up from the row or the page.
            var cell: [String: MustacheValue] = [
                "key": .string(column.key), "label": .string(column.label), "text": "", "sort": "",
                "links": .list([]), "isBool": false, "yes": false, "isTags": false, "tags": .list([]),
            ]
            switch column.value(entry) {
            case nil:
                break
            case let .ref(ref)?:
                cell["links"] = .list(builder.links([ref], from: path))
                cell["sort"] = .string(builder.display(.ref(ref)))
            case let .refs(refs)?:
                cell["links"] = .list(builder.links(refs, from: path))
                cell["sort"] = .string(builder.display(.refs(refs)))
            case let .bool(flag)?:
                cell["text"] = .string(builder.display(.bool(flag)))
                cell["isBool"] = true
                cell["yes"] = .bool(flag)
                cell["sort"] = .string(flag ? "1" : "0")
            case let .list(items)? where column.key == "tags":
                cell["isTags"] = true
                cell["tags"] = builder.tags(items)
                cell["text"] = .string(items.joined(separator: ", "))
                cell["sort"] = .string(items.joined(separator: ", "))
            case let value?:
                cell["text"] = .string(builder.display(value))
                cell["sort"] = .string(builder.display(value))
            }
            return .object(MustacheObject(cell))
        }
        var thumbnail: MustacheValue = .null
        if let imageField, case let .url(url)? = entry.fields[imageField.name] {
            thumbnail = builder.picture(url, alt: entry.name, from: path)
        }
        return [
            "name": .string(entry.displayName),
            "thumbnail": thumbnail,
            "id": .string(entry.id),
            "url": .string(RelativeURL.from(path, to: entry.path)),
            "attributes": .list(attributes),
            "tags": .string(tagSlugs),
            "aliases": .string(entry.list("aliases").joined(separator: ", ")),
            "hasAliases": .bool(!entry.list("aliases").isEmpty),
            "cells": .list(cells),
        ]
    }
}
