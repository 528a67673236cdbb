import Mustache

/// The table of a kind's index page: columns from the schema (and inverse relations), one row per
/// entry with sortable cells and the data attributes the filters read.
struct KindTable: Sendable {
    struct Column: Sendable {
        var key: String
        var label: String
        /// `text`, `number`, `bool` or `date`: how the script sorts the column.
        var type: String
        var value: @Sendable (Entry) -> FieldValue?
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
    /// The kind's boolean fields with the data attributes of a row that carry them
    /// (`data-merchant`, and `data-done-complete` for a progress field followed per playthrough).
    private let flags: [(name: String, progress: Bool, attribute: MustacheValue, doneAttribute: MustacheValue)]

    /// The fields of every row, cell and row attribute: each object of a table is made without
    /// hashing its keys (a 4,000-entry table has some 30,000 of them).
    private static let rowKeys = MustacheKeys(["name", "thumbnail", "id", "url", "attributes", "tags", "aliases", "hasAliases", "cells"])
    private static let cellKeys = MustacheKeys(["key", "label", "text", "sort", "links", "isBool", "yes", "isTags", "tags"])
    private static let attributeKeys = MustacheKeys(["name", "value"])

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
        flags = kind.fields.filter { $0.type == .bool }.map { field in
            let name = field.name.replacingOccurrences(of: "_", with: "-")
            return (field.name, field.progress, .string("data-" + name), .string("data-done-" + name))
        }
    }

    func row(_ entry: Entry) -> MustacheValue {
        var attributes: [MustacheValue] = []
        attributes.reserveCapacity(flags.count)
        for flag in flags.indices {
            let name = flags[flag].name
            if let playthrough, flags[flag].progress {
                attributes.append(.object(MustacheObject(keys: Self.attributeKeys) {
                    $0.append(flags[flag].attribute)
                    $0.append(.string(playthrough.isDone(entry, field: name) ? "true" : "false"))
                }))
                attributes.append(.object(MustacheObject(keys: Self.attributeKeys) {
                    $0.append(flags[flag].doneAttribute)
                    $0.append(.string(builder.doneIn(entry, field: name, in: game)))
                }))
                continue
            }
            attributes.append(.object(MustacheObject(keys: Self.attributeKeys) {
                $0.append(flags[flag].attribute)
                $0.append(.string(entry.bool(name) ? "true" : "false"))
            }))
        }
        // Through a closure: the method itself as the function (`map(builder.slug)`) copied the
        // whole builder for every row.
        let tagSlugs = entry.list("tags").map { builder.slug($0) }.joined(separator: " ")
        let cells: [MustacheValue] = columns.map { column in
            // Every cell has every key, so a template never picks one up from the row or the page.
            var text: MustacheValue = "", sort: MustacheValue = "", links: MustacheValue = .list([])
            var isBool = false, yes = false, isTags = false, tags: MustacheValue = .list([])
            switch column.value(entry) {
            case nil:
                break
            case let .ref(ref)?:
                let (found, display) = builder.linksAndDisplay([ref], from: path)
                links = .list(found)
                sort = .string(display)
            case let .refs(refs)?:
                let (found, display) = builder.linksAndDisplay(refs, from: path)
                links = .list(found)
                sort = .string(display)
            case let .bool(flag)?:
                text = .string(builder.display(.bool(flag)))
                isBool = true
                yes = flag
                sort = .string(flag ? "1" : "0")
            case let .list(items)? where column.key == "tags":
                isTags = true
                tags = builder.tags(items)
                text = .string(items.joined(separator: ", "))
                sort = text
            case let value?:
                text = .string(builder.display(value))
                sort = text
            }
            return .object(MustacheObject(keys: Self.cellKeys) {
                $0.append(.string(column.key))
                $0.append(.string(column.label))
                $0.append(text)
                $0.append(sort)
                $0.append(links)
                $0.append(.bool(isBool))
                $0.append(.bool(yes))
                $0.append(.bool(isTags))
                $0.append(tags)
            })
        }
        var thumbnail: MustacheValue = .null
        if let imageField, case let .url(url)? = entry.fields[imageField.name] {
            thumbnail = builder.picture(url, alt: entry.name, from: path)
        }
        let aliases = entry.list("aliases")
        return .object(MustacheObject(keys: Self.rowKeys) {
            $0.append(.string(entry.displayName))
            $0.append(thumbnail)
            $0.append(.string(entry.id))
            $0.append(.string(RelativeURL.from(path, to: entry.path)))
            $0.append(.list(attributes))
            $0.append(.string(tagSlugs))
            $0.append(.string(aliases.joined(separator: ", ")))
            $0.append(.bool(!aliases.isEmpty))
            $0.append(.list(cells))
        })
    }
}
