import Foundation
import Markdown

/// What a build keeps of its resolve in `.questlog/site`, for the next build to patch as `serve`
/// patches the resolve it holds in memory (`KeptResolve.patch(notes:memo:)`), when the site changed
/// in nothing but the notes of some entries: the resolved site, the index its notes' links were
/// resolved against, and what a patch checks of each note. Such a build then loads the changed
/// files alone and renders their notes alone, rather than loading and resolving every entry.
///
/// The memo stands for the site whose digest (`SiteDigest.value`) it names, and the build cache
/// names the digest of the last build that wrote the output: only a memo of that very site is
/// used, so one left by a build that failed (or by another binary, `identity`) is ignored.
///
/// A file: a header line, the identity line, then sections, each its length, the `ContentHash` of
/// its bytes and its bytes; a file is used only when every section reads whole and as hashed, so a
/// damaged or cut file is ignored. The sections: the head (the digest, the site's image sizes and
/// assets), what the memo holds beside the site (`encodeLinks`), written as soon as the site is
/// resolved (`begin`), then the games and runs of their entries, once it is rendered
/// (`Pending.finish`). A build never holds the whole file; the runs are read on every thread.
///
/// A build after edits that resolved the site writes the file; one that patched it writes a journal
/// beside the file: the notes of the entries patched since the file was written (with the problems
/// found in them), and the digest of the site they make.
enum SiteMemo {
    static let header = "questlog-site 1"
    static let journalHeader = "questlog-site-journal 1"

    /// How many entries (of the site, or of an index of links) a section holds.
    static let run = 512

    /// What of a build's options its resolve depends on (beside the files, which the build cache
    /// compares): drafts published, warnings as errors, every use of an unknown field reported.
    static func settings(of options: BuildOptions) -> Int {
        (options.includeDrafts ? 1 : 0) | (options.strict ? 2 : 0) | (options.listEveryUse ? 4 : 0)
    }

    /// What the memo keeps: the resolve, and what a build needs beside it.
    struct Kept: Sendable {
        var kept: KeptResolve
        /// The digest of the resolved site (`SiteDigest.value`).
        var digest: UInt64
        /// Every file of `Content/` the load found that is neither Markdown nor YAML.
        var assets: [ContentAsset]
        /// The file read, told by its sections' hashes, and the notes its journal put in place of
        /// the file's.
        var file: UInt64 = 0
        var journaled: [Journaled] = []
    }

    /// An entry's notes in a journal, with the problems found in them.
    struct Journaled: Sendable {
        var ref: EntryRef
        var notes: Notes
        var diagnostics: [Diagnostic]
    }

    // MARK: Writing

    /// The sections of what the memo holds of a resolve beside the site: the indexes of links,
    /// what a patch checks of each note, and the resolve's diagnostics, each handed to `emit`; the
    /// runs of entries and of notes encoded on up to `jobs` threads.
    static func encodeLinks(_ kept: KeptResolve, jobs: Int = 1, emit: ([UInt8]) -> Void) {
        let games = kept.lookup.gameIndexes
        var out = MemoWriter()
        func flush() {
            emit(out.bytes)
            out.bytes.removeAll(keepingCapacity: true)
        }
        out.varint(games.count)
        out.varint(kept.noteDiagnostics.count)
        let (indexed, pages) = kept.lookup.assets.parts
        out.assets(indexed)
        out.varint(pages.count)
        for path in pages.keys.sorted(by: { $0.utf8Precedes($1) }) {
            out.text(path)
            out.text(pages[path]!)
        }
        flush()
        // Each index of links: its id and length, then runs of its entries.
        for index in games {
            out.text(index.id)
            out.varint(index.entries.count)
            flush()
            for section in Parallel.map(Array(stride(from: 0, to: index.entries.count, by: run)), jobs: jobs, { start in
                var out = MemoWriter()
                for entry in index.entries[start..<min(start + run, index.entries.count)] { out.indexed(entry) }
                return out.bytes
            }) { emit(section) }
        }
        // What a patch checks of each note: their number, then runs of them.
        let paths = kept.notes.keys.sorted { $0.utf8Precedes($1) }
        out.varint(paths.count)
        flush()
        let notes = kept.notes
        for section in Parallel.map(Array(stride(from: 0, to: paths.count, by: run)), jobs: jobs, { start in
            var out = MemoWriter()
            for path in paths[start..<min(start + run, paths.count)] { out.note(notes[path]!, at: path) }
            return out.bytes
        }) { emit(section) }
        out.refs(kept.headingTargets.sorted())
        out.varint(kept.embedded.count)
        for target in kept.embedded.sorted(by: { ($0.game, $0.entry) < ($1.game, $1.entry) }) { out.target(target) }
        // The resolve's diagnostics: those before the notes', each note's, and those after.
        out.varint(kept.head.count)
        for diagnostic in kept.head { out.diagnostic(diagnostic) }
        let items = kept.noteDiagnostics.indices.filter { !kept.noteDiagnostics[$0].isEmpty }
        out.varint(items.count)
        for item in items {
            out.varint(item)
            out.varint(kept.noteDiagnostics[item].count)
            for diagnostic in kept.noteDiagnostics[item] { out.diagnostic(diagnostic) }
        }
        out.varint(kept.tail.count)
        for diagnostic in kept.tail { out.diagnostic(diagnostic) }
        out.varint(kept.calloutTitles.count)
        for (titles, key) in zip(kept.calloutTitles, kept.calloutKeys) {
            out.varint(titles.count)
            for name in titles.keys.sorted(by: { $0.utf8Precedes($1) }) {
                out.text(name)
                out.text(titles[name]!)
            }
            out.integer(key)
        }
        flush()
    }

    /// A memo being written: its head and what it holds beside the site's entries, written as soon
    /// as the site is resolved (`begin`), so that the resolve's working tables are let go then;
    /// the site's games and entries, which the build holds until its end anyway, once it is
    /// rendered (`finish`). The file takes its place only when whole.
    final class Pending: @unchecked Sendable {
        // Unchecked: used by one thread at a time, `begin`'s and then `finish`'s.
        private var file: SectionFile
        private let temporary: String
        private let path: String
        private var finished = false

        fileprivate init(file: SectionFile, temporary: String, path: String) {
            self.file = file
            self.temporary = temporary
            self.path = path
        }

        /// A memo never finished leaves no file.
        deinit {
            guard !finished else { return }
            close(file.descriptor)
            _ = try? OutputFileSystem.remove(temporary)
        }

        /// Writes the site's games and entries, and puts the file in place; false when it could not
        /// be written, and then no file is left there.
        @discardableResult
        func finish(_ site: Site) -> Bool {
            guard !finished else { return false }
            finished = true
            SiteMemo.encodeGames(site) { section in file.section(section) }
            let closed = close(file.descriptor) == 0 || errno == EINTR
            _ = try? OutputFileSystem.remove(path + ".old")
            guard file.failed == false, closed, (try? OutputFileSystem.renameReplacing(temporary, to: path, aside: path + ".old")) != nil else {
                _ = try? OutputFileSystem.remove(temporary)
                return false
            }
            return true
        }
    }

    /// Begins the memo of `kept`, made with the options `settings` (`settings(of:)`), whose site
    /// has the digest `digest` and whose load found `assets`, at `path` (under a temporary name
    /// until `Pending.finish`); its runs of links and notes encoded on up to `jobs` threads. Nil
    /// when the file cannot be made.
    static func begin(_ kept: KeptResolve, settings: Int, digest: UInt64, assets: [ContentAsset], identity: String, at path: String,
                      jobs: Int = 1) -> Pending? {
        _ = try? OutputFileSystem.makeFolders(OutputFileSystem.parentPath(of: path))
        let temporary = path + ".new"
        _ = try? OutputFileSystem.remove(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard descriptor >= 0 else { return nil }
        var file = SectionFile(descriptor: descriptor)
        file.write(Array((header + "\n" + identity + "\n").utf8))
        let site = kept.site
        var head = MemoWriter()
        head.integer(digest)
        head.varint(settings)
        head.varint(site.games.count)
        head.varint(site.imageSizes.count)
        for path in site.imageSizes.keys.sorted(by: { $0.utf8Precedes($1) }) {
            head.text(path)
            head.varint(site.imageSizes[path]!.width)
            head.varint(site.imageSizes[path]!.height)
        }
        head.assets(assets)
        file.section(head.bytes)
        encodeLinks(kept, jobs: jobs) { section in file.section(section) }
        return Pending(file: file, temporary: temporary, path: path)
    }

    /// Writes the memo of a site read and patched, whole.
    @discardableResult
    static func write(_ memo: Kept, settings: Int, identity: String, to path: String) -> Bool {
        begin(memo.kept, settings: settings, digest: memo.digest, assets: memo.assets, identity: identity, at: path)?.finish(memo.kept.site)
            ?? false
    }

    /// The sections of the site's games and entries, each handed to `emit` as soon as it is made.
    static func encodeGames(_ site: Site, emit: ([UInt8]) -> Void) {
        // One buffer for every section, each handed over and then emptied: the memo is written
        // without taking room again and again.
        var out = MemoWriter()
        func flush() {
            emit(out.bytes)
            out.bytes.removeAll(keepingCapacity: true)
        }
        // Each game: its own values and its lists' lengths, then the runs of its entries.
        for game in site.games {
            out.text(game.id)
            out.text(game.title)
            out.sourceLocation(game.source)
            out.text(game.path)
            out.fields(game.fields)
            out.notes(game.notes)
            out.refs(game.links)
            out.extra(game.extra)
            out.flag(game.sharedProgress)
            let kinds = game.entries.keys.sorted { $0.utf8Precedes($1) }
            out.varint(kinds.count)
            for kind in kinds {
                out.text(kind)
                out.varint(game.entries[kind]!.count)
            }
            flush()
            for kind in kinds {
                let list = game.entries[kind]!
                for start in stride(from: 0, to: list.count, by: run) {
                    for entry in list[start..<min(start + run, list.count)] { out.entry(entry) }
                    flush()
                }
            }
        }
    }

    // MARK: Reading

    /// The memo the file `bytes` holds, for a site of `config` (its schema) made with `includeDrafts`
    /// as the memo was; nil when it is not a whole memo of the binary `identity`, or of a site
    /// whose digest is `digest`, or was made otherwise. Its sections are read on up to `jobs` threads.
    ///
    /// With a `journal` that goes with the file and names the site `digest`, the notes it holds
    /// stand for the file's, which may then name an earlier site.
    ///
    /// Without `linking`, the indexes of links are neither read nor checked, and the memo read
    /// holds none (nor, unless a journal is read, what a patch checks of each note): it is the
    /// site and its problems alone, for a build that patches nothing, and cannot be patched or
    /// written again.
    static func read(_ bytes: MemoBytes, journal: [UInt8]? = nil, identity: String, digest: UInt64, config: SiteConfig,
                     settings: Int, jobs: Int = 1, linking: Bool = true) -> Kept? {
        let prefix = Array((header + "\n" + identity + "\n").utf8)
        guard bytes.count >= prefix.count, bytes.withUnsafeBytes({ $0.starts(with: prefix) }) else { return nil }
        // The sections' places, then each one checked against its hash.
        var sections: [Range<Int>] = []
        var hashes: [UInt64] = []
        var offset = prefix.count
        while offset < bytes.count {
            guard bytes.count - offset >= 16 else { return nil }
            let length = bytes.withUnsafeBytes { Int(UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) }
            let hash = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)) }
            guard length >= 0, length <= bytes.count - offset - 16 else { return nil }
            sections.append(offset + 16..<offset + 16 + length)
            hashes.append(hash)
            offset += 16 + length
        }
        guard let first = sections.first else { return nil }
        // Whether a section's bytes have the hash recorded with them, read in place.
        let (ranges, sums) = (sections, hashes)
        @Sendable func intact(_ number: Int) -> Bool {
            number < ranges.count && bytes.withUnsafeBytes { ContentHash.hash(UnsafeRawBufferPointer(rebasing: $0[ranges[number]])) } == sums[number]
        }
        // The file, told by its sections' hashes, and the journal that goes with it.
        var tag = StableDigest()
        tag.add(hashes.count)
        for hash in hashes { tag.add(hash) }
        let file = tag.value
        let journaled = journal.flatMap { readJournal($0, file: file, identity: identity) }.flatMap { $0.digest == digest ? $0.notes : nil }
        var head = MemoReader(memo: bytes, offset: first.lowerBound, end: first.upperBound)
        guard intact(0), let written = head.integer(), written == digest || journaled != nil,
              head.varint() == settings, let gameCount = head.varint(), let imageCount = head.varint() else { return nil }
        var imageSizes: [String: ImageDimensions] = [:]
        for _ in 0..<imageCount {
            guard let path = head.text(), let width = head.varint(), let height = head.varint() else { return nil }
            imageSizes[path] = ImageDimensions(width: width, height: height)
        }
        guard let assets = head.assets(), head.offset == head.end else { return nil }

        // Where the runs of entries are: the sections that give the lists' lengths are read first.
        enum Part {
            case entries(game: Int, kind: String, count: Int)
            /// All the runs of an index, read one after the other into one list: lists read apart
            /// and joined would be copied, every entry's strings counted up and down again.
            case indexed(index: Int, runs: [(section: Int, count: Int)])
            case notes(count: Int)
        }
        var parts: [(section: Int, part: Part)] = []
        struct GameHead {
            var id: String, title: String, source: SourceLocation, path: String
            var fields: [String: FieldValue], notes: Notes, links: [EntryRef], extra: [ExtraField], sharedProgress: Bool
            var kinds: [(kind: String, count: Int)]
        }
        var gameHeads: [GameHead] = []
        var next = 1
        func section(_ number: Int) -> MemoReader? {
            guard intact(number) else { return nil }
            return MemoReader(memo: bytes, offset: sections[number].lowerBound, end: sections[number].upperBound)
        }
        guard var linksHead = section(next), let indexCount = linksHead.varint(), let noteItems = linksHead.varint(),
              let indexed = linksHead.assets(), let pageCount = linksHead.varint() else { return nil }
        var pages: [String: String] = [:]
        pages.reserveCapacity(pageCount)
        for _ in 0..<pageCount {
            guard let path = linksHead.text(), let page = linksHead.text() else { return nil }
            pages[path] = page
        }
        guard linksHead.offset == linksHead.end else { return nil }
        next += 1
        var indexIDs: [String] = []
        for index in 0..<indexCount {
            guard var reader = section(next), let id = reader.text(), let count = reader.varint(), reader.offset == reader.end else { return nil }
            indexIDs.append(id)
            next += 1
            var runs: [(section: Int, count: Int)] = []
            for start in stride(from: 0, to: count, by: run) {
                runs.append((next, min(run, count - start)))
                next += 1
            }
            if let first = runs.first {
                parts.append((first.section, .indexed(index: index, runs: runs)))
            }
        }
        guard var counting = section(next), let noteCount = counting.varint(), noteCount >= 0, counting.offset == counting.end else { return nil }
        next += 1
        for start in stride(from: 0, to: noteCount, by: run) {
            parts.append((next, .notes(count: min(run, noteCount - start))))
            next += 1
        }
        // The resolve's diagnostics and what follows them, read once the runs are.
        let tailSection = next
        next += 1
        for game in 0..<gameCount {
            guard var reader = section(next), let id = reader.text(), let title = reader.text(), let source = reader.sourceLocation(),
                  let path = reader.text(), let fields = reader.fields(), let notes = reader.notes(), let links = reader.refs(),
                  let extra = reader.extra(), let shared = reader.flag(), let kindCount = reader.varint() else { return nil }
            var kinds: [(kind: String, count: Int)] = []
            for _ in 0..<kindCount {
                guard let kind = reader.text(), let count = reader.varint() else { return nil }
                kinds.append((kind, count))
            }
            guard reader.offset == reader.end else { return nil }
            next += 1
            gameHeads.append(GameHead(id: id, title: title, source: source, path: path, fields: fields, notes: notes, links: links,
                                      extra: extra, sharedProgress: shared, kinds: kinds))
            for (kind, count) in kinds {
                for start in stride(from: 0, to: count, by: run) {
                    parts.append((next, .entries(game: game, kind: kind, count: min(run, count - start))))
                    next += 1
                }
            }
        }
        guard next == sections.count else { return nil }

        // The runs, on every thread.
        enum Decoded: Sendable {
            case entries([Entry])
            case indexed([CheckedEntry])
            case notes([(path: String, note: KeptNote)])
        }
        let schema = config.schema
        // The notes' facts are read where a patch checks them, and where the journal's notes
        // take the places of those of the file.
        let readsNotes = linking || journaled.map { !$0.isEmpty } ?? false
        let all = parts.filter { part in
            switch part.part {
            case .entries: true
            case .indexed: linking
            case .notes: readsNotes
            }
        }
        // Each run in a slot of its own, from which the site's lists and the indexes take it: held
        // nowhere else, a list is then not copied when one of its entries is changed.
        let decoded = Parallel.map(Array(all.indices), jobs: jobs) { number -> Decoded? in
            let (place, part) = all[number]
            if case let .indexed(_, runs) = part {
                var entries: [CheckedEntry] = []
                entries.reserveCapacity(runs.reduce(0) { $0 + $1.count })
                for run in runs {
                    guard intact(run.section) else { return nil }
                    var reader = MemoReader(memo: bytes, offset: ranges[run.section].lowerBound, end: ranges[run.section].upperBound)
                    for _ in 0..<run.count {
                        guard let entry = reader.indexed(schema: schema) else { return nil }
                        entries.append(entry)
                    }
                    guard reader.offset == reader.end else { return nil }
                }
                return .indexed(entries)
            }
            guard intact(place) else { return nil }
            var reader = MemoReader(memo: bytes, offset: ranges[place].lowerBound, end: ranges[place].upperBound)
            switch part {
            case let .entries(_, _, count):
                var entries: [Entry] = []
                entries.reserveCapacity(count)
                for _ in 0..<count {
                    guard let entry = reader.entry() else { return nil }
                    entries.append(entry)
                }
                return reader.offset == reader.end ? .entries(entries) : nil
            case .indexed:
                return nil // Read above, all its runs at once.
            case let .notes(count):
                var notes: [(path: String, note: KeptNote)] = []
                notes.reserveCapacity(count)
                for _ in 0..<count {
                    guard let note = reader.note() else { return nil }
                    notes.append(note)
                }
                return reader.offset == reader.end ? .notes(notes) : nil
            }
        }.map { result in
            let slot = Slot<Decoded>()
            slot.value = result
            return slot
        }
        // The site on one thread, the indexes of links and the notes' facts on another.
        let builtSite = Slot<Site>(), builtLinks = Slot<(indexes: [GameIndex], assets: AssetIndex, notes: [String: KeptNote])>()
        let heads = gameHeads, ids = indexIDs, found = decoded, sizes = imageSizes, entryPages = pages
        Parallel.all([{
            var lists: [[String: [Entry]]] = Array(repeating: [:], count: gameCount)
            for (part, slot) in zip(all, found) {
                guard case let .entries(game, kind, _) = part.part else { continue }
                guard case let .entries(entries)? = slot.value.take() else { return }
                lists[game][kind, default: []] += entries
            }
            var games: [Game] = []
            for (head, entries) in zip(heads, lists) {
                guard head.kinds.allSatisfy({ entries[$0.kind, default: []].count == $0.count }) else { return }
                games.append(Game(id: head.id, title: head.title, source: head.source, path: head.path, fields: head.fields,
                                  notes: head.notes, entries: entries, links: head.links, extra: head.extra,
                                  sharedProgress: head.sharedProgress))
            }
            var site = Site(config: config, schema: schema, games: games, imageSizes: sizes)
            for note in journaled ?? [] {
                guard site.replaceNotes(of: note.ref, with: note.notes) else { return }
            }
            builtSite.value = site
        }, {
            // The indexes of links, each entry under its keys, in the order the resolve added them.
            // Their notes are left out: a patch puts in those of the entries a note embeds.
            var indexEntries: [[CheckedEntry]] = Array(repeating: [], count: indexCount)
            var notes: [String: KeptNote] = [:]
            notes.reserveCapacity(noteCount)
            for (part, slot) in zip(all, found) {
                if case .entries = part.part { continue }
                switch (part.part, slot.value.take()) {
                case (.entries, _): continue
                case let (.indexed(index, _), .indexed(entries)?):
                    // Each index is one part: its list taken as it is, not copied.
                    guard indexEntries[index].isEmpty else { return }
                    indexEntries[index] = entries
                case let (.notes, .notes(found)?):
                    for (path, note) in found {
                        guard note.item < noteItems, Int(note.target.game) < indexCount,
                              !linking || Int(note.target.entry) < indexEntries[Int(note.target.game)].count else { return }
                        notes[path] = note
                    }
                default: return
                }
            }
            let indexes = zip(ids, indexEntries).map { GameIndex(id: $0, indexed: $1) }
            builtLinks.value = (indexes, AssetIndex(assets: indexed, entryPages: entryPages), notes)
        }])
        guard let site = builtSite.value.take(), let (indexes, assetIndex, notesFound) = builtLinks.value.take() else { return nil }
        var notes = notesFound
        // The indexes held by the lookup alone, so that a patch changes their entries in place.
        let indexTotal = indexes.count
        var lookup = ReferenceLookup(schema: schema, games: consume indexes, includeDrafts: settings & 1 != 0, assets: assetIndex)

        guard var reader = section(tailSection) else { return nil }
        guard let headingTargets = reader.refs(), let embeddedCount = reader.varint() else { return nil }
        var embedded = Set<ReferenceLookup.Target>()
        for _ in 0..<embeddedCount {
            guard let target = reader.target() else { return nil }
            embedded.insert(target)
        }
        func diagnostics() -> [Diagnostic]? {
            guard let count = reader.varint(), count >= 0, count <= reader.end - reader.offset else { return nil }
            var found: [Diagnostic] = []
            for _ in 0..<count {
                guard let diagnostic = reader.diagnostic() else { return nil }
                found.append(diagnostic)
            }
            return found
        }
        guard let before = diagnostics(), let itemCount = reader.varint() else { return nil }
        var noteDiagnostics: [[Diagnostic]] = Array(repeating: [], count: noteItems)
        for _ in 0..<itemCount {
            guard let item = reader.varint(), item >= 0, item < noteItems, let found = diagnostics() else { return nil }
            noteDiagnostics[item] = found
        }
        guard let after = diagnostics(), let titleCount = reader.varint(), titleCount == indexTotal else { return nil }
        var calloutTitles: [[String: String]] = []
        var calloutKeys: [UInt64] = []
        for _ in 0..<titleCount {
            guard let count = reader.varint() else { return nil }
            var titles: [String: String] = [:]
            for _ in 0..<count {
                guard let name = reader.text(), let title = reader.text() else { return nil }
                titles[name] = title
            }
            guard let key = reader.integer() else { return nil }
            calloutTitles.append(titles)
            calloutKeys.append(key)
        }
        guard reader.offset == reader.end else { return nil }
        // The notes the journal holds, where embeds of them and a patch read them too, and the
        // problems found in them.
        for note in journaled ?? [] {
            guard let path = site.withEntry(note.ref, { $0.source.path }), let key = KeptNote.key(path: path, id: note.ref.id),
                  let kept = notes[key], kept.ref == note.ref else { return nil }
            if linking {
                guard let target = lookup.target(of: note.ref) else { return nil }
                lookup.replaceNotes(at: target, with: note.notes.markdown)
            }
            notes[key]?.headings = note.notes.headings
            noteDiagnostics[kept.item] = note.diagnostics
        }
        let kept = KeptResolve(site: site, lookup: lookup, head: before, noteDiagnostics: noteDiagnostics, tail: after,
                               notes: notes, headingTargets: Set(headingTargets), embedded: embedded,
                               calloutTitles: calloutTitles, calloutKeys: calloutKeys, games: [], noteItems: [], gameItems: [])
        return Kept(kept: kept, digest: digest, assets: assets, file: file,
                    journaled: journaled ?? [])
    }

    // MARK: The journal

    /// A journal of the memo file `file` (`Kept.file`): the notes of the entries of `notes` (by
    /// reference) as they are now, with the problems found in them, and the digest of the site
    /// they make.
    static func journal(file: UInt64, digest: UInt64, notes: [Journaled], identity: String) -> [UInt8] {
        MemoFile.seal(header: journalHeader, identity: identity) { writer in
            writer.integer(file)
            writer.integer(digest)
            writer.varint(notes.count)
            for note in notes {
                writer.ref(note.ref)
                writer.notes(note.notes)
                writer.varint(note.diagnostics.count)
                for diagnostic in note.diagnostics { writer.diagnostic(diagnostic) }
            }
        }
    }

    /// What a journal holds, when it is a whole one of the binary `identity` and goes with the file
    /// `file`: the digest of the site, and the notes that stand for those of the file.
    static func readJournal(_ bytes: [UInt8], file: UInt64, identity: String) -> (digest: UInt64, notes: [Journaled])? {
        guard var reader = MemoFile.open(bytes, header: journalHeader, identity: identity), reader.integer() == file,
              let digest = reader.integer(), let count = reader.varint() else { return nil }
        var notes: [Journaled] = []
        for _ in 0..<count {
            guard let ref = reader.ref(), let value = reader.notes(), let problems = reader.varint(), problems >= 0,
                  problems <= reader.end - reader.offset else { return nil }
            var diagnostics: [Diagnostic] = []
            for _ in 0..<problems {
                guard let diagnostic = reader.diagnostic() else { return nil }
                diagnostics.append(diagnostic)
            }
            notes.append(Journaled(ref: ref, notes: value, diagnostics: diagnostics))
        }
        return reader.offset == reader.end ? (digest, notes) : nil
    }
}

/// Writes a file of sections (`SiteMemo`): each its length, the hash of its bytes and its bytes.
private struct SectionFile {
    let descriptor: Int32
    var failed = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    mutating func section(_ bytes: [UInt8]) {
        var framing = MemoWriter()
        framing.integer(bytes.count)
        framing.integer(ContentHash.hash(bytes))
        write(framing.bytes)
        write(bytes)
    }

    mutating func write(_ bytes: [UInt8]) {
        guard !failed else { return }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                failed = true
                return
            }
            written += count
        }
    }
}

// MARK: Values

extension MemoWriter {
    /// A string as its length (a varint) and its UTF-8.
    mutating func text(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            varint(utf8.count)
            bytes += utf8
        }
    }

    mutating func optionalText(_ value: String?) {
        flag(value != nil)
        if let value { text(value) }
    }

    mutating func strings(_ values: [String]) {
        varint(values.count)
        for value in values { text(value) }
    }

    mutating func sourceLocation(_ value: SourceLocation) {
        text(value.path)
        varint(value.line)
        varint(value.column)
    }

    mutating func ref(_ value: EntryRef) {
        text(value.game)
        text(value.kind)
        text(value.id)
    }

    mutating func refs(_ values: [EntryRef]) {
        varint(values.count)
        for value in values { ref(value) }
    }

    mutating func target(_ value: ReferenceLookup.Target) {
        varint(Int(value.game))
        varint(Int(value.entry))
    }

    mutating func value(_ value: FieldValue) {
        switch value {
        case let .string(text): bytes.append(1); self.text(text)
        case let .text(text): bytes.append(2); self.text(text)
        case let .bool(flag): bytes.append(3); self.flag(flag)
        case let .int(number): bytes.append(4); integer(number)
        case let .number(number): bytes.append(5); integer(number.bitPattern)
        case let .date(text): bytes.append(6); self.text(text)
        case let .url(text): bytes.append(7); self.text(text)
        case let .ref(target): bytes.append(8); ref(target)
        case let .refs(targets): bytes.append(9); refs(targets)
        case let .list(items): bytes.append(10); strings(items)
        }
    }

    /// A table of fields, by name in UTF-8 order.
    mutating func fields(_ values: [String: FieldValue]) {
        varint(values.count)
        for name in values.keys.sorted(by: { $0.utf8Precedes($1) }) {
            text(name)
            value(values[name]!)
        }
    }

    mutating func extra(_ values: [ExtraField]) {
        varint(values.count)
        for field in values {
            text(field.name)
            value(field.value)
        }
    }

    mutating func headings(_ values: [Heading]) {
        varint(values.count)
        for heading in values {
            varint(heading.level)
            text(heading.text)
            text(heading.id)
        }
    }

    mutating func notes(_ value: Notes) {
        if let encoded = value.encoded {
            // As read from a memo: the texts' bytes as they were, not made into strings first.
            for index in 0..<3 {
                let range = encoded.range(index)
                varint(range.count)
                bytes += encoded.bytes[range]
            }
        } else {
            text(value.markdown)
            text(value.html)
            text(value.plainText)
        }
        headings(value.headings)
        strings(value.tags)
    }

    mutating func entry(_ entry: Entry) {
        ref(entry.ref)
        text(entry.name)
        text(entry.displayName)
        sourceLocation(entry.source)
        text(entry.path)
        fields(entry.fields)
        notes(entry.notes)
        varint(entry.inverse.count)
        for relation in entry.inverse {
            text(relation.sourceKind)
            text(relation.field)
            text(relation.label)
            refs(relation.entries)
        }
        refs(entry.mentions)
        extra(entry.extra)
        flag(entry.isDraft)
        flag(entry.isSpoiler)
        optionalText(entry.spoilerUntil)
    }


    /// What a patch checks of a note, and the path of its file.
    mutating func note(_ note: KeptNote, at path: String) {
        text(path)
        varint(note.item)
        target(note.target)
        ref(note.ref)
        text(note.page)
        varint(note.targets.count)
        for target in note.targets.sorted(by: { ($0.game, $0.entry) < ($1.game, $1.entry) }) { self.target(target) }
        varint(note.embeds.count)
        for target in note.embeds { self.target(target) }
        strings(note.tags)
        headings(note.headings)
        flag(note.linksToHeadings)
        integer(note.notesAside)
    }

    /// An entry of an index of links: what looking it up and linking to it read, and its name keys.
    mutating func indexed(_ entry: CheckedEntry) {
        text(entry.raw.kind.id)
        text(entry.raw.id)
        sourceLocation(entry.raw.source)
        varint(entry.raw.notesLineOffset)
        varint(entry.raw.notesColumnOffset)
        text(entry.raw.fallbackName)
        flag(entry.raw.isDamaged)
        flag(entry.raw.isDraft)
        ref(entry.ref)
        text(entry.name)
        text(entry.page)
        flag(entry.nameLocation != nil)
        if let location = entry.nameLocation { self.sourceLocation(location) }
        strings(entry.aliases)
        flag(entry.isDraft)
        flag(entry.isSpoiler)
        optionalText(entry.spoilerUntil)
        flag(entry.sharedProgress)
        strings(entry.keys)
    }
}

extension MemoReader {
    mutating func text() -> String? {
        guard let length = varint(), length >= 0, length <= end - offset else { return nil }
        return utf8(length)
    }

    mutating func optionalText() -> String?? {
        guard let present = flag() else { return nil }
        guard present else { return .some(nil) }
        guard let value = text() else { return nil }
        return .some(value)
    }

    /// A list: its count (a varint), then each element as `element` reads it; nil when the count
    /// cannot be right or an element does not read.
    @inline(__always)
    mutating func list<Element>(_ element: (inout MemoReader) -> Element?) -> [Element]? {
        guard let count = varint(), count >= 0, count <= end - offset else { return nil }
        var values: [Element] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard let value = element(&self) else { return nil }
            values.append(value)
        }
        return values
    }

    mutating func strings() -> [String]? {
        list { $0.text() }
    }

    mutating func sourceLocation() -> SourceLocation? {
        guard let path = text(), let line = varint(), let column = varint() else { return nil }
        return SourceLocation(path: path, line: line, column: column)
    }

    mutating func ref() -> EntryRef? {
        guard let game = text(), let kind = text(), let id = text() else { return nil }
        return EntryRef(game: game, kind: kind, id: id)
    }

    mutating func refs() -> [EntryRef]? {
        list { $0.ref() }
    }

    mutating func target() -> ReferenceLookup.Target? {
        guard let game = varint(), let entry = varint(), game >= 0, entry >= 0, game <= Int(Int32.max), entry <= Int(Int32.max) else { return nil }
        return ReferenceLookup.Target(game: game, entry: entry)
    }

    mutating func value() -> FieldValue? {
        switch byte() {
        case 1: return text().map(FieldValue.string)
        case 2: return text().map(FieldValue.text)
        case 3: return flag().map(FieldValue.bool)
        case 4: return int().map(FieldValue.int)
        case 5: return integer().map { .number(Double(bitPattern: $0)) }
        case 6: return text().map(FieldValue.date)
        case 7: return text().map(FieldValue.url)
        case 8: return ref().map(FieldValue.ref)
        case 9: return refs().map(FieldValue.refs)
        case 10: return strings().map(FieldValue.list)
        default: return nil
        }
    }

    mutating func fields() -> [String: FieldValue]? {
        guard let count = varint(), count >= 0, count <= end - offset else { return nil }
        var values: [String: FieldValue] = [:]
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard let name = text(), let value = value() else { return nil }
            values[name] = value
        }
        return values.count == count ? values : nil
    }

    mutating func extra() -> [ExtraField]? {
        list { reader in
            guard let name = reader.text(), let value = reader.value() else { return nil }
            return ExtraField(name: name, value: value)
        }
    }

    mutating func headings() -> [Heading]? {
        list { reader in
            guard let level = reader.varint(), let words = reader.text(), let id = reader.text() else { return nil }
            return Heading(level: level, text: words, id: id)
        }
    }

    /// Notes whose texts stay bytes until asked for (`Notes.Encoded`): most entries of a site read
    /// back from the memo are never shown again.
    mutating func notes() -> Notes? {
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(3)
        for _ in 0..<3 {
            guard let length = varint(), length >= 0, length <= end - offset else { return nil }
            ranges.append(offset..<offset + length)
            offset += length
        }
        let total = ranges.reduce(0) { $0 + $1.count }
        let texts = withBytes { source in
            [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
                for range in ranges where !range.isEmpty {
                    UnsafeMutableRawPointer(buffer.baseAddress! + initialized).copyMemory(from: source.baseAddress! + range.lowerBound, byteCount: range.count)
                    initialized += range.count
                }
            }
        }
        guard let encoded = Notes.Encoded(bytes: texts, starts: (ranges[0].count, ranges[0].count + ranges[1].count)),
              let headings = headings(), let tags = strings() else { return nil }
        return Notes(encoded, headings: headings, tags: tags)
    }

    mutating func entry() -> Entry? {
        guard let ref = ref(), let name = text(), let displayName = text(), let source = sourceLocation(), let path = text(),
              let fields = fields(), let notes = notes(), let relationCount = varint(), relationCount >= 0, relationCount <= end - offset else { return nil }
        var inverse: [Relation] = []
        for _ in 0..<relationCount {
            guard let sourceKind = text(), let field = text(), let label = text(), let entries = refs() else { return nil }
            inverse.append(Relation(sourceKind: sourceKind, field: field, label: label, entries: entries))
        }
        guard let mentions = refs(), let extra = extra(), let isDraft = flag(), let isSpoiler = flag(),
              let spoilerUntil = optionalText() else { return nil }
        return Entry(ref: ref, name: name, source: source, path: path, fields: fields, notes: notes, inverse: inverse, mentions: mentions,
                     displayName: displayName, extra: extra, isDraft: isDraft, isSpoiler: isSpoiler, spoilerUntil: spoilerUntil)
    }


    /// What `MemoWriter.note` wrote.
    mutating func note() -> (path: String, note: KeptNote)? {
        guard let path = text(), let item = varint(), item >= 0, let target = target(), let ref = ref(), let page = text(),
              let targetCount = varint(), targetCount >= 0, targetCount <= end - offset else { return nil }
        var targets = Set<ReferenceLookup.Target>()
        for _ in 0..<targetCount {
            guard let target = self.target() else { return nil }
            targets.insert(target)
        }
        guard let embedCount = varint(), embedCount >= 0, embedCount <= end - offset else { return nil }
        var embeds: [ReferenceLookup.Target] = []
        for _ in 0..<embedCount {
            guard let target = self.target() else { return nil }
            embeds.append(target)
        }
        guard let tags = strings(), let headings = headings(), let linksToHeadings = flag(), let aside = integer() else { return nil }
        return (path, KeptNote(item: item, target: target, ref: ref, page: page, targets: targets, embeds: embeds, tags: tags,
                               headings: headings, linksToHeadings: linksToHeadings, notesAside: aside))
    }

    /// An entry of an index of links (`MemoWriter.indexed`), its kind found in `schema`; its name
    /// keys in `keys`, to be added to an index under them.
    mutating func indexed(schema: Schema) -> CheckedEntry? {
        guard let kindID = text(), let kind = kindID == schema.game.id ? schema.game : schema.kind(id: kindID),
              let id = text(), let source = sourceLocation(), let lineOffset = varint(), let columnOffset = varint(),
              let fallbackName = text(), let isDamaged = flag(), let rawIsDraft = flag(),
              let ref = ref(), let name = text(), let page = text(), let named = flag() else { return nil }
        var nameLocation: SourceLocation?
        if named {
            guard let location = sourceLocation() else { return nil }
            nameLocation = location
        }
        guard let aliases = strings(), let isDraft = flag(), let isSpoiler = flag(), let spoilerUntil = optionalText(),
              let sharedProgress = flag(), let keys = strings(), !keys.isEmpty else { return nil }
        let raw = RawEntry(kind: kind, id: id, source: source, fields: [], notes: "", notesLineOffset: lineOffset,
                           notesColumnOffset: columnOffset, fallbackName: fallbackName, isDamaged: isDamaged, isDraft: rawIsDraft)
        return CheckedEntry(raw: raw, ref: ref, name: name, nameKey: keys[0], page: page, nameLocation: nameLocation, aliases: aliases,
                            fields: [], extra: [], isDraft: isDraft, isSpoiler: isSpoiler, spoilerUntil: spoilerUntil,
                            sharedProgress: sharedProgress, keys: keys)
    }
}
