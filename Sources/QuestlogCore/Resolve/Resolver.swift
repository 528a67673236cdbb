import Foundation
import Markdown
import YAML

/// The Resolve stage: checks fields, indexes ids and names, resolves references and wiki links,
/// renders each note once, and computes inverse relations and mentions into an immutable `Site`.
public struct Resolver: Sendable {
    public var options: ResolveOptions

    public init(options: ResolveOptions) {
        self.options = options
    }

    /// A resolver with the default options, rendering notes on `jobs` threads.
    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.init(options: ResolveOptions(jobs: jobs))
    }

    public var jobs: Int { options.jobs }

    /// Resolves a loaded site; the site is complete as far as the diagnostics allow.
    ///
    /// The loaded site is consumed: each raw entry's YAML is let go as soon as its fields are
    /// checked, and the working tables as soon as the entries are built, so a site of many entries
    /// is not held several times over.
    ///
    /// With a `memo`, a note it has a record of is reused when its links still resolve as they did
    /// (`NoteMemo`), and the memo keeps this site's notes afterwards.
    public func resolve(_ loaded: consuming LoadedSite, memo: NoteMemo? = nil) -> (site: Site, diagnostics: DiagnosticList) {
        var diagnostics = loaded.diagnostics
        let schema = loaded.schema
        let config = loaded.config
        var found: [Diagnostic] = []
        let assets = AssetIndex(copy loaded, includeDrafts: options.includeDrafts)
        var imageSizes: [String: ImageDimensions] = [:]
        for asset in loaded.assets {
            if let size = asset.dimensions { imageSizes[AssetIndex.percentEncoded(asset.outputPath)] = size }
        }
        var rawGames = loaded.games
        loaded.games = []

        // Check fields and index every game's entries (drafts too: references to them are told apart).
        var indexes: [String: GameIndex] = [:]
        var gameEntries: [String: CheckedEntry] = [:]
        var unknown: [UnknownField] = []
        var games: [RawGame] = []
        for gamePosition in rawGames.indices {
            var entries = rawGames[gamePosition].entries
            rawGames[gamePosition].entries = []
            let raw = rawGames[gamePosition]
            let checker = FieldChecker(game: raw.id)
            let game = checker.check(raw.game, diagnostics: &found, unknown: &unknown)
            if (game.isDraft || raw.isDraft) && !options.includeDrafts { continue }
            var index = GameIndex(id: raw.id)
            index.entries.reserveCapacity(entries.count)
            for position in entries.indices {
                var checked = checker.check(entries[position], diagnostics: &found, unknown: &unknown)
                // The checked values are all that is needed of the YAML from here on, but for the
                // progress values an entry sets itself (warned about below).
                entries[position].fields = []
                checked.raw.fields = checked.raw.fields.filter { Self.isProgressFlag($0.key, of: checked.raw.kind) }
                checked.isDraft = checked.isDraft || game.isDraft || raw.isDraft
                index.add(checked, strict: options.strict, diagnostics: &found)
            }
            indexes[raw.id] = index
            gameEntries[raw.id] = game
            games.append(raw)
        }
        rawGames = []
        found.append(contentsOf: unknownFieldDiagnostics(unknown))
        unknown = []
        for raw in games {
            guard let index = indexes[raw.id], let game = gameEntries[raw.id] else { continue }
            found.append(contentsOf: Self.ownProgressWarnings(index, game: game, includeDrafts: options.includeDrafts))
        }
        var lookup = ReferenceLookup(schema: schema, indexes: indexes, includeDrafts: options.includeDrafts, assets: assets)

        // Resolve front-matter references.
        var fieldValues: [EntryRef: [String: FieldValue]] = [:]
        fieldValues.reserveCapacity(indexes.values.reduce(games.count) { $0 + $1.entries.count })
        var work: [NoteWork] = []
        work.reserveCapacity(fieldValues.capacity)
        for raw in games {
            guard let index = indexes[raw.id], let game = gameEntries[raw.id] else { continue }
            let language = Self.language(of: game) ?? config.language
            let titles = options.calloutTitles[language] ?? [:]
            func add(_ entry: CheckedEntry) {
                fieldValues[entry.ref] = lookup.resolveFields(entry, diagnostics: &found)
                let page = entry.ref.kind == "game"
                    ? RelativeURL.gamePage(game: raw.id)
                    : RelativeURL.entryPage(game: raw.id, folder: entry.raw.kind.folder, id: entry.ref.id)
                work.append(NoteWork(ref: entry.ref, page: page, raw: entry.raw, calloutTitles: titles))
            }
            for entry in index.entries where lookup.isPublished(entry) { add(entry) }
            add(game)
        }

        let displayNames = Self.displayNames(indexes, fields: fieldValues, published: lookup.isPublished)

        // Render every note once, in parallel; the same pass resolves its wiki links.
        var rendered = Parallel.map(work, jobs: jobs) { [lookup] item in
            lookup.renderNotes(item, config: config, memo: memo)
        }
        if let memo {
            var kept: [UInt64: NoteMemo.Record] = [:]
            var reusedKeys = Set<UInt64>()
            var reusedNotes = 0
            for result in rendered {
                guard let record = result.record, record.sourceLength <= NoteMemo.largestNote else { continue }
                kept[result.key] = record
                // The last note of a key decides its record (notes alike but on pages in other folders
                // link differently), and whether that record is the one the memo had.
                if result.reused {
                    reusedKeys.insert(result.key)
                    reusedNotes += 1
                } else {
                    reusedKeys.remove(result.key)
                }
            }
            memo.replace(with: kept, reusedKeys: reusedKeys, notes: reusedNotes)
        }
        var notes: [EntryRef: Notes] = [:]
        notes.reserveCapacity(work.count)
        var mentions: [EntryRef: Set<EntryRef>] = [:]
        var gameLinks: [String: [EntryRef]] = [:]
        var headingLinks: [HeadingLink] = []
        for (item, result) in zip(work, rendered) {
            notes[item.ref] = result.notes
            found.append(contentsOf: result.diagnostics)
            headingLinks += result.headingLinks
            if !result.notes.tags.isEmpty {
                fieldValues[item.ref, default: [:]]["tags"] = .list(Self.mergingTags(fieldValues[item.ref]?["tags"], result.notes.tags))
            }
            for target in Set(result.links) where target != item.ref {
                mentions[target, default: []].insert(item.ref)
            }
            if item.ref.kind == "game" { gameLinks[item.ref.game] = Set(result.links).sorted() }
        }
        work = []
        rendered = []

        found.append(contentsOf: Self.check(headingLinks, against: notes, displayNames: displayNames, indexes: indexes))
        headingLinks = []

        // Each game's published entries: kinds in schema order, each kind's entries by name (then id).
        var ordered: [[Int]] = []
        for raw in games {
            guard let index = indexes[raw.id] else {
                ordered.append([])
                continue
            }
            let byName = index.entries.indices.filter { lookup.isPublished(index.entries[$0]) }
                .map { (key: index.entries[$0].nameKey, position: $0) }
                .sorted { a, b in
                    a.key != b.key ? a.key.utf8Precedes(b.key)
                        : index.entries[a.position].ref.id.utf8Precedes(index.entries[b.position].ref.id)
                }
            var positions: [Int] = []
            positions.reserveCapacity(byName.count)
            for kind in schema.kinds {
                for item in byName where index.entries[item.position].ref.kind == kind.id { positions.append(item.position) }
            }
            ordered.append(positions)
        }
        // Inverse relations, gathered in that order before any entry is built.
        var inverse: [EntryRef: [String: [EntryRef]]] = [:]
        for (raw, positions) in zip(games, ordered) {
            guard let index = indexes[raw.id] else { continue }
            for position in positions {
                let source = index.entries[position].ref
                guard let kind = schema.kind(id: source.kind), let values = fieldValues[source] else { continue }
                for field in kind.fields {
                    for target in values[field.name]?.references ?? [] {
                        inverse[target, default: [:]][source.kind + "." + field.name, default: []].append(source)
                    }
                }
            }
        }
        var resolvedGames: [Game] = []
        for (raw, positions) in zip(games, ordered) {
            guard let game = gameEntries[raw.id] else { continue }
            var byKind: [String: [Entry]] = [:]
            if let index = indexes[raw.id] {
                for position in positions {
                    let checked = index.entries[position]
                    let ref = checked.ref
                    var relations: [Relation] = []
                    if let sources = inverse.removeValue(forKey: ref) {
                        relations = schema.inverseRelations(of: ref.kind).compactMap { relation in
                            guard let entries = sources[relation.source.id + "." + relation.field.name] else { return nil }
                            let label = schema.inverseLabel(of: relation.field, in: relation.source)
                            return Relation(sourceKind: relation.source.id, field: relation.field.name, label: label, entries: entries)
                        }
                    }
                    let entry = Entry(ref: ref, name: checked.name, source: checked.raw.source,
                                      path: RelativeURL.entryPage(game: raw.id, folder: checked.raw.kind.folder, id: ref.id),
                                      fields: fieldValues.removeValue(forKey: ref) ?? [:], notes: notes.removeValue(forKey: ref) ?? .empty,
                                      inverse: relations, mentions: (mentions.removeValue(forKey: ref) ?? []).sorted(),
                                      displayName: displayNames[ref], extra: checked.extra,
                                      isDraft: checked.isDraft, isSpoiler: checked.isSpoiler, spoilerUntil: checked.spoilerUntil)
                    byKind[ref.kind, default: []].append(entry)
                }
            }
            resolvedGames.append(Game(id: raw.id, title: game.name, source: raw.game.source,
                              path: RelativeURL.gamePage(game: raw.id), fields: fieldValues[game.ref] ?? [:],
                              notes: notes[game.ref] ?? .empty, entries: byKind, links: gameLinks[raw.id] ?? [],
                              extra: game.extra, sharedProgress: game.sharedProgress))
        }
        // Let the working tables go before the site builds its own index.
        lookup = ReferenceLookup(schema: schema, indexes: [:])
        indexes = [:]
        fieldValues = [:]
        notes = [:]
        mentions = [:]
        inverse = [:]
        diagnostics.append(contentsOf: found)
        return (Site(config: config, schema: schema, games: resolvedGames, imageSizes: imageSizes), diagnostics)
    }

    /// A front-matter key naming one of the kind's progress fields of type bool.
    private static func isProgressFlag(_ key: YAMLNode, of kind: Kind) -> Bool {
        guard let name = key.string, let field = kind.field(named: name) else { return false }
        return field.progress && field.type == .bool
    }

    /// Once a game has playthroughs, progress belongs to them: a warning at each progress value an
    /// entry sets itself, unless `game.md` says `progress: shared`.
    static func ownProgressWarnings(_ index: GameIndex, game: CheckedEntry, includeDrafts: Bool) -> [Diagnostic] {
        let published = index.entries.filter { includeDrafts || !$0.isDraft }
        guard !game.sharedProgress, let first = published.first(where: { $0.ref.kind == Schema.playthroughKind }) else { return [] }
        let folder = (first.raw.source.path as NSString).deletingLastPathComponent
        var warnings: [Diagnostic] = []
        for entry in published where entry.ref.kind != Schema.playthroughKind {
            for (key, _) in entry.raw.fields {
                guard let name = key.string, let field = entry.raw.kind.field(named: name), field.progress, field.type == .bool else { continue }
                warnings.append(.warning("\(name): this game has playthroughs (\(folder)/), so progress belongs in a playthrough's '\(name):' list; the value here is ignored (set 'progress: shared' in game.md to count it in every playthrough)",
                                         code: "own-progress", at: SourceLocation(path: entry.raw.source.path, line: key.mark.line, column: key.mark.column)))
            }
        }
        return warnings
    }

    /// The `language:` a game's `game.md` sets.
    private static func language(of game: CheckedEntry) -> String? {
        for (field, value) in game.fields where field.name == "language" {
            if case let .value(.string(language)) = value { return language }
        }
        return nil
    }

    /// The front matter's tags, then the notes' inline `#tags` it lacks (compared without case).
    static func mergingTags(_ declared: FieldValue?, _ inline: [String]) -> [String] {
        var tags: [String] = []
        if case let .list(items)? = declared { tags = items }
        var seen = Set(tags.map { $0.lowercased() })
        for tag in inline where seen.insert(tag.lowercased()).inserted { tags.append(tag) }
        return tags
    }

    /// An error (or warning, as dangling links are) for each link to a heading its target does not have.
    static func check(_ links: [HeadingLink], against notes: [EntryRef: Notes], displayNames: [EntryRef: String],
                      indexes: [String: GameIndex]) -> [Diagnostic] {
        links.compactMap { link in
            let headings = notes[link.target]?.headings ?? []
            if headings.contains(where: { $0.id == Heading.anchor(for: link.heading) }) { return nil }
            let name = displayNames[link.target]
                ?? indexes[link.target.game]?.ids[link.target.kind]?[link.target.id].flatMap { indexes[link.target.game]?.entries[$0].name }
                ?? link.target.id
            let hint = Suggestion.closest(to: link.heading, in: headings.map(\.text)).map { " (did you mean '\($0)'?)" } ?? ""
            let place = headings.isEmpty ? "'\(name)' has no headings" : "'\(name)' has no heading '\(link.heading)'\(hint)"
            return Diagnostic(link.severity, "link to unknown heading '\(link.written)': \(place)", code: "dangling-link", at: link.location)
        }
    }

    /// One warning per kind and field, unless every use is asked for (`--strict`, `--verbose`).
    private func unknownFieldDiagnostics(_ uses: [UnknownField]) -> [Diagnostic] {
        if options.strict || options.listEveryUse {
            return uses.map { FieldChecker.unknownFieldWarning([$0]) }
        }
        var order: [String] = []
        var groups: [String: [UnknownField]] = [:]
        for use in uses {
            let key = use.kind.id + "\u{0}" + use.name
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(use)
        }
        return order.map { FieldChecker.unknownFieldWarning(groups[$0]!) }
    }

    /// Names that another published entry of the same kind and game shares, told apart by region,
    /// parent or id: "Smoldering Church (Caelid)".
    static func displayNames(_ indexes: [String: GameIndex], fields: [EntryRef: [String: FieldValue]],
                             published: (CheckedEntry) -> Bool) -> [EntryRef: String] {
        var names: [EntryRef: String] = [:]
        for index in indexes.values {
            var groups: [String: [CheckedEntry]] = [:]
            for entry in index.entries where published(entry) {
                groups[entry.ref.kind + "\u{0}" + entry.nameKey, default: []].append(entry)
            }
            for group in groups.values where group.count > 1 {
                let qualifiers = group.map { entry -> String in
                    let values = fields[entry.ref] ?? [:]
                    if case let .string(region)? = values["region"], !region.isEmpty { return region }
                    if case let .ref(parent)? = values["parent"], let position = indexes[parent.game]?.ids[parent.kind]?[parent.id],
                       let name = indexes[parent.game]?.entries[position].name {
                        return name
                    }
                    return entry.ref.id
                }
                for (position, entry) in group.enumerated() {
                    let key = NameKey.make(qualifiers[position])
                    let unique = qualifiers.count { NameKey.make($0) == key } == 1
                    names[entry.ref] = "\(entry.name) (\(unique ? qualifiers[position] : entry.ref.id))"
                }
            }
        }
        return names
    }
}
