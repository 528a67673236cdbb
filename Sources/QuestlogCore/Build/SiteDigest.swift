import Markdown

/// What a build keeps of its resolved site to tell, in the next build, whether the site changed in
/// nothing but the notes of some entries, or in nothing but what some entries hold: for each
/// entry, in the site's order, a digest of all it holds but its notes (`shape`), one of its notes
/// (`notes`), one of the entries it is connected to in the graph (`links`) and one of the names it
/// is shown by (`label`); for each game, one of all it holds but its entries (with whether it has
/// a graph page, its playthroughs, its kinds and their exports' columns), so that entries may
/// come and go in a game that stays the same; and one of the site's image sizes. The site's
/// settings, schema and theme are not here: they come from files whose stamps the build cache
/// compares.
///
/// When only notes differ, a page that shows the notes of none of the changed entries
/// (`PageBuilder.notesShown(of:)`: an entry's notes are on its own page alone) is the page the last
/// build wrote. What a note gives beyond its own text is in the entries' shapes: the entries it
/// links to (`mentions` of the other side), its inline tags (merged into `tags`), the name its first
/// heading gives. A note that embeds or links to a heading of a changed note changes itself.
struct SiteDigest: Equatable, Sendable {
    struct Record: Equatable, Sendable {
        /// The entry's reference, `game/kind/id`.
        var key: String
        /// The entry's source file, relative to the site.
        var path: String
        var shape: UInt64
        var notes: UInt64
        /// The entries it is connected to in the graph (`RelationGraph`), whichever side names the
        /// other: a connection made or lost shows at both ends, whether or not the other end's
        /// shape shows it (a reference field without an inverse relation).
        var links: UInt64 = 0
        /// The names it is shown by (part of its shape): what the records and pages of the
        /// entries connected to it show of it, beside its page and kind (`key`, `path`).
        var label: UInt64 = 0
    }

    var entries: [Record]
    var games: [UInt64]
    var site: UInt64

    init(entries: [Record], games: [UInt64], site: UInt64) {
        self.entries = entries
        self.games = games
        self.site = site
    }

    /// The digest of `site`, its entries' digests worked out on up to `jobs` threads; `graph` is
    /// the site's (`RelationGraph(site:)`), when it is made already.
    init(of site: Site, jobs: Int = 1, graph: RelationGraph? = nil) {
        // The lists of entries and each entry's place in them: the entries are read in place, as a
        // copy of one retains every value it holds.
        var lists: [[Entry]] = []
        var places: [(list: Int, entry: Int)] = []
        places.reserveCapacity(site.entryCount)
        var games: [UInt64] = []
        let graph = graph ?? RelationGraph(site: site)
        for game in site.games {
            var digest = StableDigest()
            Self.add(game, to: &digest)
            // Whether it has a graph page (some two of its entries connected), which every page of
            // an entry with a picture links to.
            digest.add(graph.connectedGames.contains(game.id))
            games.append(digest.value)
            for kind in game.entries.keys.sorted(by: { $0.utf8Precedes($1) }) {
                let list = game.entries[kind] ?? []
                places += list.indices.map { (lists.count, $0) }
                lists.append(list)
            }
        }
        let all = lists
        entries = Parallel.map(places, jobs: jobs) { place in
            all[place.list].withUnsafeBufferPointer { entries in
                var record = Self.record(of: entries[place.entry])
                record.links = Self.links(of: entries[place.entry].ref, in: graph)
                return record
            }
        }
        self.games = games
        var digest = StableDigest()
        for path in site.imageSizes.keys.sorted(by: { $0.utf8Precedes($1) }) {
            digest.add(path)
            digest.add(site.imageSizes[path]?.width ?? 0)
            digest.add(site.imageSizes[path]?.height ?? 0)
        }
        self.site = digest.value
    }

    /// The record of one entry.
    static func record(of entry: Entry) -> Record {
        var shape = StableDigest()
        addShape(of: entry, to: &shape)
        var notes = StableDigest()
        add(entry.notes, to: &notes)
        var label = StableDigest()
        label.add(entry.name)
        label.add(entry.displayName)
        return Record(key: entry.ref.game + "/" + entry.ref.kind + "/" + entry.ref.id, path: entry.source.path,
                      shape: shape.value, notes: notes.value, label: label.value)
    }

    /// The digest of the entries `ref` is connected to in `graph`.
    static func links(of ref: EntryRef, in graph: RelationGraph) -> UInt64 {
        var digest = StableDigest()
        guard let node = graph.node(of: ref) else { return digest.value }
        let neighbours = graph.neighbours[node]
        digest.add(neighbours.count)
        for other in neighbours { add(graph.refs[other], to: &digest) }
        return digest.value
    }

    /// The source files of the entries whose notes alone changed since `previous`: nil when
    /// anything else differs (an entry, its place in the order, its shape or connections, a game,
    /// the image sizes), empty when nothing does.
    func changedNotes(since previous: SiteDigest) -> Set<String>? {
        guard let changed = changedEntries(since: previous), changed.reshaped.isEmpty, changed.added.isEmpty,
              changed.removed.isEmpty, changed.moved.isEmpty else { return nil }
        return changed.notes
    }

    /// The source files of the entries that changed since `previous`: those whose notes changed,
    /// those whose shape or connections changed (`reshaped`, whatever became of their notes), and
    /// among these the ones shown by other names (`renamed`); the entries added and removed; and
    /// the entries of each kind from the first place where its list differs from what it was
    /// (`moved`, the one before it too: the exports' pieces are runs of consecutive entries, and
    /// the run that held an entry removed at the end holds that one). Entries are matched by
    /// their references. Nil when anything else differs (a game, its kinds or their exports'
    /// columns, the image sizes), when an entry stands in another file, or when a kind gains its
    /// first entry or loses its last.
    func changedEntries(since previous: SiteDigest) -> Changes? {
        guard site == previous.site, games == previous.games else { return nil }
        var changes = Changes()
        if entries.count == previous.entries.count,
           zip(entries, previous.entries).allSatisfy({ $0.key == $1.key && $0.path == $1.path }) {
            for (now, then) in zip(entries, previous.entries) {
                Self.compare(now, then, into: &changes)
            }
            return changes
        }
        // Entries came, went or moved: each kind's list compared with what it was, by reference.
        let kinds = Self.kinds(of: entries), earlier = Self.kinds(of: previous.entries)
        guard kinds.map(\.kind) == earlier.map(\.kind) else { return nil }
        for (now, then) in zip(kinds, earlier) {
            let list = entries[now.range], old = previous.entries[then.range]
            guard !list.isEmpty, !old.isEmpty else { return nil }
            var same = 0
            while same < min(list.count, old.count), list[list.startIndex + same].key == old[old.startIndex + same].key {
                same += 1
            }
            if same < list.count || same < old.count {
                for record in list.dropFirst(max(same - 1, 0)) { changes.moved.insert(record.path) }
            }
            var before: [String: Record] = [:]
            before.reserveCapacity(old.count)
            for record in old {
                guard before.updateValue(record, forKey: record.key) == nil else { return nil }
            }
            for record in list {
                guard let then = before.removeValue(forKey: record.key) else {
                    changes.added.insert(record.path)
                    continue
                }
                guard record.path == then.path else { return nil }
                Self.compare(record, then, into: &changes)
            }
            // What is left was removed.
            for record in before.values { changes.removed.insert(record.path) }
        }
        return changes
    }

    /// Tells how `now` differs from `then`, the same entry.
    private static func compare(_ now: Record, _ then: Record, into changes: inout Changes) {
        if now.shape != then.shape || now.links != then.links {
            changes.reshaped.insert(now.path)
            if now.label != then.label { changes.renamed.insert(now.path) }
        } else if now.notes != then.notes {
            changes.notes.insert(now.path)
        }
    }

    /// The runs of `records` of one kind of one game (`game/kind` of their references), in order.
    private static func kinds(of records: [Record]) -> [(kind: Substring, range: Range<Int>)] {
        var kinds: [(kind: Substring, range: Range<Int>)] = []
        for index in records.indices {
            let key = records[index].key
            let kind = key[..<(key.lastIndex(of: "/") ?? key.endIndex)]
            if let last = kinds.indices.last, kinds[last].kind == kind {
                kinds[last].range = kinds[last].range.lowerBound..<(index + 1)
            } else {
                kinds.append((kind, index..<(index + 1)))
            }
        }
        return kinds
    }

    /// What `changedEntries(since:)` tells, by source file.
    struct Changes: Equatable, Sendable {
        var notes: Set<String> = []
        var reshaped: Set<String> = []
        var renamed: Set<String> = []
        var added: Set<String> = []
        /// The files of the entries removed: some may be gone, some may hold other entries still.
        var removed: Set<String> = []
        var moved: Set<String> = []

        /// Whether entries came, went or stand elsewhere in their kinds' lists.
        var listsChanged: Bool {
            !added.isEmpty || !removed.isEmpty || !moved.isEmpty
        }
    }

    /// One digest of the whole: what a memo made of the site names it by (`SearchIndexMemo`).
    var value: UInt64 {
        var digest = StableDigest()
        digest.add(entries.count)
        for entry in entries {
            digest.add(entry.key)
            digest.add(entry.path)
            digest.add(entry.shape)
            digest.add(entry.notes)
            digest.add(entry.links)
            digest.add(entry.label)
        }
        digest.add(games.count)
        for game in games { digest.add(game) }
        digest.add(site)
        return digest.value
    }

    /// The source files of every entry.
    var paths: Set<String> {
        Set(entries.map(\.path))
    }

    // MARK: What each digest covers

    static func add(_ game: Game, to digest: inout StableDigest) {
        digest.add(game.id)
        digest.add(game.title)
        add(game.source, to: &digest)
        digest.add(game.path)
        add(game.fields, to: &digest)
        add(game.notes, to: &digest)
        add(game.links, to: &digest)
        add(game.extra, to: &digest)
        digest.add(game.sharedProgress)
        // Its playthroughs: an entry's page shows its state in each, and a game without any counts
        // the entries' own values.
        digest.add(game.playthroughs.count)
        for run in game.playthroughs { digest.add(run.entry?.ref.id ?? "") }
        // Its kinds (the entries themselves have digests of their own), each with the names of the
        // fields its entries have that it does not declare, in the order they first come: these
        // are the columns of the kind's exports, so one coming or going changes every row.
        for kind in game.entries.keys.sorted(by: { $0.utf8Precedes($1) }) {
            digest.add(kind)
            var columns = Set<String>()
            for entry in game.entries[kind] ?? [] {
                for field in entry.extra where columns.insert(field.name).inserted { digest.add(field.name) }
            }
            digest.add(columns.count)
        }
    }

    /// Everything an entry holds but its notes.
    static func addShape(of entry: Entry, to digest: inout StableDigest) {
        add(entry.ref, to: &digest)
        digest.add(entry.name)
        digest.add(entry.displayName)
        add(entry.source, to: &digest)
        digest.add(entry.path)
        add(entry.fields, to: &digest)
        digest.add(entry.inverse.count)
        for relation in entry.inverse {
            digest.add(relation.sourceKind)
            digest.add(relation.field)
            digest.add(relation.label)
            add(relation.entries, to: &digest)
        }
        add(entry.mentions, to: &digest)
        add(entry.extra, to: &digest)
        digest.add(entry.isDraft)
        digest.add(entry.isSpoiler)
        digest.add(entry.spoilerUntil)
    }

    static func add(_ notes: Notes, to digest: inout StableDigest) {
        digest.add(notes.markdown)
        digest.add(notes.html)
        digest.add(notes.plainText)
        digest.add(notes.headings.count)
        for heading in notes.headings {
            digest.add(heading.level)
            digest.add(heading.text)
            digest.add(heading.id)
        }
        digest.add(notes.tags.count)
        for tag in notes.tags { digest.add(tag) }
    }

    private static func add(_ ref: EntryRef, to digest: inout StableDigest) {
        digest.add(ref.game)
        digest.add(ref.kind)
        digest.add(ref.id)
    }

    private static func add(_ refs: [EntryRef], to digest: inout StableDigest) {
        digest.add(refs.count)
        for ref in refs { add(ref, to: &digest) }
    }

    private static func add(_ location: SourceLocation, to digest: inout StableDigest) {
        digest.add(location.path)
        digest.add(location.line)
        digest.add(location.column)
    }

    private static func add(_ fields: [String: FieldValue], to digest: inout StableDigest) {
        digest.add(fields.count)
        // Each field digested apart, name and value, and the digests summed: the same whatever
        // order the table holds them in, without sorting them.
        var sum: UInt64 = 0
        for (name, value) in fields {
            var field = StableDigest()
            field.add(name)
            add(value, to: &field)
            sum &+= field.value
        }
        digest.add(sum)
    }

    private static func add(_ extra: [ExtraField], to digest: inout StableDigest) {
        digest.add(extra.count)
        for field in extra {
            digest.add(field.name)
            add(field.value, to: &digest)
        }
    }

    private static func add(_ value: FieldValue, to digest: inout StableDigest) {
        switch value {
        case let .string(text): digest.tag(1); digest.add(text)
        case let .text(text): digest.tag(2); digest.add(text)
        case let .bool(flag): digest.tag(3); digest.add(flag)
        case let .int(number): digest.tag(4); digest.add(number)
        case let .number(number): digest.tag(5); digest.add(number)
        case let .date(text): digest.tag(6); digest.add(text)
        case let .url(text): digest.tag(7); digest.add(text)
        case let .ref(target): digest.tag(8); add(target, to: &digest)
        case let .refs(targets): digest.tag(9); add(targets, to: &digest)
        case let .list(items):
            digest.tag(10)
            digest.add(items.count)
            for item in items { digest.add(item) }
        }
    }
}
