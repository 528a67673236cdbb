import Foundation
import Markdown

/// The Resolve stage: checks fields, indexes ids and names, resolves references and wiki links,
/// renders each note once, and computes inverse relations and mentions into an immutable `Site`.
public struct Resolver: Sendable {
    /// How many threads may render notes at once.
    public var jobs: Int

    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.jobs = max(1, jobs)
    }

    /// Resolves a loaded site; the site is complete as far as the diagnostics allow.
    public func resolve(_ loaded: LoadedSite) -> (site: Site, diagnostics: DiagnosticList) {
        var diagnostics = loaded.diagnostics
        let schema = loaded.schema
        var found: [Diagnostic] = []

        // Check fields and index every game's entries.
        var indexes: [String: GameIndex] = [:]
        var gameEntries: [String: CheckedEntry] = [:]
        for raw in loaded.games {
            let checker = FieldChecker(game: raw.id)
            var index = GameIndex(id: raw.id)
            for entry in raw.entries {
                index.add(checker.check(entry, diagnostics: &found), diagnostics: &found)
            }
            indexes[raw.id] = index
            gameEntries[raw.id] = checker.check(raw.game, diagnostics: &found)
        }
        let lookup = ReferenceLookup(schema: schema, indexes: indexes)

        // Resolve front-matter references.
        var fieldValues: [EntryRef: [String: FieldValue]] = [:]
        var work: [NoteWork] = []
        for raw in loaded.games {
            guard let index = indexes[raw.id], let game = gameEntries[raw.id] else { continue }
            for entry in index.entries + [game] {
                fieldValues[entry.ref] = lookup.resolveFields(entry, diagnostics: &found)
                let page = entry.ref.kind == "game"
                    ? RelativeURL.gamePage(game: raw.id)
                    : RelativeURL.entryPage(game: raw.id, folder: entry.raw.kind.folder, id: entry.ref.id)
                work.append(NoteWork(ref: entry.ref, page: page, raw: entry.raw))
            }
        }

        // Render every note once, in parallel; the same pass resolves its wiki links.
        let options = loaded.config
        let rendered = Parallel.map(work, jobs: jobs) { item in
            lookup.renderNotes(item, config: options)
        }
        var notes: [EntryRef: Notes] = [:]
        var mentions: [EntryRef: Set<EntryRef>] = [:]
        var gameLinks: [String: [EntryRef]] = [:]
        for (item, result) in zip(work, rendered) {
            notes[item.ref] = result.notes
            found.append(contentsOf: result.diagnostics)
            for target in Set(result.links) where target != item.ref {
                mentions[target, default: []].insert(item.ref)
            }
            if item.ref.kind == "game" { gameLinks[item.ref.game] = Set(result.links).sorted() }
        }

        // Build entries sorted by name, then inverse relations in schema order.
        var games: [Game] = []
        var entriesByRef: [EntryRef: Entry] = [:]
        var ordered: [EntryRef] = []
        for raw in loaded.games {
            guard let index = indexes[raw.id] else { continue }
            let sorted = index.entries.map { (key: NameKey.make($0.name), entry: $0) }.sorted { a, b in
                a.key != b.key ? a.key.utf8.lexicographicallyPrecedes(b.key.utf8) : a.entry.ref.id.utf8.lexicographicallyPrecedes(b.entry.ref.id.utf8)
            }.map(\.entry)
            for kind in schema.kinds {
                for checked in sorted where checked.ref.kind == kind.id {
                    let entry = Entry(ref: checked.ref, name: checked.name, source: checked.raw.source,
                                      path: RelativeURL.entryPage(game: raw.id, folder: kind.folder, id: checked.ref.id),
                                      fields: fieldValues[checked.ref] ?? [:], notes: notes[checked.ref] ?? .empty,
                                      mentions: (mentions[checked.ref] ?? []).sorted())
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
                let label = relation.field.inverseLabel ?? "\(relation.source.plural) (\(relation.field.label))"
                return Relation(sourceKind: relation.source.id, field: relation.field.name, label: label, entries: sources)
            }
            entriesByRef[ref] = entry
        }
        for raw in loaded.games {
            guard let game = gameEntries[raw.id] else { continue }
            var byKind: [String: [Entry]] = [:]
            for ref in ordered where ref.game == raw.id {
                if let entry = entriesByRef[ref] { byKind[ref.kind, default: []].append(entry) }
            }
            games.append(Game(id: raw.id, title: game.name, source: raw.game.source,
                              path: RelativeURL.gamePage(game: raw.id), fields: fieldValues[game.ref] ?? [:],
                              notes: notes[game.ref] ?? .empty, entries: byKind, links: gameLinks[raw.id] ?? []))
        }
        diagnostics.append(contentsOf: found)
        return (Site(config: loaded.config, schema: schema, games: games), diagnostics)
    }
}

/// A note to render: whose it is, the page it appears on (links are relative to it), its source.
struct NoteWork: Sendable {
    var ref: EntryRef
    var page: String
    var raw: RawEntry
}
