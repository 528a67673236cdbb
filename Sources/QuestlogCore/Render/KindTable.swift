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

    init(builder: PageBuilder, kind: Kind, game: Game, path: String) {
        self.builder = builder
        self.kind = kind
        self.game = game
        self.path = path
        var columns: [Column] = []
        for field in kind.fields where ![.text, .url].contains(field.type) && field.name != "aliases" {
            let type: String
            switch field.type {
            case .bool: type = "bool"
            case .int: type = "number"
            case .date: type = "date"
            default: type = "text"
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
        // "Incomplete only" and "Not cleared" show entries not done; the others show entries that have it.
        var toggles: [MustacheValue] = []
        for field in kind.fields where field.type == .bool {
            let builtIn = ["complete": ("ui.incomplete_only", "false"), "cleared": ("ui.not_cleared", "false"),
                           "merchant": ("ui.has_merchant", "true"), "smith_anvil": ("ui.has_smith_anvil", "true")]
            let (label, value) = builtIn[field.name].map { (builder.strings[$0.0], $0.1) } ?? (builder.labels.field(field, of: kind), "true")
            toggles.append(["field": .string(field.name), "value": .string(value), "label": .string(label),
                            "id": .string("toggle-\(field.name.replacingOccurrences(of: "_", with: "-"))")])
        }
        self.toggles = toggles
    }

    func row(_ entry: Entry) -> MustacheValue {
        var attributes: [MustacheValue] = []
        for field in kind.fields where field.type == .bool {
            attributes.append(["name": .string("data-" + field.name.replacingOccurrences(of: "_", with: "-")),
                               "value": .string(entry.bool(field.name) ? "true" : "false")])
        }
        let tagSlugs = entry.list("tags").map { Slug.make($0) }.joined(separator: " ")
        let cells: [MustacheValue] = columns.map { column in
            guard let value = column.value(entry) else { return ["text": "", "sort": ""] }
            switch value {
            case let .ref(ref):
                let items = builder.links([ref], from: path)
                return ["links": .list(items), "sort": .string(builder.display(value))]
            case let .refs(refs):
                return ["links": .list(builder.links(refs, from: path)), "sort": .string(builder.display(value))]
            case let .bool(flag):
                return ["text": .string(builder.display(value)), "isBool": true, "yes": .bool(flag), "sort": .string(flag ? "1" : "0")]
            case let .int(number):
                return ["text": .string(String(number)), "sort": .string(String(number))]
            default:
                return ["text": .string(builder.display(value)), "sort": .string(builder.display(value))]
            }
        }
        return [
            "name": .string(entry.name),
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
