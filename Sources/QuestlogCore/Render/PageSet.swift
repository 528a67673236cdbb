import Foundation
import Immortal
import Mustache

/// The HTML pages of a resolved site, by path, each built and rendered when first asked for and
/// kept: `serve` answers a request for one page right after a save, long before every page of a
/// big site could be rendered. `SiteRenderer` renders every page of a build through it.
/// Safe to use from several threads: two threads asking for the same page both render it, and
/// both get the same bytes.
public final class PageSet: @unchecked Sendable {
    // Unchecked: `made` is read and written only under `lock`; the rest never changes.
    private let builder: PageBuilder
    private let builders: [GamePageBuilder]
    private let specs: [PageBuilder.PageSpec]
    private let library: MustacheLibrary
    /// Where each page goes, in the stable order of a build.
    public let paths: [String]
    private let positions: [String: Int]
    private let lock = NSLock()
    /// The pages made and kept, by their place in `specs`.
    private var made: [Rendered?]
    private var madeTotal = 0
    /// The theme's error message for a template error, as a diagnostic.
    private let diagnose: @Sendable (MustacheError) -> Diagnostic

    /// One page made: its file, or the template error that stopped it, and the source files it shows.
    public struct Rendered: Sendable {
        public var path: String
        public var result: Result<OutputFile, MustacheError>
        /// The site's source files the page shows (`Page.sources`).
        public var sources: [String]
    }

    /// Whether pages are kept once made: for `serve`, not for a build, which hands each page on
    /// and forgets it.
    private let keeps: Bool
    /// Whether some pages were kept from another set, so the layouts memo must not forget the
    /// layouts of those not made again.
    private let keepsEveryLayout: Bool

    init(builder: PageBuilder, library: MustacheLibrary, keeping: Bool,
         diagnose: @escaping @Sendable (MustacheError) -> Diagnostic) {
        self.builder = builder
        keeps = keeping
        keepsEveryLayout = false
        self.library = library
        self.diagnose = diagnose
        builders = builder.gameBuilders()
        specs = builder.pageSpecs()
        paths = specs.map(builder.path(of:))
        made = keeping ? Array(repeating: nil, count: specs.count) : []
        positions = Dictionary(paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// This set's pages for `site`, a site whose only change from this set's is the notes of the
    /// entries of `changed` (site-relative paths of their files): the pages made so far are kept but
    /// for those that show one of these files (`Page.sources`), which are made again when asked for.
    func replacingNotes(site: Site, changed: Set<String>) -> PageSet {
        var kept = lock.withLock { made }
        // Few files change at once: compared one by one, not hashed for every source of every page.
        let changed = Array(changed)
        var count = 0
        for index in kept.indices {
            guard let page = kept[index] else { continue }
            if page.sources.contains(where: { changed.contains($0) }) {
                kept[index] = nil
            } else {
                count += 1
            }
        }
        var builder = self.builder
        builder.site = site
        let builders = self.builders.indices.map { index in
            var builder = self.builders[index].builder
            builder.site = site
            return GamePageBuilder(builder: builder, game: site.games[index])
        }
        // The layouts of pages kept from before are not asked for again: the memo keeps them all.
        return PageSet(self, builder: builder, builders: builders, made: kept, count: count, keepsEveryLayout: true)
    }

    /// This set's pages for `site`, a site whose only change from this set's is the values of some
    /// fields of the entries of `refs` (`KeptResolve.patch(fields:)`): no page is kept, as tables,
    /// progress and pictures on any page may show those values; each is made again when asked for.
    /// The pages are the same ones: such values add or remove no page, but for what follows. With
    /// `renamed`, some of them took other names too (`KeptResolve.rename`), and so may have other
    /// places in their kinds' lists: the pages of those lists are listed again, in their new order.
    /// With `relinks`, some of them reference other entries now; when that gives a game its first
    /// connection, or takes its last, its graph page comes or goes, and every page is listed again.
    func replacingFields(site: Site, of refs: [EntryRef], renamed: Bool = false, relinks: [RelationGraph.Relink] = []) -> PageSet {
        let builder = builder.replacingFields(site: site, of: refs, renamed: renamed, relinks: relinks)
        if builder.graph.connectedGames != self.builder.graph.connectedGames {
            return PageSet(builder: builder, library: library, keeping: keeps, diagnose: diagnose)
        }
        var paths = self.paths, positions = self.positions
        if renamed {
            let lists = Set(refs.map { $0.game + "\u{0}" + $0.kind })
            var entries: [String: [Entry]] = [:]
            for index in specs.indices {
                guard case let .entry(game, kind, entry) = specs[index] else { continue }
                let list = site.games[game].id + "\u{0}" + kind.id
                guard lists.contains(list) else { continue }
                if entries[list] == nil { entries[list] = site.games[game].entries(of: kind.id) }
                let path = entries[list]![entry].path
                if path != paths[index] {
                    paths[index] = path
                    positions[path] = index
                }
            }
        }
        return PageSet(self, builder: builder, builders: builder.gameBuilders(), paths: paths, positions: positions,
                       made: keeps ? Array(repeating: nil, count: specs.count) : [], count: 0, keepsEveryLayout: false)
    }

    /// `set`'s pages, built by these builders (which build the same pages), with these made
    /// (`count` of them); with `paths`, in that order (`positions` says where each is).
    private init(_ set: PageSet, builder: PageBuilder, builders: [GamePageBuilder], paths: [String]? = nil, positions: [String: Int]? = nil,
                 made: [Rendered?], count: Int, keepsEveryLayout: Bool) {
        self.builder = builder
        self.builders = builders
        specs = set.specs
        self.paths = paths ?? set.paths
        self.positions = positions ?? set.positions
        library = set.library
        diagnose = set.diagnose
        keeps = set.keeps
        self.made = made
        madeTotal = count
        self.keepsEveryLayout = keepsEveryLayout
    }

    /// How many pages are made and kept so far.
    public var madeCount: Int {
        lock.withLock { madeTotal }
    }

    /// How many pages the site has.
    public var count: Int { specs.count }

    /// Whether `path` (relative to the output root) is one of the pages.
    public func contains(_ path: String) -> Bool {
        positions[path] != nil
    }

    /// The page at `path`, made now unless it was made before; nil when no page goes there.
    public func page(at path: String) -> Result<OutputFile, Diagnostic>? {
        guard let index = positions[path] else { return nil }
        return rendered(index).result.mapError(diagnose)
    }

    /// What is left of a page once its file is handed on: where it went, what it shows, and the
    /// template error that stopped it.
    struct Made: Sendable {
        var path: String
        var sources: [String]
        var error: MustacheError?
        /// Whether the page was kept as the last build wrote it rather than made (`renderAll(keeping:)`).
        var kept = false
    }

    /// Every page, in the order of `paths`, made on up to `jobs` threads (those made before are
    /// reused), each handed to `body` as soon as it is made and then let go (unless the set keeps
    /// its pages); `willRender` is told how many pages there are first. Pages are made only while
    /// `proceed()` says so: nil when it stopped them.
    /// Once every page is made, the graph layouts memo keeps exactly the layouts they used.
    /// A page for which `keeping` (given its path and the files whose notes it shows,
    /// `PageBuilder.notesShown(of:)`) says true is not made: the caller keeps what the last build
    /// made of it, and the layouts memo keeps every layout.
    func renderAll(jobs: Int, willRender: (Int) -> Void = { _ in }, proceed: @Sendable () -> Bool = { true },
                   keeping: (@Sendable (String, [String]) -> Bool)? = nil,
                   _ body: @Sendable (Rendered) -> Void = { _ in }) -> [Made]? {
        willRender(specs.count)
        // Each thread keeps the partials it has looked up from one page to the next.
        let results = PageParallel.map(Array(specs.indices), jobs: jobs, order: PageBuilder.bigFirst(specs),
                                       state: { TemplateMemo() }) { memo, index -> Made? in
            guard proceed() else { return nil }
            if let keeping, keeping(paths[index], builder.notesShown(of: specs[index])) {
                return Made(path: paths[index], sources: builder.sources(of: specs[index]), kept: true)
            }
            let page = rendered(index, memo: memo)
            body(page)
            guard case let .failure(error) = page.result else { return Made(path: page.path, sources: page.sources) }
            return Made(path: page.path, sources: page.sources, error: error)
        }
        var all: [Made] = []
        all.reserveCapacity(results.count)
        for result in results {
            guard let result else { return nil }
            all.append(result)
        }
        if !keepsEveryLayout && !all.contains(where: \.kept) { builder.layouts?.finishRender() }
        return all
    }

    /// The template errors of every page, each once, in page order: empty when every page renders.
    /// Nil when `proceed()` stopped the pages before all were made.
    public func problems(jobs: Int, proceed: @Sendable () -> Bool = { true }) -> DiagnosticList? {
        guard let all = renderAll(jobs: jobs, proceed: proceed) else { return nil }
        return Self.problems(of: all, diagnose: diagnose)
    }

    /// What the sitemap needs of every page: its path and its source files (every page is made).
    func sitemapPages(jobs: Int) -> [(path: String, sources: [String])] {
        (renderAll(jobs: jobs) ?? []).compactMap { page in
            page.error == nil ? (page.path, page.sources) : nil
        }
    }

    static func problems(of pages: [Made], diagnose: (MustacheError) -> Diagnostic) -> DiagnosticList {
        var diagnostics = DiagnosticList()
        for page in pages {
            if let error = page.error {
                let problem = diagnose(error)
                if !diagnostics.all.contains(problem) { diagnostics.append(problem) }
            }
        }
        return diagnostics
    }

    /// The page at `index` of `specs`, made unless it was kept from before.
    private func rendered(_ index: Int, memo: TemplateMemo? = nil) -> Rendered {
        if keeps, let page = lock.withLock({ made[index] }) { return page }
        let page = builder.page(specs[index], builders: builders)
        let result = Result { () throws(MustacheError) -> OutputFile in
            // Validated when the set was made: every page template exists and compiles.
            guard let template = try library.template(named: page.template) else {
                throw MustacheError(template: page.template, line: 1, column: 1, message: "no template named '\(page.template)'")
            }
            var chunks: [[UInt8]] = []
            try library.render(template, with: page.context, appendingChunksTo: &chunks, memo: memo)
            return OutputFile(path: page.path, chunks: chunks)
        }
        let rendered = Rendered(path: page.path, result: result, sources: page.sources)
        if keeps {
            lock.withLock {
                if made[index] == nil { madeTotal += 1 }
                made[index] = rendered
            }
        }
        return rendered
    }
}

extension PageSet {
    /// Makes the objects of this set's builders and specs immortal (`Immortal`), for a render in a
    /// process that ends with it. Each builder's game holds the site's objects, which the caller
    /// made immortal already (`Site.makeImmortal`): they are not walked again.
    func makeImmortal() {
        guard Immortal.isAvailable else { return }
        Immortal.array(builders)
        for builder in builders { Immortal.object(builder) }
        Immortal.array(specs)
        Immortal.dictionary(positions)
        for path in positions.keys { Immortal.string(path) }
    }
}
