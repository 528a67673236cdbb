import Foundation
import Markdown

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
    public func resolve(_ loaded: LoadedSite) -> (site: Site, diagnostics: DiagnosticList) {
        var diagnostics = loaded.diagnostics
        let schema = loaded.schema
        var found: [Diagnostic] = []

        // Check fields and index every game's entries (drafts too: references to them are told apart).
        var indexes: [String: GameIndex] = [:]
        var gameEntries: [String: CheckedEntry] = [:]
        var unknown: [UnknownField] = []
        var games: [RawGame] = []
        for raw in loaded.games {
            let checker = FieldChecker(game: raw.id)
            let game = checker.check(raw.game, diagnostics: &found, unknown: &unknown)
            if (game.isDraft || raw.isDraft) && !options.includeDrafts { continue }
            var index = GameIndex(id: raw.id)
            for entry in raw.entries {
                var checked = checker.check(entry, diagnostics: &found, unknown: &unknown)
                checked.isDraft = checked.isDraft || game.isDraft || raw.isDraft
                index.add(checked, strict: options.strict, diagnostics: &found)
            }
            indexes[raw.id] = index
            gameEntries[raw.id] = game
            games.append(raw)
        }
        found.append(contentsOf: unknownFieldDiagnostics(unknown))
        for raw in games {
            guard let index = indexes[raw.id], let game = gameEntries[raw.id] else { continue }
            found.append(contentsOf: Self.ownProgressWarnings(index, game: game, includeDrafts: options.includeDrafts))
        }
        let lookup = ReferenceLookup(schema: schema, indexes: indexes, includeDrafts: options.includeDrafts,
                                     assets: AssetIndex(loaded, includeDrafts: options.includeDrafts))

        // Resolve front-matter references.
        var fieldValues: [EntryRef: [String: FieldValue]] = [:]
        var work: [NoteWork] = []
        for raw in games {
            guard let index = indexes[raw.id], let game = gameEntries[raw.id] else { continue }
            let language = Self.language(of: game) ?? loaded.config.language
            let titles = options.calloutTitles[language] ?? [:]
            for entry in index.entries.filter(lookup.isPublished) + [game] {
                fieldValues[entry.ref] = lookup.resolveFields(entry, diagnostics: &found)
                let page = entry.ref.kind == "game"
                    ? RelativeURL.gamePage(game: raw.id)
                    : RelativeURL.entryPage(game: raw.id, folder: entry.raw.kind.folder, id: entry.ref.id)
                work.append(NoteWork(ref: entry.ref, page: page, raw: entry.raw, calloutTitles: titles))
            }
        }

        let displayNames = Self.displayNames(indexes, fields: fieldValues, published: lookup.isPublished)

        // Render every note once, in parallel; the same pass resolves its wiki links.
        let config = loaded.config
        let rendered = Parallel.map(work, jobs: jobs) { item in
            lookup.renderNotes(item, config: config)
        }
        var notes: [EntryRef: Notes] = [:]
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

        found.append(contentsOf: Self.check(headingLinks, against: notes, displayNames: displayNames, indexes: indexes))

        // Build entries sorted by name, then inverse relations in schema order.
        var resolvedGames: [Game] = []
        var entriesByRef: [EntryRef: Entry] = [:]
        var ordered: [EntryRef] = []
        for raw in games {
            guard let index = indexes[raw.id] else { continue }
            let sorted = index.entries.filter(lookup.isPublished).map { (key: NameKey.make($0.name), entry: $0) }.sorted { a, b in
                a.key != b.key ? a.key.utf8.lexicographicallyPrecedes(b.key.utf8) : a.entry.ref.id.utf8.lexicographicallyPrecedes(b.entry.ref.id.utf8)
            }.map(\.entry)
            for kind in schema.kinds {
                for checked in sorted where checked.ref.kind == kind.id {
                    let entry = Entry(ref: checked.ref, name: checked.name, source: checked.raw.source,
                                      path: RelativeURL.entryPage(game: raw.id, folder: kind.folder, id: checked.ref.id),
                                      fields: fieldValues[checked.ref] ?? [:], notes: notes[checked.ref] ?? .empty,
                                      mentions: (mentions[checked.ref] ?? []).sorted(),
                                      displayName: displayNames[checked.ref], extra: checked.extra,
                                      isDraft: checked.isDraft, isSpoiler: checked.isSpoiler, spoilerUntil: checked.spoilerUntil)
                    entriesByRef[checked.ref] = entry
                    ordered.append(checked.ref)
                }
            }
        }
        var inverse: [EntryRef: [String: [EntryRef]]] = [:]
        for source in ordered {
            guard let entry = entriesByRef[source], let kind = schema.kind(id: source.kind) else { continue }
            for field in kind.fields {
                for target in entry.fields[field.name]?.references ?? [] {
                    inverse[target, default: [:]][source.kind + "." + field.name, default: []].append(source)
                }
            }
        }
        for (ref, relations) in inverse {
            guard var entry = entriesByRef[ref] else { continue }
            entry.inverse = schema.inverseRelations(of: ref.kind).compactMap { relation in
                guard let sources = relations[relation.source.id + "." + relation.field.name] else { return nil }
                let label = schema.inverseLabel(of: relation.field, in: relation.source)
                return Relation(sourceKind: relation.source.id, field: relation.field.name, label: label, entries: sources)
            }
            entriesByRef[ref] = entry
        }
        for raw in games {
            guard let game = gameEntries[raw.id] else { continue }
            var byKind: [String: [Entry]] = [:]
            for ref in ordered where ref.game == raw.id {
                if let entry = entriesByRef[ref] { byKind[ref.kind, default: []].append(entry) }
            }
            resolvedGames.append(Game(id: raw.id, title: game.name, source: raw.game.source,
                              path: RelativeURL.gamePage(game: raw.id), fields: fieldValues[game.ref] ?? [:],
                              notes: notes[game.ref] ?? .empty, entries: byKind, links: gameLinks[raw.id] ?? [],
                              extra: game.extra, sharedProgress: game.sharedProgress))
        }
        diagnostics.append(contentsOf: found)
        var imageSizes: [String: ImageDimensions] = [:]
        for asset in loaded.assets {
            if let size = asset.dimensions { imageSizes[AssetIndex.percentEncoded(asset.outputPath)] = size }
        }
        return (Site(config: loaded.config, schema: schema, games: resolvedGames, imageSizes: imageSizes), diagnostics)
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
                groups[entry.ref.kind + "\u{0}" + NameKey.make(entry.name), default: []].append(entry)
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
