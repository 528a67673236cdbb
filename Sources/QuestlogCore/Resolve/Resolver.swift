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
        let resolved = resolve(loaded, memo: memo, keeping: false)
        return (resolved.site, resolved.diagnostics)
    }

    /// `resolve(_:memo:)`, and with `keeping`, what a later save that changes only notes is
    /// patched from (`KeptResolve`, `patch`).
    func resolve(_ loaded: consuming LoadedSite, memo: NoteMemo?, keeping: Bool) -> (site: Site, diagnostics: DiagnosticList, kept: KeptResolve?) {
        var diagnostics = loaded.diagnostics
        let schema = loaded.schema
        let config = loaded.config
        var found: [Diagnostic] = []
        // The index of the site's files is made on another thread while the entries are checked;
        // it needs only their paths, so it is given the loaded site without YAML or notes, which
        // only that thread holds (and lets go) afterwards.
        let includeDrafts = options.includeDrafts
        let assetsMade: Background<AssetIndex>
        do {
            let withoutContent = Self.withoutContent(loaded)
            assetsMade = Background(inBackground: jobs > 1) { AssetIndex(withoutContent, includeDrafts: includeDrafts) }
        }
        var imageSizes: [String: ImageDimensions] = [:]
        for asset in loaded.assets {
            if let size = asset.dimensions { imageSizes[AssetIndex.percentEncoded(asset.outputPath)] = size }
        }
        var rawGames = loaded.games
        loaded.games = []

        // Check fields and index every game's entries (drafts too: references to them are told apart).
        var knownNames = memo?.nameKeys ?? [:]
        var names: [String: String] = [:]
        names.reserveCapacity(rawGames.reduce(0) { $0 + $1.entries.count })
        var indexes: [String: GameIndex] = [:]
        var gameEntries: [CheckedEntry] = []
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
            index.reserveCapacity(entries.count)
            check(&entries, with: checker, gameIsDraft: game.isDraft || raw.isDraft, knownNames: knownNames, keeping: keeping) { part in
                found += part.diagnostics
                unknown += part.unknown
                for (name, key) in part.names { names[name] = key }
                index.add(part.entry, keys: part.keys, strict: options.strict, diagnostics: &found)
            }
            indexes[raw.id] = index
            gameEntries.append(game)
            games.append(raw)
        }
        rawGames = []
        memo?.replaceNameKeys(with: names)
        names = [:]
        // The last build's name keys, which the memo no longer holds, are let go on another thread.
        BackgroundRelease.release(knownNames)
        knownNames = [:]
        found.append(contentsOf: unknownFieldDiagnostics(unknown))
        unknown = []
        for (raw, game) in zip(games, gameEntries) {
            guard let index = indexes[raw.id] else { continue }
            found.append(contentsOf: Self.ownProgressWarnings(index, game: game, includeDrafts: options.includeDrafts))
        }
        var gameIndexes = games.map { indexes[$0.id]! }
        var lookup = ReferenceLookup(schema: schema, games: gameIndexes, includeDrafts: options.includeDrafts, assets: assetsMade.value())

        // Resolve every published entry's front-matter references and render its notes (the game's
        // last), in parallel; rendering a note resolves its wiki links.
        var items: [NoteItem] = []
        var published: [[Bool]] = []
        var gameTitles: [[String: String]] = []
        var gameTitleKeys: [UInt64] = []
        for (gamePosition, raw) in games.enumerated() {
            let index = indexes[raw.id]!
            let language = Self.language(of: gameEntries[gamePosition]) ?? config.language
            let titles = options.calloutTitles[language] ?? [:]
            let titlesKey = NoteMemo.calloutKey(titles)
            gameTitles.append(titles)
            gameTitleKeys.append(titlesKey)
            let flags = index.entries.map { lookup.isPublished($0) }
            for position in index.entries.indices where flags[position] {
                items.append(NoteItem(game: gamePosition, entry: position, calloutTitles: titles, calloutKey: titlesKey))
            }
            items.append(NoteItem(game: gamePosition, entry: nil, calloutTitles: titles, calloutKey: titlesKey))
            published.append(flags)
        }
        let checkedGames = gameEntries
        var results = Parallel.map(items, jobs: jobs) { [lookup, gameIndexes] item -> ResolvedItem in
            let entry = item.entry.map { gameIndexes[item.game].entries[$0] } ?? checkedGames[item.game]
            var fieldDiagnostics: [Diagnostic] = []
            let fields = lookup.resolveFields(entry, diagnostics: &fieldDiagnostics)
            let page = item.entry == nil ? RelativeURL.gamePage(game: entry.ref.game) : entry.page
            let work = NoteWork(ref: entry.ref, page: page, raw: entry.raw, calloutTitles: item.calloutTitles, calloutKey: item.calloutKey)
            return ResolvedItem(fields: fields, fieldDiagnostics: fieldDiagnostics,
                                note: lookup.renderNotes(work, config: config, memo: memo))
        }
        for position in results.indices where !results[position].fieldDiagnostics.isEmpty {
            found += results[position].fieldDiagnostics
        }
        // What comes before the notes' diagnostics, for a kept resolve.
        let head = keeping ? diagnostics.all + found : []
        var noteDiagnostics: [[Diagnostic]] = []
        var keptNotes: [String: KeptNote] = [:]
        var embedded = Set<ReferenceLookup.Target>()
        if keeping {
            noteDiagnostics.reserveCapacity(results.count)
            keptNotes.reserveCapacity(results.count)
        }
        // How many published entries each key of a note stands for (`KeptNote.key`): a kept resolve
        // can patch the notes of a Markdown file that holds one, and those of a data file's entries
        // whose ids it holds once.
        var entriesOfKey: [String: Int] = [:]
        if keeping {
            for item in items {
                guard let entry = item.entry else { continue }
                let checked = gameIndexes[item.game].entries[entry]
                if let key = KeptNote.key(path: checked.raw.source.path, id: checked.ref.id) { entriesOfKey[key, default: 0] += 1 }
            }
        }

        // Field values, notes and mentions by game and entry; a game's own in the `games` slots.
        var fieldValues: [[[String: FieldValue]]] = gameIndexes.map { Array(repeating: [:], count: $0.entries.count) }
        var notes: [[Notes]] = gameIndexes.map { Array(repeating: .empty, count: $0.entries.count) }
        var gameFields: [[String: FieldValue]] = Array(repeating: [:], count: games.count)
        var gameNotes: [Notes] = Array(repeating: .empty, count: games.count)
        var gameLinks: [[EntryRef]] = Array(repeating: [], count: games.count)
        for position in results.indices {
            let item = items[position]
            if let entry = item.entry {
                fieldValues[item.game][entry] = results[position].fields
            } else {
                gameFields[item.game] = results[position].fields
            }
        }

        // What needs the fields but not the notes is worked out on another thread while the notes
        // are taken in on this one: the names told apart, each game's order, the inverse relations.
        // The notes merge their inline tags into the `tags` field, which none of these read, but
        // for the inverse relations of a schema whose `tags` hold references: those wait for the notes.
        let tagsHoldReferences = schema.kinds.contains { $0.field(named: "tags")?.type.referencedKind != nil }
        let sideWork = Background(inBackground: jobs > 1) { [gameIndexes, fieldValues, published, schema, games] in
            let displayNames = Self.displayNames(gameIndexes, fields: fieldValues, published: published)
            // Each game's published entries: kinds in schema order, each kind's entries by name (then id).
            let ordered = gameIndexes.indices.map { Self.order(gameIndexes[$0], published: published[$0], kinds: schema.kinds, jobs: 1) }
            let inverse = tagsHoldReferences ? nil : Self.inverseSources(gameIndexes, games: games, ordered: ordered, fields: fieldValues, schema: schema)
            return SideWork(displayNames: displayNames, ordered: ordered, inverse: inverse)
        }

        // What the memo keeps of the notes: each note's record, moved out of it.
        var keptRecords: [UInt64: NoteMemo.Record] = [:]
        if memo != nil { keptRecords.reserveCapacity(results.count) }
        var reusedKeys = Set<UInt64>()
        var reusedNotes = 0
        var headingTargets = Set<EntryRef>()
        for position in results.indices {
            for link in results[position].note.headingLinks { headingTargets.insert(link.target) }
        }
        var headingsOf: [EntryRef: [Heading]] = [:]
        var mentions: [[[Int32]]] = gameIndexes.map { Array(repeating: [], count: $0.entries.count) }
        var headingLinks: [HeadingLink] = []
        for position in results.indices {
            let item = items[position]
            let ref = item.entry.map { gameIndexes[item.game].entries[$0].ref } ?? checkedGames[item.game].ref
            // Moved out, not copied: the results are let go after this loop.
            var note = ReferenceLookup.RenderedNote(notes: .empty, links: [], headingLinks: [], diagnostics: [])
            swap(&note, &results[position].note)
            if memo != nil, let length = note.record?.sourceLength, length <= NoteMemo.largestNote, let record = note.record.take() {
                keptRecords[note.key] = record
                // The last note of a key decides its record (notes alike but on pages in other folders
                // link differently), and whether that record is the one the memo had.
                if note.reused {
                    reusedKeys.insert(note.key)
                    reusedNotes += 1
                } else {
                    reusedKeys.remove(note.key)
                }
            }
            found.append(contentsOf: note.diagnostics)
            if keeping {
                noteDiagnostics.append(note.diagnostics)
                embedded.formUnion(note.embeds)
                if let entry = item.entry {
                    let path = gameIndexes[item.game].entries[entry].raw.source.path
                    if let key = KeptNote.key(path: path, id: ref.id), entriesOfKey[key] == 1 {
                        let target = ReferenceLookup.Target(game: item.game, entry: entry)
                        keptNotes[key] = KeptNote(item: position, target: target, ref: ref, page: gameIndexes[item.game].entries[entry].page,
                                                   targets: Set(note.targets).subtracting([target]), embeds: note.embeds,
                                                   tags: note.notes.tags, headings: note.notes.headings,
                                                   linksToHeadings: !note.headingLinks.isEmpty,
                                                   notesAside: gameIndexes[item.game].entries[entry].notesAside)
                    }
                }
            }
            headingLinks += note.headingLinks
            if !headingTargets.isEmpty, headingTargets.contains(ref) { headingsOf[ref] = note.notes.headings }
            if !note.notes.tags.isEmpty {
                let declared = item.entry.map { fieldValues[item.game][$0]["tags"] } ?? gameFields[item.game]["tags"]
                let tags = FieldValue.list(Self.mergingTags(declared, note.notes.tags))
                if let entry = item.entry { fieldValues[item.game][entry]["tags"] = tags } else { gameFields[item.game]["tags"] = tags }
            }
            // Each entry linked to, once, but for the note's own (the place of an entry in the
            // indexes tells it, as its ref would; a game's note is no entry's).
            let own = item.entry.map { ReferenceLookup.Target(game: item.game, entry: $0) }
            for target in Self.distinct(note.targets) where target != own {
                mentions[Int(target.game)][Int(target.entry)].append(Int32(position))
            }
            if let entry = item.entry {
                notes[item.game][entry] = note.notes
            } else {
                gameLinks[item.game] = Set(note.links).sorted()
                gameNotes[item.game] = note.notes
            }
            note = ReferenceLookup.RenderedNote(notes: .empty, links: [], headingLinks: [], diagnostics: [])
        }
        memo?.replace(with: keptRecords, reusedKeys: reusedKeys, notes: reusedNotes)
        keptRecords = [:]
        func itemRef(_ position: Int32) -> EntryRef {
            let item = items[Int(position)]
            return item.entry.map { gameIndexes[item.game].entries[$0].ref } ?? checkedGames[item.game].ref
        }
        results = []

        var side = sideWork.value()
        let displayNames = side.displayNames
        let tail = Self.check(headingLinks, headings: headingsOf, displayNames: displayNames, indexes: indexes)
        found.append(contentsOf: tail)
        headingLinks = []
        headingsOf = [:]

        let ordered = side.ordered
        let inverse = side.inverse ?? Self.inverseSources(gameIndexes, games: games, ordered: ordered, fields: fieldValues, schema: schema)
        side.inverse = nil
        let relations = InverseRelations(schema: schema)
        // The entries are built on every thread, a run of each game's places at a time. The
        // checked entries' fields are read in place: a copy of one would take a reference to each
        // of its values (its YAML among them) and give it back.
        let itemRefs = items.indices.map { itemRef(Int32($0)) }
        let runs = ordered.indices.flatMap { game in
            stride(from: 0, to: ordered[game].count, by: Self.entryRun).map { (game: game, range: $0..<min($0 + Self.entryRun, ordered[game].count)) }
        }
        let built = Parallel.map(runs, jobs: jobs) { [gameIndexes, fieldValues, notes, mentions] run -> [Entry] in
            let index = gameIndexes[run.game]
            return ordered[run.game][run.range].map { position in
                let ref = index.entries[position].ref
                let sources = inverse[run.game][position]
                return Entry(ref: ref, name: index.entries[position].name, source: index.entries[position].raw.source,
                             path: index.entries[position].page,
                             fields: fieldValues[run.game][position], notes: notes[run.game][position],
                             inverse: sources.isEmpty ? [] : relations.relations(of: ref.kind, from: sources),
                             mentions: mentions[run.game][position].map { itemRefs[Int($0)] }.sorted(),
                             displayName: displayNames[ref], extra: index.entries[position].extra,
                             isDraft: index.entries[position].isDraft, isSpoiler: index.entries[position].isSpoiler,
                             spoilerUntil: index.entries[position].spoilerUntil)
            }
        }
        var byGame: [[String: [Entry]]] = Array(repeating: [:], count: games.count)
        for (run, entries) in zip(runs, built) {
            // A kind's entries are next to each other in the order: taken a stretch at a time.
            var start = 0
            while start < entries.count {
                let kind = entries[start].ref.kind
                var end = start + 1
                while end < entries.count && entries[end].ref.kind == kind { end += 1 }
                byGame[run.game][kind, default: []].append(contentsOf: entries[start..<end])
                start = end
            }
        }
        var resolvedGames: [Game] = []
        for (gamePosition, raw) in games.enumerated() {
            let game = gameEntries[gamePosition]
            resolvedGames.append(Game(id: raw.id, title: game.name, source: raw.game.source,
                              path: RelativeURL.gamePage(game: raw.id), fields: gameFields[gamePosition],
                              notes: gameNotes[gamePosition], entries: byGame[gamePosition], links: gameLinks[gamePosition],
                              extra: game.extra, sharedProgress: game.sharedProgress))
        }
        byGame = []
        // Let the working tables go before the site builds its own index.
        let keptLookup = keeping ? lookup : nil
        lookup = ReferenceLookup(schema: schema, indexes: [:])
        indexes = [:]
        fieldValues = []
        notes = []
        mentions = []
        diagnostics.append(contentsOf: found)
        let site = Site(config: config, schema: schema, games: resolvedGames, imageSizes: imageSizes)
        guard let keptLookup else {
            // The checked entries are let go on another thread: freeing them was the last of the
            // resolve's work on one thread.
            BackgroundRelease.release((gameIndexes, items))
            gameIndexes = []
            items = []
            return (site, diagnostics, nil)
        }
        // Where each note is among the rendered ones, for a patch to render it again.
        var noteItems: [[Int32]] = gameIndexes.map { Array(repeating: -1, count: $0.entries.count) }
        var gameItems: [Int] = Array(repeating: -1, count: games.count)
        for (position, item) in items.enumerated() {
            if let entry = item.entry { noteItems[item.game][entry] = Int32(position) } else { gameItems[item.game] = position }
        }
        let kept = KeptResolve(site: site, lookup: keptLookup, head: head, noteDiagnostics: noteDiagnostics, tail: tail,
                               notes: keptNotes, headingTargets: headingTargets, embedded: embedded,
                               calloutTitles: gameTitles, calloutKeys: gameTitleKeys,
                               games: checkedGames, noteItems: noteItems, gameItems: gameItems)
        return (site, diagnostics, kept)
    }

    /// The loaded site without its entries' fields and notes: what the index of its files reads.
    private static func withoutContent(_ loaded: borrowing LoadedSite) -> LoadedSite {
        var light = copy loaded
        for game in light.games.indices {
            for entry in light.games[game].entries.indices {
                light.games[game].entries[entry].fields = []
                light.games[game].entries[entry].notes = ""
            }
            light.games[game].game.fields = []
            light.games[game].game.notes = ""
        }
        return light
    }

    /// What the resolve works out beside the notes (`resolve`): the names told apart, each game's
    /// published entries in order, and the sources of each entry's inverse relations.
    private struct SideWork: Sendable {
        var displayNames: [EntryRef: String]
        var ordered: [[Int]]
        /// Nil when they are to be gathered once the notes are taken in.
        var inverse: [[[InverseSource]]]?
    }

    /// How many entries one piece of work builds.
    private static let entryRun = 512

    /// Per game and entry, the entries whose fields reference it, with the relation (a field of the
    /// source's kind) of each, gathered in the order of `ordered`.
    private static func inverseSources(_ gameIndexes: [GameIndex], games: [RawGame], ordered: [[Int]], fields: [[[String: FieldValue]]],
                                       schema: Schema) -> [[[InverseSource]]] {
        let relations = InverseRelations(schema: schema)
        var inverse: [[[InverseSource]]] = gameIndexes.map { Array(repeating: [], count: $0.entries.count) }
        var slots: [String: Int] = [:]
        for (position, raw) in games.enumerated() { slots[raw.id] = position }
        for (gamePosition, positions) in ordered.enumerated() {
            let index = gameIndexes[gamePosition]
            for position in positions {
                let source = index.entries[position].ref
                guard let referenceFields = relations.referenceFields[source.kind] else { continue }
                let values = fields[gamePosition][position]
                for (relation, name) in referenceFields {
                    guard let value = values[name] else { continue }
                    for target in value.references {
                        guard let targetGame = slots[target.game],
                              let targetPosition = gameIndexes[targetGame].position(kind: target.kind, id: target.id) else { continue }
                        inverse[targetGame][targetPosition].append(InverseSource(relation: relation, source: source))
                    }
                }
            }
        }
        return inverse
    }

    /// A note to resolve and render: a published entry of a game (its position in the game's index),
    /// or the game's own `game.md` (`entry` nil).
    private struct NoteItem: Sendable {
        var game: Int
        var entry: Int?
        var calloutTitles: [String: String]
        var calloutKey: UInt64
    }

    /// An entry's fields resolved, and its notes rendered.
    private struct ResolvedItem: Sendable {
        var fields: [String: FieldValue]
        var fieldDiagnostics: [Diagnostic]
        var note: ReferenceLookup.RenderedNote
    }

    /// An entry checked on one of several threads: what is added to the index, in order, afterwards.
    private struct CheckedPart: Sendable {
        var entry: CheckedEntry
        var keys: [String]
        /// The names of the entry whose keys are worth keeping (`GameIndex.keys(of:known:made:)`).
        var names: [(name: String, key: String)]
        var diagnostics: [Diagnostic]
        var unknown: [UnknownField]
    }

    /// How many entries are checked at once: their YAML is let go as they are checked, and no more
    /// than this many checked entries wait to be added to the index.
    private static let checkBatch = 2048

    /// Checks the fields of `entries` on several threads, a batch at a time, letting go of each
    /// entry's YAML as soon as it is checked, and hands each checked entry to `add` in order.
    private func check(_ entries: inout [RawEntry], with checker: FieldChecker, gameIsDraft: Bool, knownNames: [String: String],
                       keeping: Bool = false, add: (CheckedPart) -> Void) {
        var start = 0
        while start < entries.count {
            let range = start..<min(entries.count, start + Self.checkBatch)
            let parts = entries.withUnsafeMutableBufferPointer { buffer in
                let slots = RawEntrySlots(buffer: buffer)
                return Parallel.map(Array(range), jobs: jobs) { position -> CheckedPart in
                    var diagnostics: [Diagnostic] = []
                    var unknown: [UnknownField] = []
                    var checked = checker.check(slots[position], diagnostics: &diagnostics, unknown: &unknown)
                    // What a kept resolve tells a later load of the entry by, while its YAML is here.
                    if keeping { checked.notesAside = slots[position].notesAsideDigest }
                    // The checked values are all that is needed of the YAML from here on, but for the
                    // progress values an entry sets itself (warned about once the game is indexed).
                    slots.releaseFields(at: position)
                    checked.raw.fields = checked.raw.fields.filter { Self.isProgressFlag($0.key, of: checked.raw.kind) }
                    checked.isDraft = checked.isDraft || gameIsDraft
                    checked.page = RelativeURL.entryPage(game: checker.game, folder: checked.raw.kind.folder, id: checked.ref.id)
                    var names: [(name: String, key: String)] = []
                    let keys = GameIndex.keys(of: checked, known: knownNames, made: &names)
                    if keeping { checked.keys = keys }
                    return CheckedPart(entry: checked, keys: keys, names: names, diagnostics: diagnostics, unknown: unknown)
                }
            }
            for part in parts { add(part) }
            start = range.upperBound
        }
    }

    /// `targets` without repeats, each where it first comes: a note links to few entries, which
    /// are compared one by one rather than hashed into a set.
    static func distinct(_ targets: [ReferenceLookup.Target]) -> [ReferenceLookup.Target] {
        guard targets.count > 1 else { return targets }
        guard targets.count <= 32 else {
            var seen = Set<ReferenceLookup.Target>()
            return targets.filter { seen.insert($0).inserted }
        }
        var distinct: [ReferenceLookup.Target] = []
        distinct.reserveCapacity(targets.count)
        for target in targets where !distinct.contains(target) { distinct.append(target) }
        return distinct
    }

    /// Each game's published entries in the order pages list them: kinds in schema order, each
    /// kind's entries by name key, then id.
    private static func order(_ index: GameIndex, published: [Bool], kinds: [Kind], jobs: Int) -> [Int] {
        var byKind: [String: [Int]] = [:]
        for position in index.entries.indices where published[position] {
            byKind[index.entries[position].ref.kind, default: []].append(position)
        }
        let groups = kinds.compactMap { byKind[$0.id] }
        let sorted = Parallel.map(groups, jobs: jobs) { group in
            // Places are sorted rather than strings, by the keys' first bytes first.
            let keys = group.map { index.entries[$0].nameKey }
            let prefixes = keys.map(\.utf8SortKey)
            return group.indices.sorted { a, b in
                if prefixes[a] != prefixes[b] { return prefixes[a] < prefixes[b] }
                if keys[a] != keys[b] { return keys[a].utf8Precedes(keys[b]) }
                return index.entries[group[a]].ref.id.utf8Precedes(index.entries[group[b]].ref.id)
            }.map { group[$0] }
        }
        return sorted.flatMap { $0 }
    }

    /// A front-matter key naming one of the kind's progress fields of type bool.
    static func isProgressFlag(_ key: YAMLNode, of kind: Kind) -> Bool {
        guard let name = key.string, let field = kind.field(named: name) else { return false }
        return field.progress && field.type == .bool
    }

    /// Once a game has playthroughs, progress belongs to them: a warning at each progress value an
    /// entry sets itself, unless `game.md` says `progress: shared`.
    static func ownProgressWarnings(_ index: GameIndex, game: CheckedEntry, includeDrafts: Bool) -> [Diagnostic] {
        guard !game.sharedProgress,
              let first = index.entries.indices.first(where: { (includeDrafts || !index.entries[$0].isDraft) && index.entries[$0].ref.kind == Schema.playthroughKind })
        else { return [] }
        let folder = (index.entries[first].raw.source.path as NSString).deletingLastPathComponent
        var warnings: [Diagnostic] = []
        for entry in index.entries where (includeDrafts || !entry.isDraft) && entry.ref.kind != Schema.playthroughKind {
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

    /// An error (or warning, as dangling links are) for each link to a heading its target does not
    /// have; `headings` holds the headings of every note a link targets.
    static func check(_ links: [HeadingLink], headings: [EntryRef: [Heading]], displayNames: [EntryRef: String],
                      indexes: [String: GameIndex]) -> [Diagnostic] {
        links.compactMap { link in
            let headings = headings[link.target] ?? []
            if headings.contains(where: { $0.id == Heading.anchor(for: link.heading) }) { return nil }
            let name = displayNames[link.target]
                ?? indexes[link.target.game]?.position(kind: link.target.kind, id: link.target.id).flatMap { indexes[link.target.game]?.entries[$0].name }
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
    /// parent or id: "Smoldering Church (Caelid)". `fields` and `published` by game (in the order of
    /// `games`) and entry.
    static func displayNames(_ games: [GameIndex], fields: [[[String: FieldValue]]], published: [[Bool]]) -> [EntryRef: String] {
        var slots: [String: Int] = [:]
        for (position, index) in games.enumerated() { slots[index.id] = position }
        struct Group: Hashable {
            var kind: String
            var nameKey: String
        }
        var names: [EntryRef: String] = [:]
        for (gamePosition, index) in games.enumerated() {
            var first: [Group: Int] = [:]
            first.reserveCapacity(index.entries.count)
            var groups: [Group: [Int]] = [:]
            for position in index.entries.indices where published[gamePosition][position] {
                let group = Group(kind: index.entries[position].ref.kind, nameKey: index.entries[position].nameKey)
                if let other = first[group] {
                    groups[group, default: [other]].append(position)
                } else {
                    first[group] = position
                }
            }
            for group in groups.values {
                let qualifiers = group.map { position -> String in
                    let values = fields[gamePosition][position]
                    if case let .string(region)? = values["region"], !region.isEmpty { return region }
                    if case let .ref(parent)? = values["parent"], let parentGame = slots[parent.game],
                       let parentPosition = games[parentGame].position(kind: parent.kind, id: parent.id) {
                        return games[parentGame].entries[parentPosition].name
                    }
                    return index.entries[position].ref.id
                }
                let keys = qualifiers.map(NameKey.make)
                for (place, position) in group.enumerated() {
                    let entry = index.entries[position]
                    let unique = keys.count { $0 == keys[place] } == 1
                    names[entry.ref] = "\(entry.name) (\(unique ? qualifiers[place] : entry.ref.id))"
                }
            }
        }
        return names
    }
}

/// The inverse relations of a schema, numbered: each field of a kind that references entries.
struct InverseRelations {
    /// Per kind id, its fields that hold references, with their relation's number.
    var referenceFields: [String: [(relation: Int, name: String)]] = [:]
    /// Per target kind id, the relations pages show on its entries, in schema order.
    private var shown: [String: [(relation: Int, source: String, field: String, label: String)]] = [:]
    private let schema: Schema

    init(schema: Schema) {
        self.schema = schema
        var numbers: [String: Int] = [:]
        func number(_ kind: String, _ field: String) -> Int {
            let key = kind + "." + field
            if let number = numbers[key] { return number }
            numbers[key] = numbers.count
            return numbers.count - 1
        }
        for kind in schema.kinds where referenceFields[kind.id] == nil {
            referenceFields[kind.id] = kind.fields.filter { $0.type.referencedKind != nil }.map { (number(kind.id, $0.name), $0.name) }
        }
        for kind in schema.kinds where shown[kind.id] == nil {
            shown[kind.id] = schema.inverseRelations(of: kind.id).map { relation in
                (number(relation.source.id, relation.field.name), relation.source.id, relation.field.name,
                 schema.inverseLabel(of: relation.field, in: relation.source))
            }
        }
    }

    /// The relations of an entry of `kind` whose sources are these, each relation's in the order given.
    func relations(of kind: String, from sources: [InverseSource]) -> [Relation] {
        let shown = self.shown[kind] ?? schema.inverseRelations(of: kind).map { relation in
            (-1, relation.source.id, relation.field.name, schema.inverseLabel(of: relation.field, in: relation.source))
        }
        return shown.compactMap { relation, source, field, label in
            let entries = sources.filter { $0.relation == relation }.map(\.source)
            guard relation >= 0, !entries.isEmpty else { return nil }
            return Relation(sourceKind: source, field: field, label: label, entries: entries)
        }
    }
}

/// An entry whose field references another, and the relation (`InverseRelations`) that field is.
struct InverseSource: Sendable {
    var relation: Int
    var source: EntryRef
}

/// Disjoint elements of an array, read and let go of by several threads at once.
private struct RawEntrySlots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<RawEntry>

    subscript(position: Int) -> RawEntry {
        buffer[position]
    }

    func releaseFields(at position: Int) {
        buffer[position].fields = []
    }
}
