import Foundation
import Dispatch

/// The whole pipeline: Load → Resolve → Render → Output. Every problem of the content, the theme
/// and the destination is found before any file of the output changes: pages are written to a
/// staging folder as they are made and renamed into place at the end, and a build that fails
/// removes that folder, leaving the output folder as it was.
public struct SiteBuild: Sendable {
    public var options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    /// The theme of the site: the built-in one, with the site's `Templates/` files in place of theirs.
    public var theme: Theme {
        Theme.embedded.overlaid(with: options.site + "/Templates")
    }

    /// Loads, resolves and renders the site in memory (what `serve` shows), with the content's other
    /// files beside the pages; writes nothing. With `deferringExports`, the files under `exports/`
    /// are left out and the result keeps the resolved site, for `renderExports(of:)` to make them
    /// when they are asked for; with `deferringSearch` too, the search index is left out for
    /// `renderSearch(of:)`. The files are sorted by path.
    /// With a `memo`, notes and graph layouts it holds are reused when nothing they depend on
    /// changed (`BuildMemo`), and it keeps this site's for the next render.
    public func render(progress: (BuildStep) -> Void = { _ in }, timings: BuildTimings = BuildTimings(),
                       deferringExports: Bool = false, deferringSearch: Bool = false, memo: BuildMemo? = nil) -> RenderedSite {
        let collector = OutputCollector()
        let outcome = render(into: collector, progress: progress, timings: timings, deferringExports: deferringExports,
                             deferringSearch: deferringSearch && deferringExports, memo: memo)
        let failed = outcome.diagnostics.failed(strict: options.strict)
        let files = failed ? [] : collector.files
        return RenderedSite(files: files, diagnostics: outcome.diagnostics, gameCount: outcome.gameCount,
                            deferredExports: files.isEmpty ? nil : outcome.deferredExports)
    }

    /// What rendering into a sink found: the diagnostics (when they fail the build, the sink's files
    /// must not be used), the number of games, and the resolved site when its exports were deferred.
    struct RenderOutcome {
        var diagnostics: DiagnosticList
        var gameCount: Int
        var deferredExports: Site?
        /// The digest of the resolved site, when it was asked for.
        var digest: SiteDigest? = nil
        /// The pieces of the export files made (`ExportPieces`).
        var pieces: [String: [Int]] = [:]
    }

    /// What a build may keep of the last one's pages: the digest of the site that build resolved,
    /// and how to keep a page as the output folder holds it (`OutputStage.keep`); and of its export
    /// files: how to open one, by its path in the output folder, as that build left it with the
    /// pieces it recorded (`OutputStage.open`).
    struct PageReuse: Sendable {
        var previous: SiteDigest
        var keep: @Sendable (String) -> Bool
        var open: @Sendable (String) -> PiecedFile? = { _ in nil }
        /// Takes the file the last build wrote at a path as this build's, unmade, when it is as that
        /// build left it: the lengths of the pieces that build recorded of it; nil (nothing taken)
        /// otherwise, or when it recorded none.
        var keepPieced: @Sendable (String) -> [Int]? = { _ in nil }
        /// How to keep files as the output folder holds them, each with the hash its bytes must have:
        /// all, or none (`OutputStage.keep(all:)`).
        var keepAll: @Sendable ([(path: String, hash: UInt64)]) -> Bool = { _ in false }
        /// The files that came since the last build: nothing is kept unless the site shows them
        /// all to be files of its entries.
        var added: [String] = []
    }

    /// What entries that changed since the last build may reach beyond themselves
    /// (`SiteDigest.changedEntries`), by their source files: the entries whose pages may show
    /// something of them (`pages`) and those whose exported records may (`rows`).
    ///
    /// An entry's page shows of other entries only what it names (its references, the entries
    /// naming it, the notes linking to it: its neighbours in the graph) and the picture of its
    /// neighbourhood, which holds entries up to two steps away (`RelationGraph.neighbourhood`),
    /// chosen by how connected they are. An entry whose shape or connections changed
    /// (`reshaped`: a connection made or lost changes both ends), or that was added, therefore
    /// reaches the pages of the entries up to two steps from it in the graph as it is now: one that
    /// lost a connection is itself changed, and whatever was two steps away through it is still
    /// one step from it, or from the other end. An entry removed reaches no further than the
    /// entries it was connected to, which lost that connection. An entry whose notes alone
    /// changed reaches its own page. A playthrough's page shows every entry it counts, so every
    /// playthrough's page is made; an entry's page shows its state in every playthrough of its
    /// game, so a playthrough changed reaches every page: nil then, for every page to be made (one
    /// added or removed changes its game's digest). The other pages (games, kinds, progress, the
    /// graph, home, search) show many entries and are always made. An exported record shows of
    /// the entries it names their names, pages and kinds: `rows` are the changed and added
    /// entries, the neighbours of those shown by other names (`SiteDigest.Changes.renamed`), and
    /// the entries that stand elsewhere in their kind's list (`moved`), since the exports' pieces
    /// are runs of consecutive entries.
    struct Reach: Sendable {
        var pages: Set<String>
        var rows: Set<String>

        init?(of changed: SiteDigest.Changes, in site: Site, graph: RelationGraph? = nil) {
            var playthroughs = Set<String>()
            for game in site.games {
                for run in game.playthroughs {
                    if let entry = run.entry { playthroughs.insert(entry.source.path) }
                }
            }
            guard changed.reshaped.isDisjoint(with: playthroughs), changed.added.isDisjoint(with: playthroughs) else { return nil }
            let graph = graph ?? RelationGraph(site: site)
            func path(_ node: Int) -> String? {
                site.withEntry(graph.refs[node]) { $0.source.path }
            }
            let reshaped = changed.reshaped.union(changed.added)
            var reshapedNodes: [Int] = []
            for game in site.games {
                for entries in game.entries.values {
                    for index in entries.indices where reshaped.contains(entries[index].source.path) {
                        if let node = graph.node(of: entries[index].ref) { reshapedNodes.append(node) }
                    }
                }
            }
            var pages = changed.notes.union(reshaped)
            var rows = pages.union(changed.moved)
            if !reshaped.isEmpty || !changed.removed.isEmpty { pages.formUnion(playthroughs) }
            for node in reshapedNodes where path(node).map(changed.renamed.contains) == true {
                for other in graph.neighbours[node] {
                    if let path = path(other) { rows.insert(path) }
                }
            }
            var reached = Set(reshapedNodes)
            var frontier = reshapedNodes
            for _ in 1...2 {
                var next: [Int] = []
                for node in frontier {
                    for other in graph.neighbours[node] where reached.insert(other).inserted {
                        next.append(other)
                        if let path = path(other) { pages.insert(path) }
                    }
                }
                frontier = next
            }
            self.pages = pages
            self.rows = rows
        }
    }

    /// Loads, resolves and renders the site, handing every file to `sink` as soon as it is made.
    /// With `digesting`, the outcome has the site's digest. With `reuse`, when the site differs from
    /// the last build's only in the notes of some entries (`SiteDigest.changedNotes`), the pages
    /// showing the notes of none of them (`PageBuilder.notesShown(of:)`: all but those entries'
    /// own pages) are kept rather than made, and so are the pieces of the CSV and JSON exports and
    /// the workbooks' sheets that hold none of them (`ExportReuse`); the search index is updated
    /// from the last one when it can be (`SearchIndexBuilder.update`), and made whole otherwise.
    /// When some entries changed in more than their notes, or entries were added or removed, in
    /// games otherwise the same (`SiteDigest.changedEntries`), the entries' pages, records and
    /// documents out of their reach (`Reach`) are kept the same way; the search index is made
    /// whole when entries came, went or moved in their kinds' lists, as they number its documents.
    /// With a memo that keeps search indexes (`BuildMemo.searchIndex`) and a digest, the index is
    /// kept for the next build.
    ///
    /// With `patched`, the site is that one, patched from the last build's (`patchFromMemo`), not
    /// loaded and resolved. Otherwise, with `keepSite`, the memo the next build patches the site
    /// from is begun (when the resolve found no error: `SiteMemo.begin`) and handed to it with the
    /// site, for the memo to be finished once the site is rendered.
    func render(into sink: some OutputSink, progress: (BuildStep) -> Void, timings: BuildTimings,
                deferringExports: Bool = false, deferringSearch: Bool = false, memo: BuildMemo? = nil,
                digesting: Bool = false, reuse: PageReuse? = nil, patched: Patched? = nil,
                keepSite: ((_ memo: SiteMemo.Pending, _ site: Site) -> Void)? = nil,
                afterLoad: () -> Void = {}, afterResolve: () -> Void = {},
                afterSearch: @escaping @Sendable () -> Void = {}) -> RenderOutcome {
        let theme = self.theme
        var (site, resolveDiagnostics, assets, kept) = patched.map { ($0.site, $0.diagnostics, $0.assets, nil) }
            ?? loadAndResolve(theme: theme, progress: progress, timings: timings, memo: memo?.notes, loads: memo?.loads,
                              keeping: keepSite != nil, afterLoad: afterLoad)
        // The whole site is freed on a thread of its own once the build is done with it; in a
        // process that ends with the build, it is made immortal instead, before the pages, the
        // search index and the exports read it on both threads.
        defer { BackgroundRelease.release(site) }
        if options.endsWithProcess { site.makeImmortal() }
        afterResolve()
        var diagnostics = resolveDiagnostics
        if diagnostics.failed(strict: options.strict) {
            BackgroundRelease.release(kept)
            return RenderOutcome(diagnostics: diagnostics, gameCount: site.games.count)
        }
        // The site's graph is made once: for its digest (the entries' connections), for what
        // changes reach, and for the pages' pictures.
        let compared = patched == nil && (digesting || reuse != nil || keepSite != nil)
            ? timings.measure("compare", trimming: false, { () -> (digest: SiteDigest, graph: RelationGraph) in
                let graph = RelationGraph(site: site)
                return (SiteDigest(of: site, jobs: options.jobs, graph: graph), graph)
            }, count: { (items: $0.digest.entries.count, reused: 0) })
            : nil
        let graph = compared?.graph ?? patched?.graph
        let digest = patched?.digest ?? compared?.digest
        if let keepSite, let resolved = kept.take(), let digest {
            // Begun before the site is rendered, so that the resolve's working tables (the index of
            // links, the checked entries, what a patch checks of each note) are let go, and their
            // room given back, before the pages, the search index and the exports take theirs.
            let pending = timings.measure("keep links", trimming: false, {
                SiteMemo.begin(resolved, settings: SiteMemo.settings(of: options), digest: digest.value, assets: assets,
                               identity: BuildCache.binaryIdentity,
                               at: BuildMemo.sitePath(site: options.site), jobs: options.jobs)
            }, count: { _ in (items: resolved.site.entryCount, reused: 0) })
            let held = Slot<KeptResolve>()
            held.value = consume resolved
            DispatchQueue.global().async {
                held.value = nil
                BuildTimings.releaseFreedMemory()
            }
            if let pending { keepSite(pending, site) }
        }
        BackgroundRelease.release(kept.take())
        // The pages that show the notes of no entry whose notes changed, when nothing else did.
        var keeping: (@Sendable (String, [String]) -> Bool)?
        var exportReuse = ExportReuse.counting
        var searchKeeping = memo?.searchIndex.flatMap { index in digest.map { SiteRenderer.SearchKeeping(index: index, site: $0.value) } }
        // Files that came must be files of entries, as the files that changed or went were.
        let reuse = reuse.flatMap { reuse in
            reuse.added.isEmpty || digest.map({ $0.paths.isSuperset(of: reuse.added) }) == true ? reuse : nil
        }
        if let reuse, let changed = digest?.changedNotes(since: reuse.previous) {
            keeping = { path, shown in !shown.contains(where: changed.contains) && reuse.keep(path) }
            exportReuse = ExportReuse(changed: changed, open: { reuse.open(ExportDownload.folder + "/" + $0) },
                                      keep: { reuse.keepPieced(ExportDownload.folder + "/" + $0) })
            searchKeeping?.update = SiteRenderer.SearchUpdate(changed: changed, previous: reuse.previous.value, keep: reuse.keepAll)
        } else if let reuse, let changed = digest?.changedEntries(since: reuse.previous),
                  let reach = timings.measure("reach", trimming: false, { Reach(of: changed, in: site, graph: graph) },
                                              count: { (items: $0?.pages.count ?? 0, reused: 0) }) {
            // Entries changed in more than their notes, or came or went: the pages that may show
            // what changed are made, the pages of other entries kept.
            keeping = { path, shown in !shown.isEmpty && !shown.contains(where: reach.pages.contains) && reuse.keep(path) }
            exportReuse = ExportReuse(changed: reach.rows, reshaping: true, open: { reuse.open(ExportDownload.folder + "/" + $0) },
                                      keep: { reuse.keepPieced(ExportDownload.folder + "/" + $0) })
            // Entries that came, went or moved take other numbers in the index: it is made whole.
            if !changed.listsChanged {
                searchKeeping?.update = SiteRenderer.SearchUpdate(changed: changed.notes.union(changed.reshaped), reshaped: changed.reshaped,
                                                                  previous: reuse.previous.value, keep: reuse.keepAll)
            }
        } else if let patched, let changed = digest?.changedNotes(since: patched.previous), !changed.isEmpty {
            // Into an output folder emptied since, nothing can be kept, but the search index is
            // still updated, then made whole from the memo of the index updated.
            searchKeeping?.update = SiteRenderer.SearchUpdate(changed: changed, previous: patched.previous.value, keep: { _ in false })
        }
        let pieces = ExportPieces()
        progress(.rendering)
        var renderer = SiteRenderer(theme: theme, jobs: options.jobs, root: options.site)
        renderer.endsWithProcess = options.endsWithProcess
        var claimed: [String]
        if deferringExports {
            diagnostics.append(contentsOf: renderer.render(site, into: sink, timings: timings, deferringSearch: deferringSearch,
                                                           layouts: memo?.layouts, graph: graph))
            if diagnostics.failed(strict: options.strict) {
                return RenderOutcome(diagnostics: diagnostics, gameCount: site.games.count)
            }
            // Deferred exports still claim their paths, so an asset in their place is the same error as in a build.
            claimed = sink.paths + Self.exportPaths(of: site)
        } else {
            let (pageProblems, exportProblems) = renderEverything(of: site, renderer: renderer, into: sink, timings: timings, layouts: memo?.layouts,
                                                                  deflated: memo?.deflated, search: (memo?.search, searchKeeping),
                                                                  afterSearch: afterSearch, keeping: keeping, graph: graph,
                                                                  exports: (exportReuse, pieces))
            diagnostics.append(contentsOf: pageProblems)
            // With pages that cannot be made, the build stops there, as if the rest had not been made.
            if diagnostics.failed(strict: options.strict) {
                return RenderOutcome(diagnostics: diagnostics, gameCount: site.games.count)
            }
            diagnostics.append(contentsOf: exportProblems)
            claimed = sink.paths
        }
        if !diagnostics.failed(strict: options.strict) {
            var assetDiagnostics = DiagnosticList()
            _ = timings.measure("assets", trimming: false, { addAssetFiles(assets, besides: claimed, into: sink, diagnostics: &assetDiagnostics) },
                                count: { (items: $0, reused: 0) })
            diagnostics.append(contentsOf: assetDiagnostics)
        }
        return RenderOutcome(diagnostics: diagnostics, gameCount: site.games.count,
                             deferredExports: deferringExports ? site : nil, digest: digest, pieces: pieces.recorded)
    }

    /// Loads and resolves the site for `serve`, leaving every page to be made when asked for
    /// (`ServedSite`): a save is shown as soon as the site is resolved, whatever its size. With a
    /// `memo`, as `render(memo:)`. The content's other files claim no path of a page, a theme asset,
    /// an export or the sitemap, as in a build.
    ///
    /// `changed` are the files (relative to the site) saved since the last render with this memo,
    /// when they are known. When every one is an entry's Markdown file whose notes alone changed
    /// (or a file the memo holds that did not change), and the memo keeps that render's build
    /// (`ServedMemo`), the site is patched: those notes are rendered again, and of the pages made so
    /// far only those showing them are made again. A file whose front matter alone changed, in
    /// values that reach no other entry (`KeptResolve.patch(fields:)`), is patched too: the entry
    /// takes its new values in place, and every page is made again from the site when asked for. So
    /// are new references with the same problems (the entries named take it into their relations,
    /// the graph the connections), and a new name or new aliases that no other entry, reference or
    /// link goes by (`KeptResolve.canRename`): the entry takes its place in the lists, and the notes
    /// that link to it are rendered again.
    /// Otherwise it is loaded and resolved afresh, the files the memo holds that are not among
    /// `changed` (nor under a folder of it) taken from the memo without being read, and the
    /// folders not walked again unless a file came or went. So `changed` must name every file that
    /// may have changed.
    public func renderServed(progress: (BuildStep) -> Void = { _ in }, timings: BuildTimings = BuildTimings(),
                             memo: BuildMemo? = nil, changed: [String]? = nil) -> ServedSite {
        if let changed, let memo, let patched = patchServed(changed: changed, memo: memo, timings: timings) {
            return patched
        }
        memo?.served?.forget()
        // The files not saved are as the last render read them: their entries are reused unread.
        if let changed { memo?.loads?.trust(changed: changed) }
        let theme = self.theme
        let (site, resolveDiagnostics, assets, kept) = loadAndResolve(theme: theme, progress: progress, timings: timings, memo: memo?.notes,
                                                                      loads: memo?.loads, keeping: memo?.served != nil)
        var diagnostics = resolveDiagnostics
        if diagnostics.failed(strict: options.strict) {
            return ServedSite(diagnostics: diagnostics, gameCount: site.games.count)
        }
        progress(.rendering)
        let renderer = SiteRenderer(theme: theme, jobs: options.jobs, root: options.site)
        let (pages, problems) = timings.measure("pages", { renderer.pages(of: site, layouts: memo?.layouts) },
                                                count: { (items: $0.pages?.count ?? 0, reused: 0) })
        diagnostics.append(contentsOf: problems)
        guard let pages, !diagnostics.failed(strict: options.strict) else {
            return ServedSite(diagnostics: diagnostics, gameCount: site.games.count)
        }
        let collector = OutputCollector()
        for asset in theme.assets {
            collector.add(OutputFile(path: asset.path, bytes: asset.bytes))
        }
        let claimed = pages.paths + collector.paths + (site.config.baseURL == nil ? [] : SiteRenderer.sitemapPaths) + Self.exportPaths(of: site)
        var assetDiagnostics = DiagnosticList()
        _ = timings.measure("assets", { addAssetFiles(assets, besides: claimed, into: collector, diagnostics: &assetDiagnostics) },
                            count: { (items: $0, reused: 0) })
        diagnostics.append(contentsOf: assetDiagnostics)
        if diagnostics.failed(strict: options.strict) {
            return ServedSite(diagnostics: diagnostics, gameCount: site.games.count)
        }
        let files = collector.files
        if let kept, let memo {
            var inputs = Set(kept.lookup.sourcePaths)
            inputs.formUnion(site.games.map(\.source.path))
            inputs.formUnion(assets.map(\.path))
            inputs.formUnion(memo.loads?.paths ?? [])
            inputs.formUnion(diagnostics.all.compactMap { $0.location?.path })
            memo.served?.keep(ServedMemo.Last(options: options, kept: kept, pages: pages, files: files,
                                              later: Array(diagnostics.all.dropFirst(resolveDiagnostics.all.count)), inputs: inputs))
        }
        return ServedSite(diagnostics: diagnostics, gameCount: site.games.count, pages: pages, files: files, site: site)
    }

    /// `renderServed` of a save that changed notes or front-matter values alone, patched from the
    /// memo's last build; nil when the save changed anything else (or nothing is kept), for the
    /// site to be made afresh.
    private func patchServed(changed: [String], memo: BuildMemo, timings: BuildTimings) -> ServedSite? {
        guard let loads = memo.loads, let served = memo.served, var last = served.take() else { return nil }
        // A patch refused lets the last build go on a thread of its own; the whole build follows.
        func refused(_ last: consuming ServedMemo.Last) -> ServedSite? {
            BackgroundRelease.release(last)
            return nil
        }
        guard last.options == options else { return refused(last) }
        let loader = SiteLoader(root: options.site, jobs: 1)
        // Recorded only when the patch succeeds: otherwise the stages of the whole build follow.
        let patchTimings = BuildTimings()
        // Each entry by its note's key (`KeptNote.key`); the files whose notes changed, by path.
        typealias Edits = (notes: [(path: String, raw: RawEntry)], fields: [(path: String, raw: RawEntry, old: RawEntry)], files: Set<String>)
        let edits = patchTimings.measure("load", trimming: false, { () -> Edits? in
            var edits: Edits = ([], [], [])
            var files = 0
            for path in Set(changed).sorted() {
                if Self.isShortLived(path, site: options.site, inputs: last.inputs) { continue }
                guard let record = loads.record(at: path),
                      let bytes = FileContents.read(options.site + "/" + path, limit: LoadMemo.largestFile + 1),
                      bytes.count <= LoadMemo.largestFile else { return nil }
                if record.holds(bytes) { continue }
                var found = DiagnosticList()
                // The entries of a Markdown file kept alone, or of a data file: as many as before,
                // each one of them where it was, but for what a patch puts in.
                var raws: [RawEntry]
                if GameFolderWalk.isDataFile(path) {
                    raws = loader.loadDataFile(path, kind: record.kind, bytes: bytes, diagnostics: &found)
                } else {
                    guard last.kept.notes[path] != nil, record.entries.count == 1,
                          let raw = loader.loadMarkdownEntry(path, kind: record.kind, id: record.id, bytes: bytes, diagnostics: &found) else { return nil }
                    raws = [raw]
                }
                loads.replace(at: path, bytes: bytes, entries: raws, diagnostics: found.all)
                files += 1
                guard found.all == record.diagnostics, raws.count == record.entries.count else { return nil }
                for (raw, was) in zip(raws, record.entries) {
                    guard let key = KeptNote.key(path: path, id: raw.id), last.kept.notes[key] != nil else { return nil }
                    if raw.differsOnlyInNotes(from: was) {
                        if raw.notes != was.notes {
                            edits.notes.append((key, raw))
                            edits.files.insert(path)
                        }
                    } else if raw.differsOnlyInFieldValues(from: was) {
                        edits.fields.append((key, raw, was))
                    } else {
                        return nil
                    }
                }
            }
            loads.patched(loaded: files)
            return edits
        }, count: { (items: $0.map { $0.notes.count + $0.fields.count } ?? 0, reused: loads.reusedCount) })
        guard let edits else { return refused(last) }
        let edited = edits.notes.count + edits.fields.count
        let patch = patchTimings.measure("resolve", trimming: false, { () -> KeptResolve.FieldsPatch in
            guard last.kept.patch(notes: edits.notes, memo: memo.notes) else { return KeptResolve.FieldsPatch(patched: false) }
            return last.kept.patch(fields: edits.fields, memo: memo.notes)
        }, count: { _ in (items: edited, reused: last.kept.site.entryCount - edited) })
        guard patch.patched else { return refused(last) }
        let site = last.kept.site
        let pages: PageSet
        if edits.fields.isEmpty {
            pages = patchTimings.measure("pages", trimming: false, { last.pages.replacingNotes(site: site, changed: edits.files) },
                                         count: { (items: $0.count, reused: $0.madeCount) })
        } else {
            // What pages show of an entry's fields is not told by their sources (tables, progress,
            // pictures, relations): every page is made again from the patched site, when asked for.
            let refs = edits.fields.compactMap { last.kept.notes[$0.path]?.ref }
            pages = patchTimings.measure("pages", trimming: false, {
                last.pages.replacingFields(site: site, of: refs, renamed: patch.renamed, relinks: patch.relinks)
            }, count: { (items: $0.count, reused: 0) })
        }
        timings.append(patchTimings)
        last.pages = pages
        served.keep(last)
        var diagnostics = last.kept.diagnostics
        diagnostics.append(contentsOf: last.later)
        if diagnostics.failed(strict: options.strict) {
            return ServedSite(diagnostics: diagnostics, gameCount: site.games.count, isPatched: true)
        }
        return ServedSite(diagnostics: diagnostics, gameCount: site.games.count, pages: pages, files: last.files, site: site, isPatched: true,
                          patchedFields: !edits.fields.isEmpty)
    }

    /// Whether `path` (site-relative) is a file of `Content/` that came and went since the last
    /// build (an editor's test file, such as Vim's `4913`): gone now, and neither one of the
    /// build's `inputs` nor a folder holding one.
    static func isShortLived(_ path: String, site: String, inputs: Set<String>) -> Bool {
        var info = stat()
        guard path.hasPrefix(SiteLoader.contentFolder + "/"), lstat(site + "/" + path, &info) != 0, errno == ENOENT,
              !inputs.contains(path) else { return false }
        let folder = path + "/"
        return !inputs.contains { $0.hasPrefix(folder) }
    }

    /// The sitemap and `robots.txt` of a served site (none without a base URL); every page is made.
    public func renderSitemap(of served: ServedSite) -> [OutputFile] {
        guard let site = served.site, let pages = served.pages else { return [] }
        return SiteRenderer(theme: theme, jobs: options.jobs, root: options.site).sitemapFiles(of: site, pages: pages)
    }

    /// The Load and Resolve stages. The loaded site is this function's alone, so its raw entries are
    /// freed as soon as the site is resolved, before a page is rendered; only the assets are kept.
    private func loadAndResolve(theme: Theme, progress: (BuildStep) -> Void, timings: BuildTimings, memo: NoteMemo?,
                                loads: LoadMemo? = nil, keeping: Bool = false, afterLoad: () -> Void = {})
        -> (site: Site, diagnostics: DiagnosticList, assets: [ContentAsset], kept: KeptResolve?) {
        progress(.loading)
        var loaded = timings.measure("load", { SiteLoader(root: options.site, jobs: options.jobs, memo: loads).load() },
                                     count: { (items: $0.games.reduce(0) { $0 + $1.entries.count + 1 } + $0.assets.count, reused: loads?.reusedCount ?? 0) })
        afterLoad()
        if let baseURL = options.baseURL { loaded.config.baseURL = baseURL }
        progress(.resolving)
        let assets = loaded.assets
        // Handed over whole, so the resolver lets each raw entry go as soon as it is done with it.
        let (site, diagnostics, kept) = timings.measure("resolve", { () -> (site: Site, diagnostics: DiagnosticList, kept: KeptResolve?) in
            let resolver = Resolver(options: options.resolveOptions(theme: theme))
            let input = loaded
            loaded.games = []
            return resolver.resolve(consume input, memo: memo, keeping: keeping)
        }, count: { (items: $0.site.entryCount, reused: memo?.reusedCount ?? 0) })
        return (site, diagnostics, assets, kept)
    }

    /// The files under `exports/` of a resolved site, one format after another, each made on every
    /// thread; an export that cannot be made (a workbook too big for its container) is an error.
    /// Workbooks reuse the compressed blocks of `deflated` where their bytes come again, and it
    /// keeps these exports' blocks.
    public func renderExports(of site: Site, timings: BuildTimings = BuildTimings(), deflated: DeflateMemo? = nil) -> (files: [OutputFile], diagnostics: DiagnosticList) {
        let collector = OutputCollector()
        let diagnostics = renderExports(of: site, into: collector, timings: timings, deflated: deflated)
        return (collector.files, diagnostics)
    }

    /// `renderExports(of:)` into a sink, each format's files handed over as soon as they are made.
    /// CSV files, JSON documents and workbooks take the pieces of the last build's files that `reuse` allows,
    /// and `pieces` records theirs.
    func renderExports(of site: Site, into sink: some OutputSink, timings: BuildTimings, beside: Bool = false,
                       deflated: DeflateMemo? = nil, reuse: ExportReuse = .counting, pieces: ExportPieces? = nil) -> DiagnosticList {
        var diagnostics = DiagnosticList()
        func work() -> Int {
            var count = 0
            // When runs may be taken from the last build's files, the JSON documents last: their
            // runs (32 MB at 10,000 entries, shared by a game's document and `site.json`) are the
            // most the exports hold at once, and they are then taken in a moment while the search
            // index is made beside the exports; made last, they are held once the index has let
            // its postings go (a tenth less peak memory after an edit at 10,000 entries). A build
            // that makes them whole makes them before the workbook, whose rows then fill the room
            // they leave (a sixth less peak memory at 50,000 entries than the other way round).
            let formats: [ExportFormat] = reuse.changed == nil ? [.csv, .json, .xlsx] : [.csv, .xlsx, .json]
            for format in formats {
                do throws(Diagnostic) {
                    try format.files(for: site, options: ExportOptions(jobs: options.jobs), deflated: deflated, reuse: reuse) { file in
                        count += 1
                        let path = ExportDownload.folder + "/" + file.path
                        pieces?.record(path, chunks: file.chunks)
                        sink.add(OutputFile(path: path, chunks: file.chunks))
                    }
                } catch {
                    diagnostics.append(error)
                }
            }
            // The files taken whole, unmade, with the pieces the last build recorded.
            for (path, lengths) in reuse.keptFiles {
                count += 1
                pieces?.record(ExportDownload.folder + "/" + path, lengths: lengths)
            }
            deflated?.finishExports()
            return count
        }
        // The other files and the runs of entries of the CSV files and JSON documents, and the
        // workbooks' sheets of entries, made or taken.
        let count = { (files: Int) in (items: files + reuse.runs.made + reuse.runs.taken, reused: reuse.runs.taken) }
        if beside {
            _ = timings.measureBeside("exports", work, count: count)
        } else {
            _ = timings.measure("exports", work, count: count)
        }
        return diagnostics
    }

    /// The pages, the search index and the exports of a site, made at the same time (`Parallel.all`):
    /// each has parts that run on fewer threads than there are, which the others fill. The
    /// diagnostics of the pages (template and locale problems), then those of the exports.
    private func renderEverything(of site: Site, renderer: SiteRenderer, into sink: some OutputSink, timings: BuildTimings,
                                  layouts: LayoutMemo?, deflated: DeflateMemo?, search: (memo: SearchMemo?, keeping: SiteRenderer.SearchKeeping?),
                                  afterSearch: @escaping @Sendable () -> Void,
                                  keeping: (@Sendable (String, [String]) -> Bool)?, graph: RelationGraph?,
                                  exports: (reuse: ExportReuse, pieces: ExportPieces)) -> (pages: DiagnosticList, exports: DiagnosticList) {
        timings.measure("render", { () -> (pages: DiagnosticList, exports: DiagnosticList) in
            let pages = Slot<DiagnosticList>(), made = Slot<DiagnosticList>()
            let makePages: @Sendable () -> Void = {
                pages.value = renderer.render(site, into: sink, timings: timings, deferringSearch: true, layouts: layouts, beside: true,
                                              keeping: keeping, graph: graph)
            }
            let makeSearch: @Sendable () -> Void = {
                // Files made again from a memo of the index count as reused: no document of
                // theirs was analysed.
                _ = timings.measureBeside("search", { () -> (made: Int, kept: Int) in
                    let (files, made, reused) = renderer.searchFiles(of: site, memo: search.memo, keeping: search.keeping)
                    sink.add(contentsOf: files)
                    return (made, reused)
                }, count: { (items: $0.made + $0.kept, reused: $0.kept) })
                afterSearch()
            }
            let makeExports: @Sendable () -> Void = {
                made.value = renderExports(of: site, into: sink, timings: timings, beside: true, deflated: deflated,
                                           reuse: exports.reuse, pieces: exports.pieces)
            }
            if keeping == nil {
                // The search index and the exports one after the other: each holds much of the
                // site at once, and together they would raise the build's peak memory.
                Parallel.all([makePages, { makeSearch(); makeExports() }])
            } else {
                // Most pages are kept: the three at once, so the longest does not wait for another.
                Parallel.all([makePages, makeSearch, makeExports])
            }
            return (pages.value ?? DiagnosticList(), made.value ?? DiagnosticList())
        }, count: { _ in (items: 0, reused: 0) })
    }

    /// The search index of a site rendered with `deferringSearch`, reusing the analyses of `memo`
    /// for documents whose texts are unchanged.
    public func renderSearch(of site: Site, memo: SearchMemo? = nil) -> [OutputFile] {
        SiteRenderer(theme: theme, jobs: options.jobs, root: options.site).searchFiles(of: site, memo: memo)
    }

    /// Where the exports of a site go, from the pages' download links, without making them.
    static func exportPaths(of site: Site) -> [String] {
        ExportDownload.forSite().map(\.path) + site.games.flatMap { ExportDownload.forGame($0.id, schema: site.schema, playthroughs: $0.hasPlaythroughs).map(\.path) }
    }

    /// Runs the build; `progress` is told each step as it starts.
    public func run(progress: (BuildStep) -> Void = { _ in }, timings: BuildTimings = BuildTimings()) -> BuildResult {
        // Stamped before anything is read, so an edit made during the build is seen by the next one.
        let key = BuildCache.key(for: options)
        let outputFolder = OutputFileSystem.canonical(options.output)
        let cachePath = BuildCache.path(site: options.site, folder: outputFolder)
        // The last build's cache is read on another thread while the files are stamped.
        let cacheReading = Background { FileContents.read(cachePath).flatMap(BuildCache.init(parsing:)) }
        // The bytes of the files are known from the record where their stamps are as recorded, else
        // hashed before anything reads them (`BuildCache.knowingContents`); those of the files the
        // load hashes itself are taken from it when there is no record to compare with.
        let (stamps, contentHasLinks) = timings.measure("check cache", { () -> (stamps: [SourceStamp], contentHasLinks: Bool) in
            let collected = SourceStamp.collectNotingLinks(site: options.site, jobs: options.jobs)
            let record = options.clean ? nil : cacheReading.value().flatMap { $0.key == key ? $0 : nil }
            let stamps = BuildCache.knowingContents(of: collected.stamps, from: record, site: options.site, jobs: options.jobs,
                                                    skipping: SiteLoader.hashesWhenLoading)
            return (stamps, collected.contentHasLinks)
        }, count: { (items: $0.stamps.count, reused: 0) })
        let previous = cacheReading.value()
        if !options.clean, let cache = previous,
           FileContents.read(options.output + "/" + OutputManifest.fileName) != nil,
           cache.isCurrent(key: key, inputs: stamps, site: options.site, output: options.output) {
            return BuildResult(diagnostics: DiagnosticList(cache.diagnostics),
                               report: OutputReport(written: [], unchanged: cache.outputs.count, removed: []),
                               pageCount: cache.pageCount, gameCount: cache.gameCount, upToDate: true)
        }
        // The files that changed or went since the last build, when they are all files of its
        // entries, and the files that came, which the site must show to be files of entries.
        let changedFiles: (changed: [String], added: [String], cameOrWent: Bool)? = {
            guard !options.clean, let cache = previous, cache.key == key, let digest = cache.digest else { return nil }
            let compared = cache.comparedInputs(stamps, site: options.site)
            let entryFiles = digest.paths
            guard compared.changed.allSatisfy(entryFiles.contains), compared.removed.allSatisfy(entryFiles.contains) else { return nil }
            return (compared.changed, compared.added, !compared.added.isEmpty || !compared.removed.isEmpty)
        }()
        // The files that changed, when none came or went and each is a file whose entries the last
        // build's site may be patched with (`patchFromMemo`, `KeptNote.key`): for another, the memo
        // of the site is not read for nothing.
        let changedEntries = changedFiles.flatMap { files in
            files.cameOrWent || !files.changed.allSatisfy({ KeptNote.key(path: $0, id: "") != nil }) ? nil : files.changed
        }
        // The notes and layouts of earlier builds are read on another thread while the output folder
        // is looked at; the notes only when the last build's site is not likely to be patched.
        let memoReading = options.clean ? nil : BuildMemo.Reading(site: options.site, readingNotes: changedEntries == nil)
        // Each file is written out of the way in the output folder as soon as it is made, and put in
        // place only once the whole site is known to be good; a destination that must not be
        // written to gets nothing, and its problems are reported with the content's.
        var writer = OutputWriter(directory: options.output, displayName: options.outputDisplayName,
                                  siteRoot: options.site, jobs: options.jobs)
        var destinationProblems: [OutputError] = []
        // Whether the folder may be written to, and whether it holds an earlier build's output
        // (its manifest): only then may pages of that output be kept. The writer looks again
        // before writing, and takes the manifest from this look if its bytes are unchanged.
        let inspected = writer.placementError() == nil ? writer.inspectDestination(errors: &destinationProblems) : nil
        writer.inspected = inspected
        let (writable, holdsOutput) = inspected.map { (true, $0.manifest != nil) } ?? (false, false)
        let previousOutputs = options.clean ? [] : (previous?.outputs ?? [])
        // The last build put these files in place together, so their paths passed its checks;
        // a build cache of another program (`key`) may have had other rules.
        if !options.clean, let cache = previous, cache.key == key { writer.vetted = cache.outputs.map(\.path) }
        let stage = OutputStage(writer: writer, previous: previousOutputs, recorded: previous?.written ?? 0, active: writable)
        // The notes and layouts of earlier builds, unless everything is to be made afresh; this
        // build's are kept for the next, whatever becomes of the build.
        // The files' entries are kept with the stamps the files had before the build read them.
        let settings = LoadMemo.settingsDigest(site: options.site)
        // The walk of `Content/` is kept with the stamps it was made from, unless a symbolic link
        // there makes stamps unable to tell what the walk would find.
        let walkKey = contentHasLinks ? nil : ContentWalk.key(of: stamps)
        // When only files of entries changed, the pages the edits cannot reach may be kept, from
        // the output the folder holds. Into an emptied folder no page can be kept, and the build is
        // made as a full one, whose stages hold less at once.
        var reuse: PageReuse?
        // When they are all entries' Markdown files whose notes alone changed, the last build's
        // resolve is patched with them (`patchFromMemo`) rather than made again, also into a
        // folder emptied since the last build (a deploy's build of a fresh clone): the last
        // build's site whole when nothing changed. A patch refused costs the read of the memo.
        var patched: Patched?
        if writable, let files = changedFiles, let cache = previous, let digest = cache.digest {
            if let changed = changedEntries { patched = patchFromMemo(changed: changed, cache: cache, timings: timings) }
            if holdsOutput {
                let pieces = cache.pieces
                reuse = PageReuse(previous: digest, keep: { stage.keep($0) },
                                  open: { path in pieces[path].flatMap { stage.open(path, pieces: $0) } },
                                  keepPieced: { path in pieces[path].flatMap { stage.keep(path) ? $0 : nil } },
                                  keepAll: { stage.keep(all: $0) }, added: files.added)
            }
        }
        let memo = memoReading.map { reading in
            timings.measure("read memo", { patched != nil ? reading.patching() : reading.memo(loading: (stamps, settings, walkKey)) },
                            count: { (items: $0.count, reused: 0) })
        } ?? BuildMemo(loads: LoadMemo())
        // The notes are written (and let go) as soon as they are all rendered, on a thread of their
        // own while the pages are made; the layouts at the end.
        let keeping = DispatchGroup()
        // The search analyses are written (and let go) as soon as the index is made, before the
        // exports that may follow it on the same thread.
        let keepSearch: @Sendable () -> Void = {
            if memo.search.changed {
                timings.measureBeside("keep search", {
                    Self.store(memo.search.files(), at: BuildMemo.searchPath(site: options.site), journal: BuildMemo.searchJournalPath(site: options.site))
                },
                                      count: { _ in (items: memo.search.madeCount + memo.search.reusedCount, reused: memo.search.reusedCount) })
            }
            memo.search.release()
            memo.searchIndex?.store { bytes, path in Self.store(bytes, at: path) }
        }
        // The loaded files are written (and let go) as soon as they are loaded, while the site is resolved.
        let readsSearchAhead = reuse != nil
        // The resolve of every build that loads and resolves the site (but a clean one, which
        // keeps none) is kept for the next build to patch: an edit is most often followed by
        // another, the first build's too, and a build into a folder emptied since, of a site
        // unchanged, takes the site whole. What the memo holds beside the site is written as soon
        // as the site is resolved (`SiteMemo.begin`), which lets go of the resolve's working tables
        // before the site is rendered; the site once it is rendered, on a thread of its own while
        // the output is checked and written. A patched resolve is kept as a journal of the notes
        // patched; a site taken whole is kept already.
        let site = options.site
        let siteKeeping = DispatchGroup()
        defer { siteKeeping.wait() }
        let keptSite = Slot<(memo: SiteMemo.Pending, site: Site)>()
        let keepSite: ((SiteMemo.Pending, Site) -> Void)? = patched != nil || options.clean || !writable ? nil : { memo, resolved in
            keptSite.value = (memo, resolved)
        }
        if let patched, !patched.notes.isEmpty || patched.fields {
            let settings = SiteMemo.settings(of: options)
            DispatchQueue.global().async(group: keeping) { Self.keepPatched(patched, settings: settings, site: site) }
        }
        // The rest of the last build's resolve the patch needed (the index of links, what each note
        // was checked for) is let go now, on a thread of its own, rather than held while the site
        // is rendered, which makes every page into an emptied folder: `keepPatched` holds its own
        // until it has written the memo.
        if patched != nil { BackgroundRelease.release(patched!.memo.take()) }
        if patched != nil, readsSearchAhead, options.jobs > 1 {
            memo.search.readAhead()
            memo.searchIndex?.readAhead()
        }
        // The bytes the load used of each file it read, which the build's record keeps.
        let loadedContents = Slot<[String: (hash: UInt64, byteCount: Int)]>()
        let rendered = render(into: stage, progress: progress, timings: timings, memo: memo, digesting: true, reuse: reuse,
                              patched: patched, keepSite: keepSite, afterLoad: {
            // The resolve leaves a processor free part of the time: after an edit, the search memo
            // is read then, rather than when the index waits for it. A full build, which reuses no
            // page, reads it when needed, so that it is not held beside the pages being made.
            if options.jobs > 1 && readsSearchAhead {
                memo.search.readAhead()
                memo.searchIndex?.readAhead()
            }
            if let loads = memo.loads {
                loadedContents.value = loads.loadedContents
                // A walk made afresh is kept for the next build, one it may not stand for removed.
                if let walk = loads.madeWalk {
                    let storable = walk.storableKey(matching: walkKey)
                    DispatchQueue.global().async(group: keeping) {
                        let path = BuildMemo.walkPath(site: options.site)
                        if let key = storable {
                            timings.measureBeside("keep walk", {
                                Self.store(walk.bytes(identity: BuildCache.binaryIdentity, settings: settings, key: key), at: path)
                            }, count: { _ in (items: walk.fileCount, reused: 0) })
                        } else {
                            _ = try? OutputFileSystem.remove(path)
                        }
                    }
                }
                // The entries of files saved too recently for the loads memo to hold them are kept
                // beside the memo of the site this build keeps, and only those: a few files edited
                // just before the build, not a whole checkout made just before it.
                if keepSite != nil {
                    let unsettled = loads.unsettledEntries(stamps: stamps)
                    let few = unsettled.count <= max(64, stamps.count / 8)
                    DispatchQueue.global().async(group: keeping) {
                        let path = BuildMemo.frontsPath(site: options.site)
                        if unsettled.isEmpty || !few {
                            _ = try? OutputFileSystem.remove(path)
                        } else {
                            Self.store(PatchedFronts(unsettled: unsettled).bytes(identity: BuildCache.binaryIdentity, settings: settings), at: path)
                        }
                    }
                }
                if loads.changedSinceFile {
                    DispatchQueue.global().async(group: keeping) {
                        timings.measureBeside("keep loads", {
                            Self.store(loads.files(identity: BuildCache.binaryIdentity, settings: settings, stamps: stamps),
                                       at: BuildMemo.loadsPath(site: options.site), journal: BuildMemo.loadsJournalPath(site: options.site))
                        }, count: { _ in (items: loads.count, reused: 0) })
                        loads.release()
                    }
                } else {
                    loads.release()
                }
            }
        }, afterResolve: {
            guard memo.notes.changed else {
                memo.notes.release()
                return
            }
            DispatchQueue.global().async(group: keeping) {
                timings.measureBeside("keep notes", {
                    Self.store(memo.notes.files(identity: BuildCache.binaryIdentity),
                               at: BuildMemo.notesPath(site: options.site), journal: BuildMemo.notesJournalPath(site: options.site))
                }, count: { _ in (items: memo.notes.count, reused: 0) })
                memo.notes.release()
            }
        }, afterSearch: keepSearch)
        // The patched resolve is let go on a thread of its own (the index of links, the checked
        // entries), rather than at the end of the build.
        BackgroundRelease.release(patched.take())
        keeping.wait()
        // Finished only for a site the build may write: a memo begun otherwise leaves no file.
        if let kept = keptSite.value.take(), !rendered.diagnostics.failed(strict: options.strict) {
            DispatchQueue.global().async(group: siteKeeping) {
                timings.measureBeside("keep site", { Self.keepResolved(kept.memo, site: kept.site, at: site) },
                                      count: { _ in (items: kept.site.entryCount, reused: 0) })
            }
        }
        // The stages from here on are not trimmed (`BuildTimings.releaseFreedMemory`): the build
        // has passed its peak, what they make fits in the room the pages and the index left, and
        // the process ends with them.
        // The layouts and the compressed blocks are kept on another thread while the output is
        // checked and written: the pages and the exports are done with them.
        if memo.layouts.changed {
            DispatchQueue.global().async(group: siteKeeping) {
                timings.measureBeside("keep layouts", { Self.store(memo.layouts.bytes(identity: BuildCache.binaryIdentity), at: BuildMemo.layoutsPath(site: site)) },
                                      count: { _ in (items: memo.layouts.count, reused: 0) })
            }
        }
        if memo.deflated.changed {
            DispatchQueue.global().async(group: siteKeeping) {
                timings.measureBeside("keep deflated", { Self.store(memo.deflated.bytes(identity: BuildCache.binaryIdentity), at: BuildMemo.deflatedPath(site: site)) },
                                      // The blocks the exports used: those taken from the memo and those deflated.
                                      count: { _ in (items: memo.deflated.madeCount + memo.deflated.reusedCount, reused: memo.deflated.reusedCount) })
            }
        }
        var diagnostics = rendered.diagnostics
        func stopped() -> BuildResult {
            stage.discard()
            return BuildResult(diagnostics: diagnostics, report: nil, pageCount: 0, gameCount: rendered.gameCount)
        }
        if diagnostics.failed(strict: options.strict) { return stopped() }

        let problems = timings.measure("check output", trimming: false, { stage.validate() }, count: { _ in (items: stage.fileCount, reused: 0) })
        if !problems.isEmpty {
            diagnostics.append(contentsOf: problems.map(\.diagnostic))
            return stopped()
        }
        progress(.writing)
        // The output is about to change: no cache may vouch for it until this build has written it all.
        _ = try? OutputFileSystem.remove(cachePath)
        let pageCount = stage.pageCount
        // The large files replaced lose their last names beside the rest (`commit(keepingAsides:)`).
        let dropping = DispatchGroup()
        defer { dropping.wait() }
        let written = timings.measure("write", trimming: false, {
            timings.expect(stage.fileCount)
            return Result { () throws(OutputError) -> (report: OutputReport, outputs: [SourceStamp]?, written: Int64) in
                defer {
                    DispatchQueue.global().async(group: dropping) {
                        _ = timings.measureBeside("drop old", { stage.dropAsides() }, count: { (items: $0, reused: 0) })
                    }
                }
                return try stage.commit(onFile: { timings.advance() }, keepingAsides: true)
            }
        },
                                      count: { result in
                                          guard case let .success(done) = result else { return (items: 0, reused: 0) }
                                          return (items: done.report.written.count + done.report.unchanged, reused: done.report.unchanged)
                                      })
        switch written {
        case let .success(done):
            // Stamped as written, so a later edit of an output file is noticed too.
            if let outputs = done.outputs {
                timings.measure("keep cache", trimming: false, {
                    let inputs = BuildCache.fillingContents(stamps, from: loadedContents.value ?? [:])
                    Self.store(BuildCache(folder: outputFolder, key: key, inputs: inputs, outputs: outputs, diagnostics: diagnostics.all,
                                          pageCount: pageCount, gameCount: rendered.gameCount, digest: rendered.digest,
                                          written: done.written, pieces: rendered.pieces).bytes, at: cachePath)
                    // The records of other output folders that are gone, or many, go with it.
                    BuildCache.prune(site: options.site, keeping: outputFolder)
                }, count: { _ in (items: stamps.count + outputs.count, reused: 0) })
            }
            return BuildResult(diagnostics: diagnostics, report: done.report, pageCount: pageCount, gameCount: rendered.gameCount)
        case let .failure(error):
            diagnostics.append(error.diagnostic)
            return stopped()
        }
    }

    /// Writes a memo: its journal only, when that is enough, else the whole file, and then no
    /// journal (one left behind names another file's hash, and is ignored).
    private static func store(_ files: (file: [UInt8]?, journal: [UInt8]?), at path: String, journal journalPath: String) {
        if let file = files.file {
            store(file, at: path)
            _ = try? OutputFileSystem.remove(journalPath)
        }
        if let journal = files.journal { store(journal, at: journalPath) }
    }

    /// Writes a cache file under a temporary name and renames it into place; a cache that cannot be
    /// written only costs the next build its shortcut.
    static func store(_ bytes: [UInt8], at path: String) {
        _ = try? OutputFileSystem.makeFolders(OutputFileSystem.parentPath(of: path))
        let temporary = path + ".new", aside = path + ".old"
        _ = try? OutputFileSystem.remove(temporary)
        _ = try? OutputFileSystem.remove(aside)
        do {
            try OutputFileSystem.create(temporary, bytes: bytes)
            try OutputFileSystem.renameReplacing(temporary, to: path, aside: aside)
        } catch {
            _ = try? OutputFileSystem.remove(temporary)
        }
    }
}

/// One value written by one thread and read once it is done.
final class Slot<Value>: @unchecked Sendable {
    // Unchecked: written by one thread, read by another only once that one is done with it
    // (after `Parallel.all` returns, or on the thread that wrote it).
    var value: Value?
}
