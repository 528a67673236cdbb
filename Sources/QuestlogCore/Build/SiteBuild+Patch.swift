import Foundation
import YAML

extension SiteBuild {
    /// A site resolved by patching the last build's (`SiteMemo`) rather than loaded and resolved:
    /// what the stages after the resolve need of it.
    struct Patched {
        var site: Site
        /// The resolve's diagnostics, the patched notes' among them.
        var diagnostics: DiagnosticList
        var assets: [ContentAsset]
        var digest: SiteDigest
        /// The digest of the last build's site, which was patched.
        var previous: SiteDigest
        /// The memo patched, for the next build (`keepPatched`); with no entry patched, the site
        /// and its problems alone (`SiteMemo.read(linking:)`), which is not kept again. Nil once
        /// let go (`SiteBuild.run`, while the site is rendered).
        var memo: SiteMemo.Kept?
        /// The entries patched, with their notes now.
        var notes: [SiteMemo.Journaled]
        /// Whether some entry took new front-matter values (`KeptResolve.patch(fields:memo:)`):
        /// the memo is then written whole, as its journal holds notes alone.
        var fields = false
        /// The site's graph, made for its digest when values were patched.
        var graph: RelationGraph?
        /// With values patched, the front matter of every entry patched so, for the next patch
        /// (`keepPatched`).
        var fronts: PatchedFronts?
    }

    /// The site of the last build (`cache`), patched with the files at `changed` (site-relative),
    /// (none: the site of the last build as it was, for an output folder emptied since),
    /// when every one of them is the Markdown file of one published entry, or a data file of
    /// published entries (each id once; the same entries as before, each where it was), whose
    /// notes alone changed (`RawEntry.differsOnlyInNotes`, as the memo tells it) in a way that
    /// reaches nothing beyond the entry's own page (`KeptResolve.patch(notes:memo:)`): no link of
    /// it to a heading, no embed of it, the same entries linked to and embedded, the same inline
    /// tags; and when no problem was found in any of them but in their notes (whose problems the
    /// patch finds again). Nil otherwise (or when the memo is missing, damaged or of another site),
    /// for the site to be loaded and resolved.
    ///
    /// An entry whose front matter (a data file's item, but its notes) changed in its values alone
    /// (`RawEntry.differsOnlyInFieldValues`) is patched as `serve` patches a Markdown file's
    /// (`KeptResolve.patch(fields:memo:)`: plain values and references, not a name or aliases,
    /// whose links the memo's index cannot render again), against the entry as last loaded (the
    /// loads memo's record of its file) or as kept beside the memo (`PatchedFronts`), when that
    /// entry's front matter is the one the memo of the site was made from (`KeptNote.notesAside`)
    /// and its notes are the ones the memo holds. The site's digest is then made again whole, and
    /// the memo is written whole for the next build (`keepPatched`), with the entry's front matter
    /// now. The loads memo is not written again, since the site is not loaded: the entry's front
    /// matter is kept beside the memo, for a second edit of the same file's values to be patched
    /// against it.
    ///
    /// Timed as `read site` (the memo read), and as the stages it stands for: `load` (the changed
    /// files) and `resolve` (the notes patched, the digest made again); a patch refused as one
    /// stage, `patch refused`, what it cost before the site is loaded and resolved.
    func patchFromMemo(changed: [String], cache: BuildCache, timings: BuildTimings) -> Patched? {
        let refused = BuildTimings()
        let patched = refused.measure("patch refused", trimming: false, { attemptPatch(changed: changed, cache: cache, timings: timings) },
                                      count: { _ in (items: changed.count, reused: 0) })
        if patched == nil { timings.append(refused) }
        return patched
    }

    private func attemptPatch(changed: [String], cache: BuildCache, timings: BuildTimings) -> Patched? {
        guard let previous = cache.digest else { return nil }
        let changedPaths = Set(changed)
        let loader = SiteLoader(root: options.site, jobs: 1)
        var configProblems = DiagnosticList()
        var config = loader.loadConfig(&configProblems)
        if let baseURL = options.baseURL { config.baseURL = baseURL }
        let patchTimings = BuildTimings()
        let read = patchTimings.measure("read site", trimming: false, { () -> SiteMemo.Kept? in
            guard let bytes = MemoBytes.map(BuildMemo.sitePath(site: options.site)) else { return nil }
            // With nothing to patch, the site alone: its memo is not written again (`keepPatched`).
            return SiteMemo.read(bytes, journal: FileContents.read(BuildMemo.siteJournalPath(site: options.site)),
                                 identity: BuildCache.binaryIdentity, digest: previous.value, config: config,
                                 settings: SiteMemo.settings(of: options), jobs: options.jobs, linking: !changed.isEmpty)
        }, count: { (items: $0?.kept.site.entryCount ?? 0, reused: $0?.kept.site.entryCount ?? 0) })
        // A problem of a changed file found before its notes (loading it, checking its fields) or
        // after them (links to headings) is not told apart from others: such files are resolved.
        // The memo taken out of `read`, held once: the patch changes its lists in place, not copies.
        guard var memo = consume read, !(memo.kept.head + memo.kept.tail).contains(where: { $0.location.map { changedPaths.contains($0.path) } ?? false })
        else { return nil }
        typealias Edits = (notes: [(path: String, raw: RawEntry)], fields: [(path: String, raw: RawEntry, old: RawEntry)],
                           fronts: PatchedFronts)
        let loaded = patchTimings.measure("load", trimming: false, { () -> Edits? in
            var edits: Edits = ([], [], PatchedFronts())
            // The entries the last build loaded, and those the last patches of values left, read
            // once a front matter is found changed.
            var loads: LoadMemo?
            var fronts: PatchedFronts?
            // What the memos of loaded files were made with, read once a front matter is found changed.
            var settings: UInt64 = 0
            for path in changed.sorted(by: { $0.utf8Precedes($1) }) {
                guard let bytes = FileContents.read(options.site + "/" + path) else { return nil }
                // The file's entries now, each with its note's key and what the memo keeps of it.
                var entries: [(key: String, raw: RawEntry, note: KeptNote)] = []
                var found = DiagnosticList()
                if GameFolderWalk.isDataFile(path) {
                    // As many entries as the last build's site had of the file, each one it had.
                    let count = previous.entries.reduce(0) { $0 + ($1.path == path ? 1 : 0) }
                    guard let first = previous.entries.first(where: { $0.path == path }),
                          let id = first.key.split(separator: "/").last.map(String.init),
                          let note = memo.kept.notes[KeptNote.key(path: path, id: id) ?? ""] else { return nil }
                    let raws = loader.loadDataFile(path, kind: memo.kept.lookup[note.target].raw.kind, bytes: bytes, diagnostics: &found)
                    guard found.all.isEmpty, raws.count == count else { return nil }
                    for raw in raws {
                        guard let key = KeptNote.key(path: path, id: raw.id), let note = memo.kept.notes[key] else { return nil }
                        // The file's other entries, as they were, are left as they are.
                        if raw.notesAsideDigest == note.notesAside,
                           memo.kept.site.withEntry(note.ref, { $0.notes.markdown == raw.notes }) == true { continue }
                        entries.append((key, raw, note))
                    }
                } else {
                    guard let note = memo.kept.notes[path] else { return nil }
                    let kept = memo.kept.lookup[note.target].raw
                    guard let raw = loader.loadMarkdownEntry(path, kind: kept.kind, id: kept.id, bytes: bytes, diagnostics: &found),
                          found.all.isEmpty else { return nil }
                    entries.append((path, raw, note))
                }
                for (key, raw, note) in entries {
                    if raw.notesAsideDigest == note.notesAside {
                        edits.notes.append((key, raw))
                        continue
                    }
                    // The entry as the last patch of its values left it, or as its file was last
                    // loaded (its notes may have been patched since): its front matter must be the
                    // one the memo of the site was made from, and the notes the memo holds must be
                    // the file's now.
                    let kept = memo.kept.lookup[note.target].raw
                    if fronts == nil {
                        settings = LoadMemo.settingsDigest(site: options.site)
                        fronts = FileContents.read(BuildMemo.frontsPath(site: options.site)).map {
                            PatchedFronts(parsing: $0, identity: BuildCache.binaryIdentity, settings: settings)
                        } ?? PatchedFronts()
                    }
                    var old: RawEntry
                    if let patched = fronts?.entry(at: key, kind: kept.kind), patched.id == kept.id, patched.notesAsideDigest == note.notesAside {
                        old = patched
                    } else {
                        if loads == nil {
                            loads = FileContents.read(BuildMemo.loadsPath(site: options.site)).map {
                                LoadMemo(parsing: $0, journal: FileContents.read(BuildMemo.loadsJournalPath(site: options.site)),
                                         identity: BuildCache.binaryIdentity, settings: settings, stamps: [], anyStamps: changedPaths)
                            } ?? LoadMemo()
                        }
                        // A data file's record is of the file, its id none.
                        let fileID = key == path ? kept.id : ""
                        guard let record = loads?.storedEntries(of: [(path, kept.kind, fileID)], jobs: 1)?.first ?? nil,
                              record.diagnostics.isEmpty, key != path || record.entries.count == 1,
                              let loaded = record.entries.first(where: { $0.id == kept.id }),
                              loaded.notesAsideDigest == note.notesAside else { return nil }
                        old = loaded
                    }
                    guard memo.kept.site.withEntry(note.ref, { $0.notes.markdown == raw.notes }) == true else { return nil }
                    old.notes = raw.notes
                    guard raw.differsOnlyInFieldValues(from: old) else { return nil }
                    // A new name or new aliases render again the notes that link to the entry, whose
                    // texts the memo's index of links does not hold: the site is resolved then.
                    func value(_ entry: RawEntry, _ name: String) -> YAMLNode? {
                        entry.fields.first { $0.key.string == name }?.value
                    }
                    guard value(raw, "name") == value(old, "name"), value(raw, "aliases") == value(old, "aliases") else { return nil }
                    edits.fields.append((key, raw, old))
                }
            }
            edits.fronts = fronts ?? PatchedFronts()
            return edits
        }, count: { (items: $0.map { $0.notes.count + $0.fields.count } ?? 0, reused: 0) })
        guard let loaded else { return nil }
        let edits = loaded.notes
        let patched = patchTimings.measure("resolve", trimming: false, { () -> (digest: SiteDigest, notes: [SiteMemo.Journaled], graph: RelationGraph?)? in
            // The index of links holds no notes (`SiteMemo`): those of the entries the notes
            // embedded, which their embeds preview, are put in (a patch whose note embeds any
            // other entry is refused).
            for (path, _) in edits {
                for target in memo.kept.notes[path]?.embeds ?? [] {
                    guard let markdown = memo.kept.site.withEntry(memo.kept.lookup[target].ref, { $0.notes.markdown }) else { return nil }
                    memo.kept.lookup.replaceNotes(at: target, with: markdown)
                }
            }
            guard memo.kept.patch(notes: edits, memo: nil) else { return nil }
            if !loaded.fields.isEmpty {
                guard memo.kept.patch(fields: loaded.fields, memo: nil).patched else { return nil }
                for (path, raw, _) in loaded.fields { memo.kept.notes[path]?.notesAside = raw.notesAsideDigest }
                // Values reach other entries (relations, connections, names): the digest is made
                // again whole.
                let graph = RelationGraph(site: memo.kept.site)
                return (SiteDigest(of: memo.kept.site, jobs: options.jobs, graph: graph), [], graph)
            }
            // The digest of the site patched: the records of the patched entries made again, each
            // of the same shape as before.
            var digest = previous
            var notes: [SiteMemo.Journaled] = []
            var places: [String: Int] = [:]
            for (place, record) in digest.entries.enumerated() where changedPaths.contains(record.path) { places[record.key] = place }
            for (key, _) in edits {
                guard let note = memo.kept.notes[key], let entry = memo.kept.site.entry(note.ref) else { return nil }
                var record = SiteDigest.record(of: entry)
                guard let place = places[record.key] else { return nil }
                let was = digest.entries[place]
                guard record.key == was.key, record.path == was.path, record.shape == was.shape else { return nil }
                // The same entries linked to (`KeptResolve.patch(notes:memo:)`): the same connections.
                record.links = was.links
                digest.entries[place] = record
                notes.append(SiteMemo.Journaled(ref: note.ref, notes: entry.notes, diagnostics: memo.kept.noteDiagnostics[note.item]))
            }
            return (digest, notes, nil)
        }, count: { _ in (items: edits.count + loaded.fields.count, reused: 0) })
        guard let patched else { return nil }
        timings.append(patchTimings)
        let diagnostics = memo.kept.diagnostics
        memo.digest = patched.digest.value
        var fronts: PatchedFronts?
        if !loaded.fields.isEmpty {
            // Those of earlier patches still stand for their entries, unless they grew many, as a
            // build that edits file after file without resolving the site may leave them.
            var kept = loaded.fronts.count + loaded.fields.count <= max(64, memo.kept.site.entryCount / 8) ? loaded.fronts : PatchedFronts()
            for (path, raw, _) in loaded.fields { kept.put(raw, at: path) }
            fronts = kept
        }
        return Patched(site: memo.kept.site, diagnostics: diagnostics, assets: memo.assets, digest: patched.digest, previous: previous, memo: memo,
                       notes: patched.notes, fields: !loaded.fields.isEmpty, graph: patched.graph, fronts: fronts)
    }

    /// Keeps a patched site for the next build: a journal of the notes patched since the memo file
    /// was written (those of the file's journal, then these), or, once that outgrows an eighth of
    /// the entries or when front-matter values were patched, the whole memo again.
    static func keepPatched(_ patched: Patched, settings: Int, site: String) {
        guard let kept = patched.memo else { return }
        if patched.fields {
            var memo = kept
            memo.journaled = []
            _ = try? OutputFileSystem.remove(BuildMemo.siteJournalPath(site: site))
            if !SiteMemo.write(memo, settings: settings, identity: BuildCache.binaryIdentity, to: BuildMemo.sitePath(site: site)) {
                _ = try? OutputFileSystem.remove(BuildMemo.sitePath(site: site))
            }
            if let fronts = patched.fronts {
                store(fronts.bytes(identity: BuildCache.binaryIdentity, settings: LoadMemo.settingsDigest(site: site)),
                      at: BuildMemo.frontsPath(site: site))
            }
            return
        }
        var notes = kept.journaled
        let refs = Set(patched.notes.map(\.ref))
        notes.removeAll { refs.contains($0.ref) }
        notes += patched.notes
        if notes.count <= max(8, patched.site.entryCount / 8) {
            store(SiteMemo.journal(file: kept.file, digest: patched.digest.value, notes: notes, identity: BuildCache.binaryIdentity),
                  at: BuildMemo.siteJournalPath(site: site))
        } else {
            var memo = kept
            memo.journaled = []
            _ = try? OutputFileSystem.remove(BuildMemo.siteJournalPath(site: site))
            SiteMemo.write(memo, settings: settings, identity: BuildCache.binaryIdentity, to: BuildMemo.sitePath(site: site))
        }
    }

    /// Keeps a site resolved afresh for the next build: the memo begun finished, and no journal.
    static func keepResolved(_ memo: SiteMemo.Pending, site resolved: Site, at site: String) {
        _ = try? OutputFileSystem.remove(BuildMemo.siteJournalPath(site: site))
        if !memo.finish(resolved) {
            _ = try? OutputFileSystem.remove(BuildMemo.sitePath(site: site))
        }
    }
}
