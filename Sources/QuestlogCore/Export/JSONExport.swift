/// The JSON export: `<game>.json` for each game, `site.json` for all of them, and
/// `questlog.schema.json`, the JSON Schema (draft 2020-12) that both kinds of document follow.
///
/// Both kinds of document have one shape: `schema_version`, `generator`, `site` (`title`,
/// `language`, `base_url`) and `games`, a one-item list in a game's document. A game has `id`,
/// `title`, `url`, `fields` (the game kind's fields but `title`), `notes` and `entries`, an object of
/// each selected kind's id (in schema order) to its entries sorted by name. An entry has `id`, `kind`,
/// `name`, `display_name` (the name qualified when another entry of the kind in the game shares it,
/// else the name), `url`, `fields`, `extra`, `inverse`, `mentions` and `notes`.
///
/// Every field of the schema is present: booleans are `true`/`false` (absent is `false`), lists and
/// `refs` are arrays (absent is empty), other absent values are `null`; dates are `YYYY-MM-DD`
/// strings. `extra` holds the front-matter fields the kind does not declare, in the order written,
/// typed as their YAML is: strings (dates, URLs and flattened mappings too), integers, numbers,
/// booleans or arrays of strings. References and inverse relations (keyed as `KindLayout` names
/// them) are `{id, name, display_name, url}` objects, mentions `{id, kind, name, display_name, url}`
/// (a game's display name is its title); an entry of another game carries `game` too. URLs are pages
/// relative to the output root; links in `notes.html` are relative to the entry's own page. Keys
/// keep a fixed order, so the documents are byte-identical run to run.
public enum JSONExport {
    /// The version of the documents' shape, raised on each incompatible change.
    public static let schemaVersion = 1
    /// The document of every selected game, relative to the exports folder.
    public static let sitePath = "site.json"
    /// The JSON Schema of the documents, relative to the exports folder.
    public static let schemaPath = "questlog.schema.json"

    /// The path of a game's document, relative to the exports folder: `elden-ring.json`.
    public static func path(game: String) -> String {
        "\(game).json"
    }

    /// The document of each selected game, then `site.json` (the selected games), then the schema.
    public static func files(for site: Site, options: ExportOptions) -> [OutputFile] {
        var made: [OutputFile] = []
        files(for: site, options: options) { made.append($0) }
        return made
    }

    /// `files(for:options:)`, each file handed to `emit` as soon as it is made. With `reuse`, the
    /// runs of entries whose notes are unchanged are read from the game's document the last build
    /// wrote, when it is still there with the pieces recorded (`ExportReuse`).
    static func files(for site: Site, options: ExportOptions, batch: Int = entryBatch, reuse: ExportReuse? = nil,
                      emit: (OutputFile) -> Void) {
        // Each entry is written once, at the depth it has in both documents
        // (`games[i].entries.<kind>[j]`), and the files are made of those bytes as pieces, so a
        // game's document and `site.json` share them and neither copies them.
        let games = options.selectedGames(in: site).map { game in
            let layouts = options.selectedKinds(of: game, in: site.schema).map { KindLayout(kind: $0, schema: site.schema) }
            // The recorded pieces are runs of `entryBatch` entries.
            let file = batch == entryBatch ? reuse?.open(path(game: game.id)) : nil
            var runs = ExportReuse.RunCount()
            var value = self.game(game, layouts: layouts, site: site, jobs: options.jobs, batch: batch,
                                  reusing: reuse.map { (reuse: $0, file: file, runs: runs) })
            var document = OutputFile(path: path(game: game.id), json: self.document(games: [value], site: site))
            // What stands between the runs (the game and the document around them) as long as it
            // was, and as many runs: else the document is made whole.
            if let file, !file.linesUp(with: document.chunks, fixed: { $0 % 2 == 0 }) {
                runs = ExportReuse.RunCount()
                value = self.game(game, layouts: layouts, site: site, jobs: options.jobs, batch: batch,
                                  reusing: reuse.map { (reuse: $0, file: nil, runs: runs) })
                document = OutputFile(path: path(game: game.id), json: self.document(games: [value], site: site))
            }
            reuse?.runs.add(runs)
            return (value: value, document: document)
        }
        for game in games {
            emit(game.document)
        }
        emit(OutputFile(path: sitePath, json: document(games: games.map(\.value), site: site)))
        emit(OutputFile(path: schemaPath, json: JSONExportSchema.document(for: site.exportSchema)))
    }

    static func document(games: [JSONValue], site: Site) -> JSONValue {
        .object([
            ("schema_version", .int(schemaVersion)),
            ("generator", .string("Questlog \(Questlog.version)")),
            ("site", .object([
                ("title", .string(site.config.title)),
                ("language", .string(site.config.language)),
                ("base_url", site.config.baseURL.map(JSONValue.string) ?? .null),
            ])),
            ("games", .array(games)),
        ])
    }

    /// A game, its entries written on up to `jobs` threads, `batch` to a piece, each at its depth in
    /// a document (`games[i].entries.<kind>[j]`). With `reusing`, a piece of entries whose notes are
    /// unchanged is read from the last build's document of the game, where it is the same piece
    /// (the document's pieces are the runs of every kind, one after another, each after what
    /// stands before it: piece `n` is the file's chunk `2n + 1`).
    static func game(_ game: Game, layouts: [KindLayout], site: Site, jobs: Int = 1, batch: Int = entryBatch,
                     reusing: (reuse: ExportReuse, file: PiecedFile?, runs: ExportReuse.RunCount)? = nil) -> JSONValue {
        let fields = site.schema.game.fields.filter { $0.name != "title" }.map { field in
            (field.name, value(game.fields[field.name], type: field.type, game: game.id, site: site))
        }
        var runs = 0
        let kinds = layouts.map { layout -> (String, JSONValue) in
            let entries = game.entries(of: layout.kind.id)
            let first = runs
            runs += (entries.count + max(1, batch) - 1) / max(1, batch)
            return (layout.kind.id, self.entries(entries, layout: layout, site: site, jobs: jobs, batch: batch,
                                                 reusing: reusing.map { (reuse: $0.reuse, file: $0.file, first: first, runs: $0.runs) }))
        }
        return .object([
            ("id", .string(game.id)),
            ("title", .string(game.title)),
            ("url", .string(game.path)),
            ("fields", .object(fields)),
            ("notes", notes(game.notes)),
            ("entries", .object(kinds)),
        ])
    }

    /// How many entries one piece of a document holds by default: enough that the pieces and what
    /// stands between them cost little beside the entries' bytes, few enough that a piece (tens of
    /// kilobytes) stays below the size the C library maps on its own, so the pieces fill room the
    /// build has freed rather than adding to it.
    static let entryBatch = 32

    /// A kind's entries as an array of pieces of `batch` consecutive entries each (the last may hold
    /// fewer), each written once on one of up to `jobs` threads at its depth in a document
    /// (`games[i].entries.<kind>[j]`) and kept in a buffer of its own size. The array writes as the
    /// array of the entries themselves, whatever `batch` is. With `reusing`, piece `n` of the kind
    /// is piece `first + n` of the file when its entries' notes are unchanged; `runs` counts them.
    static func entries(_ entries: [Entry], layout: KindLayout, site: Site, jobs: Int = 1, batch: Int = entryBatch,
                        reusing: (reuse: ExportReuse, file: PiecedFile?, first: Int, runs: ExportReuse.RunCount)? = nil) -> JSONValue {
        let batch = max(1, batch)
        let starts = Array(stride(from: 0, to: entries.count, by: batch))
        return .array(Parallel.map(Array(starts.indices), jobs: jobs) { number in
            let run = entries[starts[number]..<min(starts[number] + batch, entries.count)]
            if let reusing, let file = reusing.file, reusing.reuse.unchanged(run), let bytes = file.piece(2 * (reusing.first + number) + 1) {
                reusing.runs.add(taken: true)
                return .prerendered(bytes: bytes, indent: 5)
            }
            reusing?.runs.add(taken: false)
            // Written straight into bytes, as the items of `prerendered(items:indent:)`, in room
            // for about what the notes take (the most of an entry) and its fields: the buffer
            // grown from a few kilobytes copied each size again.
            let room = run.reduce(0) { total, entry in
                total + entry.notes.withUTF8(.markdown) { $0.count } + entry.notes.withUTF8(.html) { $0.count } * 9 / 8 + 1_024
            }
            var writer = JSONPrettyWriter(indent: 5, capacity: room)
            for (index, entry) in run.enumerated() {
                if index > 0 {
                    writer.separateItems()
                }
                write(entry, layout: layout, site: site, to: &writer)
            }
            return .prerendered(bytes: writer.take(), indent: 5)
        })
    }

    /// `entry(_:layout:site:)` written by `writer`, without the tree.
    static func write(_ entry: Entry, layout: KindLayout, site: Site, to writer: inout JSONPrettyWriter) {
        let game = entry.ref.game
        writer.openObject()
        writer.member("id", entry.id)
        writer.member("kind", entry.kind)
        writer.member("name", entry.name)
        writer.member("display_name", entry.displayName)
        writer.member("url", entry.path)
        writer.key("fields")
        writer.openObject()
        // Each column read in place: a column copied is its field definition's dozen strings and
        // tables counted up and down again, for every entry.
        for index in layout.fields.indices {
            writer.key(string: layout.fields[index].field.name)
            write(entry.fields[layout.fields[index].field.name], type: layout.fields[index].field.type, game: game, site: site, to: &writer)
        }
        writer.closeObject()
        writer.key("extra")
        writer.openObject()
        for extra in entry.extra {
            writer.key(string: extra.name)
            write(extra.value, game: game, site: site, to: &writer)
        }
        writer.closeObject()
        writer.key("inverse")
        writer.openObject()
        for index in layout.relations.indices {
            writer.key(string: layout.relations[index].name)
            writer.openArray()
            for ref in KindLayout.related(entry, layout.relations[index]) {
                writer.item()
                write(reference: ref, from: game, site: site, to: &writer)
            }
            writer.closeArray()
        }
        writer.closeObject()
        writer.key("mentions")
        writer.openArray()
        for ref in entry.mentions {
            writer.item()
            write(reference: ref, from: game, site: site, withKind: true, to: &writer)
        }
        writer.closeArray()
        writer.key("notes")
        writer.openObject()
        // The texts' bytes written as they are, those kept from the memo without a string made of them.
        entry.notes.withUTF8(.markdown) { writer.member("markdown", utf8: $0) }
        entry.notes.withUTF8(.html) { writer.member("html", utf8: $0) }
        writer.closeObject()
        writer.closeObject()
    }

    /// `value(_:type:game:site:)` written by `writer`.
    private static func write(_ value: FieldValue?, type: FieldType, game: String, site: Site, to writer: inout JSONPrettyWriter) {
        guard let value else {
            switch type {
            case .bool: writer.bool(false)
            case .list, .refs:
                writer.openArray()
                writer.closeArray()
            case .string, .text, .int, .date, .url, .ref: writer.null()
            }
            return
        }
        write(value, game: game, site: site, to: &writer)
    }

    /// `value(_:game:site:)` written by `writer`.
    private static func write(_ value: FieldValue, game: String, site: Site, to writer: inout JSONPrettyWriter) {
        switch value {
        case let .string(text), let .text(text), let .date(text), let .url(text): writer.string(text)
        case let .bool(flag): writer.bool(flag)
        case let .int(number): writer.int(number)
        case let .number(number): writer.double(number)
        case let .list(items):
            writer.openArray()
            for item in items {
                writer.item()
                writer.string(item)
            }
            writer.closeArray()
        case let .ref(target): write(reference: target, from: game, site: site, to: &writer)
        case let .refs(targets):
            writer.openArray()
            for target in targets {
                writer.item()
                write(reference: target, from: game, site: site, to: &writer)
            }
            writer.closeArray()
        }
    }

    /// `reference(_:from:site:withKind:)` written by `writer`.
    private static func write(reference ref: EntryRef, from game: String, site: Site, withKind: Bool = false,
                              to writer: inout JSONPrettyWriter) {
        let target = site.exportTarget(ref)
        writer.openObject()
        if ref.game != game {
            writer.member("game", ref.game)
        }
        writer.member("id", ref.id)
        if withKind {
            writer.member("kind", ref.kind)
        }
        writer.member("name", target.name)
        writer.member("display_name", target.displayName)
        writer.member("url", target.path)
        writer.closeObject()
    }

    /// An entry as a tree of values: the shape `write(_:layout:site:to:)` writes straight into bytes,
    /// kept as its reference (the tests compare the documents of both, entry by entry).
    static func entry(_ entry: Entry, layout: KindLayout, site: Site) -> JSONValue {
        let game = entry.ref.game
        return .object([
            ("id", .string(entry.id)),
            ("kind", .string(entry.kind)),
            ("name", .string(entry.name)),
            ("display_name", .string(entry.displayName)),
            ("url", .string(entry.path)),
            ("fields", .object(layout.fields.map { column in
                (column.field.name, value(entry.fields[column.field.name], type: column.field.type, game: game, site: site))
            })),
            ("extra", .object(entry.extra.map { ($0.name, value($0.value, game: game, site: site)) })),
            ("inverse", .object(layout.relations.map { column in
                (column.name, .array(KindLayout.related(entry, column).map { reference($0, from: game, site: site) }))
            })),
            ("mentions", .array(entry.mentions.map { reference($0, from: game, site: site, withKind: true) })),
            ("notes", notes(entry.notes)),
        ])
    }

    /// A field's value with its JSON type; an absent value as the type's empty value.
    static func value(_ value: FieldValue?, type: FieldType, game: String, site: Site) -> JSONValue {
        guard let value else {
            switch type {
            case .bool: return .bool(false)
            case .list, .refs: return .array([])
            case .string, .text, .int, .date, .url, .ref: return .null
            }
        }
        return self.value(value, game: game, site: site)
    }

    /// A present value with its JSON type.
    static func value(_ value: FieldValue, game: String, site: Site) -> JSONValue {
        switch value {
        case let .string(text), let .text(text), let .date(text), let .url(text): return .string(text)
        case let .bool(flag): return .bool(flag)
        case let .int(number): return .int(number)
        case let .number(number): return .double(number)
        case let .list(items): return .array(items.map(JSONValue.string))
        case let .ref(target): return reference(target, from: game, site: site)
        case let .refs(targets): return .array(targets.map { reference($0, from: game, site: site) })
        }
    }

    /// `{id, name, display_name, url}` (with `kind` for mentions), preceded by `game` for an entry of
    /// another game.
    static func reference(_ ref: EntryRef, from game: String, site: Site, withKind: Bool = false) -> JSONValue {
        let target = site.exportTarget(ref)
        var members: [(String, JSONValue)] = []
        if ref.game != game { members.append(("game", .string(ref.game))) }
        members.append(("id", .string(ref.id)))
        if withKind { members.append(("kind", .string(ref.kind))) }
        members.append(("name", .string(target.name)))
        members.append(("display_name", .string(target.displayName)))
        members.append(("url", .string(target.path)))
        return .object(members)
    }

    static func notes(_ notes: Notes) -> JSONValue {
        .object([("markdown", .string(notes.markdown)), ("html", .string(notes.html))])
    }
}
