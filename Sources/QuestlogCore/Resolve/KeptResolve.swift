import Markdown
import YAML

/// What `serve` keeps of a resolve, so that a save that changed nothing but the notes of some
/// entries is resolved by rendering those notes again (`patch(notes:memo:)`), and one that changed
/// nothing but front-matter values by putting them in (`patch(fields:memo:)`), instead of the
/// whole site. A build keeps what `patch(notes:memo:)` needs of it in a file (`SiteMemo`), for
/// the next build to patch the same way.
///
/// An entry's notes reach beyond its own `Notes` in a few ways only, and the patch refuses a change
/// that takes any of them: the entries it links to (mentions on their pages), its inline tags
/// (merged into its `tags`), links to headings (checked against the target's headings, its own
/// links or links from elsewhere to its headings), and embeds of it (other notes preview its text).
/// Its diagnostics are kept apart, so the list is put together again in the order a resolve gives.
struct KeptResolve: Sendable {
    var site: Site
    /// The index the notes were rendered against, with every entry's current notes.
    var lookup: ReferenceLookup
    /// The diagnostics a resolve gives before those of the notes (loading, fields), each note's in
    /// the order rendered, and those after them (links to headings).
    var head: [Diagnostic]
    var noteDiagnostics: [[Diagnostic]]
    var tail: [Diagnostic]
    /// Each published entry that is the only one of its Markdown file, and each of a data file, by
    /// its key (`KeptNote.key`).
    var notes: [String: KeptNote]
    /// The entries a link to a heading targets, and those some note embeds.
    var headingTargets: Set<EntryRef>
    var embedded: Set<ReferenceLookup.Target>
    /// The default callout titles of each game's notes (by its place in the lookup), and their key.
    var calloutTitles: [[String: String]]
    var calloutKeys: [UInt64]
    /// Each game's `game.md` checked, in the order of the lookup's games.
    var games: [CheckedEntry]
    /// Where each published entry's note is in `noteDiagnostics`, by game and place in the lookup's
    /// index (-1 for a draft left out), and each game's own.
    var noteItems: [[Int32]]
    var gameItems: [Int]
    /// The references written in fields, by the game they look an entry up in and the name key
    /// they look up: their texts (less a `game/`). Worked out by the first rename that asks, and
    /// forgotten when a patch changes references (a playthrough's lists).
    var referenceTexts: [String: [String: Set<String>]]? = nil

    /// All the diagnostics, in the order a resolve gives them.
    var diagnostics: DiagnosticList {
        var all = head
        for diagnostics in noteDiagnostics { all += diagnostics }
        all += tail
        return DiagnosticList(all)
    }
}

/// What a kept resolve knows of one entry's note.
struct KeptNote: Sendable {
    /// The key of the note of the entry `id` of the file at `path` (relative to the site root)
    /// among those of a kept resolve: the path of a Markdown file (`.md`), kept when it holds that
    /// entry alone, or the path of a data file and the id, for each of its entries; nil for another
    /// file.
    static func key(path: String, id: String) -> String? {
        if path.hasSuffix(".md") { return path }
        return GameFolderWalk.isDataFile(path) ? path + "#" + id : nil
    }

    /// The note's place among the rendered notes (`KeptResolve.noteDiagnostics`).
    var item: Int
    var target: ReferenceLookup.Target
    var ref: EntryRef
    /// The page the note is shown on, which its links are relative to.
    var page: String
    /// The other entries it links to, and those it embeds.
    var targets: Set<ReferenceLookup.Target>
    var embeds: [ReferenceLookup.Target]
    var tags: [String]
    var headings: [Heading]
    /// Whether it links to a heading (its own or another note's).
    var linksToHeadings: Bool
    /// `RawEntry.notesAsideDigest` of the entry as loaded: an entry loaded again with the same
    /// differs from it only in its notes (`RawEntry.differsOnlyInNotes`).
    var notesAside: UInt64 = 0
}

extension KeptResolve {
    /// Puts in the notes of entries loaded again from their Markdown files, each the same as when
    /// kept but for its notes (`RawEntry.differsOnlyInNotes`), rendering each note against the kept
    /// index (with `memo`, as a resolve does). False when some change reaches beyond the entry's own
    /// notes, or an entry is not one this can patch: the site must then be resolved afresh, and
    /// this is not to be used again, as it may hold some of the new notes already.
    mutating func patch(notes changed: [(path: String, raw: RawEntry)], memo: NoteMemo?) -> Bool {
        for (path, raw) in changed {
            guard let note = notes[path], !embedded.contains(note.target), !note.linksToHeadings else { return false }
            lookup.replaceNotes(at: note.target, with: raw.notes)
            let game = Int(note.target.game)
            let work = NoteWork(ref: note.ref, page: note.page, raw: lookup[note.target].raw, calloutTitles: calloutTitles[game],
                                calloutKey: calloutKeys[game])
            let rendered = lookup.renderNotes(work, config: site.config, memo: memo)
            guard rendered.headingLinks.isEmpty, rendered.notes.tags == note.tags, rendered.embeds == note.embeds,
                  !headingTargets.contains(note.ref) || rendered.notes.headings == note.headings,
                  Set(rendered.targets).subtracting([note.target]) == note.targets,
                  site.replaceNotes(of: note.ref, with: rendered.notes) else { return false }
            noteDiagnostics[note.item] = rendered.diagnostics
            notes[path]?.headings = rendered.notes.headings
        }
        return true
    }
}

extension KeptResolve {
    /// What `patch(fields:memo:)` did: whether it could, whether some entry took another name, and
    /// the connections of the graph that changed.
    struct FieldsPatch {
        var patched: Bool
        var renamed = false
        var relinks: [RelationGraph.Relink] = []
    }

    /// Puts in the front matter of entries loaded again from their Markdown files, each the same as
    /// when kept (`old`) but for the values of some fields (`RawEntry.differsOnlyInFieldValues`),
    /// with the same problems (often none) before and after, when those values reach no further
    /// than this can follow: plain values (text, numbers, dates, booleans, choices, lists) of
    /// declared fields, or fields the kind does not declare, which reach nothing beyond the entry;
    /// its tags, merged with the inline tags of its notes as a resolve does; `url` fields, a file of
    /// the site among them, resolved against the kept index of files;
    /// references (a playthrough's progress lists among them), resolved against the kept index,
    /// which reach the entries they name (their inverse relations) and the graph; a name and
    /// aliases, when `canRename` says so. Its draft and spoiler flags stay as they were, and so do every note and every diagnostic; what pages show of it (its page, tables,
    /// progress, pictures) is made again from the site. False when a change reaches further: as
    /// `patch(notes:memo:)`.
    mutating func patch(fields changed: [(path: String, raw: RawEntry, old: RawEntry)], memo: NoteMemo? = nil) -> FieldsPatch {
        var done = FieldsPatch(patched: false)
        for (path, raw, old) in changed {
            guard let note = notes[path], raw.differsOnlyInFieldValues(from: old), var entry = site.entry(note.ref) else { return done }
            let checker = FieldChecker(game: note.ref.game)
            // The same problems before and after: the kept diagnostics stand as they are.
            var diagnostics: [Diagnostic] = [], unknown: [UnknownField] = []
            var problems: [Diagnostic] = [], unknownNow: [UnknownField] = []
            let before = checker.check(old, diagnostics: &diagnostics, unknown: &unknown)
            let after = checker.check(raw, diagnostics: &problems, unknown: &unknownNow)
            guard problems == diagnostics, unknownNow == unknown, after.nameLocation == before.nameLocation,
                  after.isDraft == before.isDraft, after.isSpoiler == before.isSpoiler,
                  after.spoilerUntil == before.spoilerUntil, after.sharedProgress == before.sharedProgress,
                  after.fields.count == before.fields.count else { return done }
            // The names of the fields whose values were written otherwise.
            var edited = Set<String>()
            for (new, was) in zip(raw.fields, old.fields) where new.value != was.value {
                edited.insert(new.key.string ?? "")
            }
            var references: [String] = []
            for ((field, value), (wasField, was)) in zip(after.fields, before.fields) {
                guard field == wasField else { return done }
                guard edited.contains(field.name) else { continue }
                if field.type.referencedKind != nil || field.type == .url {
                    // A parent that tells the entry apart from others of its name is shown in its name.
                    guard field.name != "parent" || entry.displayName == entry.name else { return done }
                    // Resolved below, as are the site's files a `url` field names.
                    references.append(field.name)
                    continue
                }
                guard case let .value(new) = value, case .value = was else { return done }
                if field.name == "tags" {
                    // Merged with the inline tags of its notes, as a resolve does.
                    entry.fields[field.name] = entry.notes.tags.isEmpty ? new : .list(Resolver.mergingTags(new, entry.notes.tags))
                    continue
                }
                guard Self.isPlain(field, of: entry) else { return done }
                entry.fields[field.name] = new
            }
            let linked = Set(entry.fields.values.flatMap(\.references))
            var relations: [(field: String, was: [EntryRef], now: [EntryRef])] = []
            if !references.isEmpty {
                // Resolved as a resolve does, against the same index.
                var checked = lookup[note.target]
                var resolveProblems: [Diagnostic] = [], problemsNow: [Diagnostic] = []
                checked.fields = before.fields
                let was = lookup.resolveFields(checked, diagnostics: &resolveProblems)
                checked.fields = after.fields
                let values = lookup.resolveFields(checked, diagnostics: &problemsNow)
                guard problemsNow == resolveProblems else { return done }
                for name in references {
                    entry.fields[name] = values[name]
                    relations.append((name, was[name]?.references ?? [], values[name]?.references ?? []))
                }
                referenceTexts = nil
            }
            entry.extra = after.extra
            let name = (before.name, before.aliases) != (after.name, after.aliases)
            if name {
                entry.name = after.name
                entry.displayName = after.name
            }
            guard site.replaceEntry(entry) else { return done }
            lookup.replaceFields(at: note.target, with: after.fields, extra: after.extra,
                                 progressFlags: raw.fields.filter { Resolver.isProgressFlag($0.key, of: raw.kind) })
            // Asked once the index holds the references the save wrote (and, still, the old names).
            if name {
                if referenceTexts == nil { referenceTexts = Self.referenceTexts(lookup: lookup, games: games) }
                guard canRename(note, to: after) else { return done }
            }
            if !relations.isEmpty {
                let inverse = InverseRelations(schema: site.schema)
                for (field, was, now) in relations {
                    for target in Set(was).symmetricDifference(now) {
                        relate(target, to: note.ref, by: field, now.contains(target), relations: inverse)
                    }
                }
                if let relink = relink(note.ref, linked: linked) { done.relinks.append(relink) }
            }
            if name {
                guard rename(note, to: after, references: entry.fields.values.flatMap(\.references), memo: memo) else { return done }
                done.renamed = true
            }
        }
        done.patched = true
        return done
    }

    /// Puts `source` among the entries that reference `target` by `field` (a field of the source's
    /// kind), or takes it out, in the order a resolve gives: by game, kind, name key, then id.
    private mutating func relate(_ target: EntryRef, to source: EntryRef, by field: String, _ related: Bool, relations: InverseRelations) {
        guard var entry = site.entry(target) else { return }
        func number(_ kind: String, _ field: String) -> Int? {
            relations.referenceFields[kind]?.first { $0.name == field }?.relation
        }
        guard let relation = number(source.kind, field) else { return }
        var sources: [InverseSource] = []
        for shown in entry.inverse {
            guard let number = number(shown.sourceKind, shown.field) else { continue }
            sources += shown.entries.map { InverseSource(relation: number, source: $0) }
        }
        sources.removeAll { $0.relation == relation && $0.source == source }
        if related { sources.append(InverseSource(relation: relation, source: source)) }
        let precedes = listOrder()
        sources.sort { precedes($0.source, $1.source) }
        entry.inverse = relations.relations(of: target.kind, from: sources)
        site.replaceEntry(entry)
    }

    /// The order of a resolve's lists of entries (a kind's, the sources of a relation), as the index
    /// is now: by game, kind (in the schema's order), name key, then id.
    private func listOrder() -> (EntryRef, EntryRef) -> Bool {
        let kinds = Dictionary(site.schema.kinds.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let index = lookup
        func order(_ ref: EntryRef) -> (game: Int32, kind: Int, key: String) {
            guard let target = index.target(of: ref) else { return (Int32.max, kinds[ref.kind] ?? Int.max, "") }
            return (target.game, kinds[ref.kind] ?? Int.max, index[target].nameKey)
        }
        return { a, b in
            let (x, y) = (order(a), order(b))
            if x.game != y.game { return x.game < y.game }
            if x.kind != y.kind { return x.kind < y.kind }
            return x.key != y.key ? x.key.utf8Precedes(y.key) : a.id.utf8Precedes(b.id)
        }
    }

    /// The connections of the graph that `ref` gained and lost when its references changed from
    /// `linked` (every entry its fields named before): an entry it no longer names stays connected
    /// when either links to the other in its notes, or the other names it in a field.
    private func relink(_ ref: EntryRef, linked: Set<EntryRef>) -> RelationGraph.Relink? {
        guard let (mentions, now) = site.withEntry(ref, { ($0.mentions, Set($0.fields.values.flatMap(\.references))) }) else { return nil }
        let added = now.subtracting(linked).sorted()
        let removed = linked.subtracting(now).filter { other in
            !mentions.contains(other) && !(site.withEntry(other) { entry in
                entry.mentions.contains(ref) || entry.fields.values.contains { $0.references.contains(ref) }
            } ?? false)
        }.sorted()
        guard !added.isEmpty || !removed.isEmpty else { return nil }
        return RelationGraph.Relink(ref: ref, added: added, removed: removed)
    }

    /// Whether a value of `field` matters to `entry` alone: not a reference or a file, nor the
    /// region that tells it apart from others of the same name.
    private static func isPlain(_ field: FieldDefinition, of entry: Entry) -> Bool {
        switch field.type {
        case .ref, .refs, .url: return false
        default: break
        }
        if field.name == "region" || field.name == "parent" { return entry.displayName == entry.name }
        return true
    }
}

extension RawEntry {
    /// Whether `other` is this entry with other values for some of its fields: the same kind, id,
    /// place, notes, name (as far as the file name and notes give it) and flags, and the same field
    /// names in the same places.
    func differsOnlyInFieldValues(from other: RawEntry) -> Bool {
        kind == other.kind && id == other.id && source == other.source && notes == other.notes
            && notesLineOffset == other.notesLineOffset && notesColumnOffset == other.notesColumnOffset
            && fallbackName == other.fallbackName && isDamaged == other.isDamaged && isDraft == other.isDraft
            && fields.count == other.fields.count && zip(fields, other.fields).allSatisfy { $0.key == $1.key }
    }

    /// A digest of all `differsOnlyInNotes(from:)` compares: two entries of one schema whose digests
    /// are the same differ in nothing but their notes. It stands for the entry where the entry is
    /// not kept (`SiteMemo`).
    var notesAsideDigest: UInt64 {
        var digest = StableDigest()
        digest.add(kind.id)
        digest.add(id)
        digest.add(source.path)
        digest.add(source.line)
        digest.add(source.column)
        digest.add(notesLineOffset)
        digest.add(notesColumnOffset)
        digest.add(fallbackName)
        digest.add(isDamaged)
        digest.add(isDraft)
        digest.add(fields.count)
        for (key, value) in fields {
            Self.add(key, to: &digest)
            Self.add(value, to: &digest)
        }
        return digest.value
    }

    /// A YAML node as `==` compares it: its content, its place and its tag.
    private static func add(_ node: YAMLNode, to digest: inout StableDigest) {
        digest.add(node.mark.line)
        digest.add(node.mark.column)
        digest.add(node.tag)
        switch node.content {
        case let .scalar(text, style):
            digest.tag(1)
            digest.add(text)
            switch style {
            case .plain: digest.tag(1)
            case .singleQuoted: digest.tag(2)
            case .doubleQuoted: digest.tag(3)
            case .literal: digest.tag(4)
            case .folded: digest.tag(5)
            }
        case let .sequence(items):
            digest.tag(2)
            digest.add(items.count)
            for item in items { add(item, to: &digest) }
        case let .mapping(pairs):
            digest.tag(3)
            digest.add(pairs.count)
            for (key, value) in pairs {
                add(key, to: &digest)
                add(value, to: &digest)
            }
        }
    }

    /// Whether `other` is this entry with other notes: the same kind, id, place, fields (their
    /// places too), name and flags, so resolving it gives what resolving this did but for the notes.
    func differsOnlyInNotes(from other: RawEntry) -> Bool {
        kind == other.kind && id == other.id && source == other.source && notesLineOffset == other.notesLineOffset
            && notesColumnOffset == other.notesColumnOffset && fallbackName == other.fallbackName
            && isDamaged == other.isDamaged && isDraft == other.isDraft && fields.count == other.fields.count
            && zip(fields, other.fields).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

extension KeptResolve {
    /// The problems of references and links that a new name could change: one that names nothing
    /// may name the new name, and "did you mean" suggests any name of the game.
    static let lookupProblems: Set<String> = ["dangling-reference", "dangling-link", "ambiguous-reference", "ambiguous-link",
                                              "wrong-kind", "duplicate-name"]

    /// Whether the entry of `note` may take the name and aliases of `after` by `rename`: when the
    /// keys it gains or loses (and its name's key, which groups it with others of its name) are no
    /// other entry's name, alias or id in its game, no reference written in a field that looks it
    /// up in that game has one it gains or loses (`referenceTexts`, worked out afresh when not
    /// kept), no reference in a field and no link to a heading failed to resolve, and no entry is
    /// told apart from another of its name by this one's name (as its parent). Then every reference
    /// resolves as it did, every other entry keeps its name as lists show it, and what changes is
    /// where lists put the entry, what links to it show and what notes with links that name
    /// nothing suggest: `rename` does the rest, and finds out whether every link of those notes
    /// resolves as it did.
    func canRename(_ note: KeptNote, to after: CheckedEntry) -> Bool {
        let target = note.target
        let oldKeys = GameIndex.keys(of: lookup[target]), newKeys = GameIndex.keys(of: after)
        let keys = Set(oldKeys).symmetricDifference(newKeys)
        // Its name's key also groups it with the others of its kind that have that name.
        let taken = keys.union([oldKeys[0], newKeys[0]])
        let failed: (Diagnostic) -> Bool = { Self.lookupProblems.contains($0.code) }
        if head.contains(where: failed) || tail.contains(where: failed) {
            return false
        }
        let indexes = lookup.gameIndexes
        let index = indexes[Int(target.game)]
        for key in taken where index.positions(ofNameKey: key).contains(where: { $0 != Int(target.entry) }) {
            return false
        }
        for position in index.entries.indices where position != Int(target.entry) && taken.contains(GameIndex.nameKey(index.entries[position].ref.id)) {
            return false
        }
        // A reference written with a key found it (or found nothing) by that key; one written as
        // its id finds it by its id all the same.
        let references = referenceTexts ?? Self.referenceTexts(lookup: lookup, games: games)
        if let written = references[note.ref.game], keys.contains(where: { written[$0]?.contains { $0 != note.ref.id } ?? false }) {
            return false
        }
        for game in site.games {
            for entries in game.entries.values {
                for position in entries.indices where entries[position].displayName != entries[position].name {
                    if case let .ref(parent)? = entries[position].fields["parent"], parent == note.ref { return false }
                }
            }
        }
        return true
    }

    /// The references written in the fields of the entries and games of `lookup`, by the game they
    /// look an entry up in (a `game/` names another) and the name key they look up: their texts,
    /// less the `game/`.
    static func referenceTexts(lookup: ReferenceLookup, games: [CheckedEntry]) -> [String: [String: Set<String>]] {
        let indexes = lookup.gameIndexes
        let gameIds = Set(indexes.map(\.id))
        var texts: [String: [String: Set<String>]] = [:]
        func add(_ reference: ReferenceText, of entry: CheckedEntry) {
            let (game, text) = split(reference.text, games: gameIds)
            texts[game ?? entry.ref.game, default: [:]][GameIndex.nameKey(text), default: []].insert(text)
        }
        func add(_ entry: CheckedEntry) {
            for position in entry.fields.indices {
                switch entry.fields[position].value {
                case let .ref(reference):
                    add(reference, of: entry)
                case let .refs(references):
                    for reference in references { add(reference, of: entry) }
                case .value, .file:
                    break
                }
            }
        }
        for game in games { add(game) }
        for index in indexes {
            for position in index.entries.indices { add(index.entries[position]) }
        }
        return texts
    }

    /// What a reference looks up: the game its `game/` names, if any, and the rest of its text.
    private static func split(_ text: String, games: Set<String>) -> (game: String?, text: String) {
        let target = text.trimmedForLookup
        if let slash = ReferenceLookup.firstIndex(of: UInt8(ascii: "/"), in: target) {
            let game = String(target[..<slash])
            if games.contains(game) { return (game, String(target[target.index(after: slash)...]).trimmingWhitespace) }
        }
        return (nil, target)
    }

    /// Gives the entry of `note`, already holding its new name in the site, the name and aliases of
    /// `after` in the index (`canRename` said it may), moves it to its place in its kind's list and
    /// in the inverse relations of the entries it `references`, and renders again the notes that
    /// link to it (their links show its name), its own, and those with a link that names nothing
    /// (it may name the new name now, or suggest it). False when a note renders otherwise than in
    /// its links' titles and its problems' suggestions: the site must be resolved afresh.
    mutating func rename(_ note: KeptNote, to after: CheckedEntry, references: [EntryRef], memo: NoteMemo?) -> Bool {
        lookup.rename(at: note.target, name: after.name, nameLocation: after.nameLocation, aliases: after.aliases,
                      keys: GameIndex.keys(of: after))
        let precedes = listOrder()
        guard site.reorderEntry(note.ref, by: precedes) else { return false }
        for ref in Set(references) {
            guard var entry = site.entry(ref) else { continue }
            var moved = false
            for position in entry.inverse.indices where entry.inverse[position].entries.contains(note.ref) {
                entry.inverse[position].entries.sort(by: precedes)
                moved = true
            }
            if moved { site.replaceEntry(entry) }
        }
        var notes = [note.ref] + (site.withEntry(note.ref, \.mentions) ?? [])
        notes += unresolved().filter { !notes.contains($0) }
        return notes.allSatisfy { renderAgain($0, memo: memo) }
    }

    /// The entries (and games) whose notes have a link that names nothing or more than one entry.
    private func unresolved() -> [EntryRef] {
        let failed = Set(noteDiagnostics.indices.filter { noteDiagnostics[$0].contains { Self.lookupProblems.contains($0.code) } })
        guard !failed.isEmpty else { return [] }
        var refs: [EntryRef] = []
        for (game, items) in noteItems.enumerated() {
            if failed.contains(gameItems[game]) { refs.append(games[game].ref) }
            for (position, item) in items.enumerated() where item >= 0 && failed.contains(Int(item)) {
                refs.append(lookup[ReferenceLookup.Target(game: game, entry: position)].ref)
            }
        }
        return refs
    }

    /// Renders again the notes of the entry (or game) `ref` against the index as it is now, as a
    /// resolve does: true when they differ from before in their HTML and in the wording of their
    /// problems at most (the same problems at the same places: a link that names nothing still
    /// names nothing, though it may suggest another name). Every link resolves as it did then: one
    /// that found an entry, or several, makes no problem of that kind, and one that found nothing
    /// makes one.
    private mutating func renderAgain(_ ref: EntryRef, memo: NoteMemo?) -> Bool {
        let work: NoteWork, item: Int, old: Notes
        var links: [EntryRef]?
        let gameNote = games.firstIndex { $0.ref == ref }
        if let game = gameNote {
            item = gameItems[game]
            work = NoteWork(ref: ref, page: RelativeURL.gamePage(game: ref.game), raw: games[game].raw,
                            calloutTitles: calloutTitles[game], calloutKey: calloutKeys[game])
            old = site.games[game].notes
            links = site.games[game].links
        } else {
            guard let target = lookup.target(of: ref), let notes = site.withEntry(ref, \.notes) else { return false }
            let game = Int(target.game)
            item = Int(noteItems[game][Int(target.entry)])
            work = NoteWork(ref: ref, page: lookup.page(of: lookup[target]), raw: lookup[target].raw,
                            calloutTitles: calloutTitles[game], calloutKey: calloutKeys[game])
            old = notes
        }
        guard item >= 0 else { return false }
        let rendered = lookup.renderNotes(work, config: site.config, memo: memo)
        func place(_ diagnostic: Diagnostic) -> String {
            "\(diagnostic.code) \(diagnostic.severity) \(diagnostic.location.map { "\($0)" } ?? "")"
        }
        guard rendered.diagnostics.map(place) == noteDiagnostics[item].map(place), rendered.notes.tags == old.tags, rendered.notes.headings == old.headings,
              links.map({ Set(rendered.links).sorted() == $0 }) ?? true else { return false }
        if let key = KeptNote.key(path: work.raw.source.path, id: ref.id), let kept = notes[key], kept.ref == ref {
            guard Set(rendered.targets).subtracting([kept.target]) == kept.targets, rendered.embeds == kept.embeds else { return false }
        }
        noteDiagnostics[item] = rendered.diagnostics
        if let game = gameNote {
            site.replaceNotes(ofGame: game, with: rendered.notes)
            return true
        }
        return site.replaceNotes(of: ref, with: rendered.notes)
    }
}
