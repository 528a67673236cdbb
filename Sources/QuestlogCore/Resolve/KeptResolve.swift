import Markdown

/// What `serve` keeps of a resolve, so that a save that changed nothing but the notes of some
/// entries is resolved by rendering those notes again (`patch(notes:memo:)`) instead of the whole site.
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
    /// Each published entry that is the only one of its Markdown file, by the file's path (relative
    /// to the site root).
    var notes: [String: KeptNote]
    /// The entries a link to a heading targets, and those some note embeds.
    var headingTargets: Set<EntryRef>
    var embedded: Set<ReferenceLookup.Target>
    /// The default callout titles of each game's notes (by its place in the lookup), and their key.
    var calloutTitles: [[String: String]]
    var calloutKeys: [UInt64]

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
    /// Puts in the front matter of entries loaded again from their Markdown files, each the same as
    /// when kept (`old`) but for the values of some fields (`RawEntry.differsOnlyInFieldValues`),
    /// when those values reach nothing beyond the entry itself: plain values (text, numbers, dates,
    /// booleans, choices, lists) of declared fields, or fields the kind does not declare, with the
    /// same problems (often none) before and after. Its name, aliases, references, files, tags, draft and
    /// spoiler flags stay as they were, and so the index, every other entry, every note and every
    /// diagnostic do too; what pages show of it (its page, tables, progress, pictures) is made
    /// again from the site. False when a change reaches further: as `patch(notes:memo:)`.
    ///
    /// A playthrough's progress lists (`complete: [...]`) are patched too, their references
    /// resolved against the kept index with the same problems before and after: they are no
    /// relation, but they link the playthrough in the graph, so `relinked` says the graph must be
    /// drawn again.
    mutating func patch(fields changed: [(path: String, raw: RawEntry, old: RawEntry)]) -> (patched: Bool, relinked: Bool) {
        var relinked = false
        for (path, raw, old) in changed {
            guard let note = notes[path], raw.differsOnlyInFieldValues(from: old), var entry = site.entry(note.ref) else { return (false, relinked) }
            let checker = FieldChecker(game: note.ref.game)
            // The same problems before and after: the kept diagnostics stand as they are.
            var diagnostics: [Diagnostic] = [], unknown: [UnknownField] = []
            var problems: [Diagnostic] = [], unknownNow: [UnknownField] = []
            let before = checker.check(old, diagnostics: &diagnostics, unknown: &unknown)
            let after = checker.check(raw, diagnostics: &problems, unknown: &unknownNow)
            guard problems == diagnostics, unknownNow == unknown, after.name == before.name, after.nameLocation == before.nameLocation,
                  after.aliases == before.aliases, after.isDraft == before.isDraft, after.isSpoiler == before.isSpoiler,
                  after.spoilerUntil == before.spoilerUntil, after.sharedProgress == before.sharedProgress,
                  after.fields.count == before.fields.count else { return (false, relinked) }
            // The names of the fields whose values were written otherwise.
            var edited = Set<String>()
            for (new, was) in zip(raw.fields, old.fields) where new.value != was.value {
                edited.insert(new.key.string ?? "")
            }
            var lists: [String] = []
            for ((field, value), (wasField, was)) in zip(after.fields, before.fields) {
                guard field == wasField else { return (false, relinked) }
                guard edited.contains(field.name) else { continue }
                if !field.progressOf.isEmpty, note.ref.kind == Schema.playthroughKind {
                    lists.append(field.name)
                    continue
                }
                guard case let .value(new) = value, case .value = was, Self.isPlain(field, of: entry) else { return (false, relinked) }
                entry.fields[field.name] = new
            }
            if !lists.isEmpty {
                // Resolved as a resolve does, against the same index.
                var checked = lookup[note.target]
                var resolveProblems: [Diagnostic] = [], problemsNow: [Diagnostic] = []
                checked.fields = before.fields
                _ = lookup.resolveFields(checked, diagnostics: &resolveProblems)
                checked.fields = after.fields
                let values = lookup.resolveFields(checked, diagnostics: &problemsNow)
                guard problemsNow == resolveProblems else { return (false, relinked) }
                for name in lists { entry.fields[name] = values[name] }
                relinked = true
            }
            entry.extra = after.extra
            guard site.replaceEntry(entry) else { return (false, relinked) }
            lookup.replaceFields(at: note.target, with: after.fields, extra: after.extra,
                                 progressFlags: raw.fields.filter { Resolver.isProgressFlag($0.key, of: raw.kind) })
        }
        return (true, relinked)
    }

    /// Whether a value of `field` matters to `entry` alone: not its tags (merged with the inline
    /// tags of its notes), nor the region that tells it apart from others of the same name.
    private static func isPlain(_ field: FieldDefinition, of entry: Entry) -> Bool {
        switch field.type {
        case .ref, .refs, .url: return false
        default: break
        }
        if field.name == "tags" { return false }
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

    /// Whether `other` is this entry with other notes: the same kind, id, place, fields (their
    /// places too), name and flags, so resolving it gives what resolving this did but for the notes.
    func differsOnlyInNotes(from other: RawEntry) -> Bool {
        kind == other.kind && id == other.id && source == other.source && notesLineOffset == other.notesLineOffset
            && notesColumnOffset == other.notesColumnOffset && fallbackName == other.fallbackName
            && isDamaged == other.isDamaged && isDraft == other.isDraft && fields.count == other.fields.count
            && zip(fields, other.fields).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
