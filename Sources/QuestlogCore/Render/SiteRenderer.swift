import Foundation
import Mustache

/// The Render stage: every page, asset and sitemap of a resolved site, handed to a sink as each is
/// made. Template and locale problems are diagnostics, found before anything is written.
public struct SiteRenderer: Sendable {
    public var theme: Theme
    public var jobs: Int
    /// The site's folder, where the sitemap finds its pages' source files' dates; without it the
    /// sitemap has no `lastmod`.
    public var root: String?
    /// Whether the process ends when this render does: the page builder's tables and the templates
    /// are then made immortal (`Immortal`), for the threads to share without writing to them (the
    /// site's own objects are the caller's to make so, `Site.makeImmortal`).
    public var endsWithProcess = false

    /// The templates every theme must have: one per page type.
    public static let pageTemplates = ["home", "game", "kind", "entry", "playthrough", "progress", "graph", "search", "404"]

    public init(theme: Theme, jobs: Int = 1, root: String? = nil) {
        self.theme = theme
        self.jobs = max(1, jobs)
        self.root = root
    }

    /// Every file of the site, in memory, sorted by path.
    public func render(_ site: Site, timings: BuildTimings = BuildTimings()) -> (files: [OutputFile], diagnostics: DiagnosticList) {
        let collector = OutputCollector()
        let diagnostics = render(site, into: collector, timings: timings)
        return (collector.files, diagnostics)
    }

    /// Renders every file of the site into `sink` as soon as it is made, so only the pages being
    /// rendered are held. With template or locale errors, nothing (or not everything) reaches the
    /// sink and the errors say why.
    /// With `deferringSearch`, the search index is left out, for `searchFiles(of:)` to make when
    /// it is asked for. Graph layouts found in `layouts` are reused, and it keeps this render's.
    /// With `beside`, the pages are a stage beside others (`BuildTimings.measureBeside`), within
    /// the one the caller times. A page for which `keeping` (given its path and the files whose
    /// notes it shows) says true is not made: the sink already holds what the last build made of it.
    /// `graph` is the site's graph, when it is made already.
    public func render(_ site: Site, into sink: some OutputSink, timings: BuildTimings = BuildTimings(),
                       deferringSearch: Bool = false, layouts: LayoutMemo? = nil, beside: Bool = false,
                       keeping: (@Sendable (String, [String]) -> Bool)? = nil) -> DiagnosticList {
        render(site, into: sink, timings: timings, deferringSearch: deferringSearch, layouts: layouts, beside: beside, keeping: keeping,
               graph: nil)
    }

    func render(_ site: Site, into sink: some OutputSink, timings: BuildTimings = BuildTimings(),
                deferringSearch: Bool = false, layouts: LayoutMemo? = nil, beside: Bool = false,
                keeping: (@Sendable (String, [String]) -> Bool)? = nil, graph: RelationGraph?) -> DiagnosticList {
        let (prepared, problems) = prepare(site, layouts: layouts, keeping: false, fewPages: keeping != nil, graph: graph)
        var diagnostics = problems
        guard let (set, strings) = prepared else { return diagnostics }

        // Each page's data is built and rendered in one step, and its bytes go to the sink at once.
        var counted: (@Sendable (String, [String]) -> Bool)?
        if let keeping {
            counted = { @Sendable (path: String, sources: [String]) -> Bool in
                guard keeping(path, sources) else { return false }
                timings.advance()
                return true
            }
        }
        let counting = counted
        let renderPages = { () -> [PageSet.Made] in
            set.renderAll(jobs: jobs, willRender: timings.expect, proceed: { true }, keeping: counting) { page in
                if case let .success(file) = page.result { sink.add(file) }
                timings.advance()
            } ?? []
        }
        let count = { (pages: [PageSet.Made]) in (items: pages.count, reused: pages.count(where: \.kept)) }
        let rendered = beside ? timings.measureBeside("render pages", renderPages, count: count)
            : timings.measure("render pages", renderPages, count: count)
        for problem in PageSet.problems(of: rendered, diagnose: diagnostic(for:)).all where !diagnostics.all.contains(problem) {
            diagnostics.append(problem)
        }
        guard !diagnostics.hasErrors else { return diagnostics }
        for asset in theme.assets {
            sink.add(OutputFile(path: asset.path, bytes: asset.bytes))
        }
        if !deferringSearch {
            _ = timings.measure("search", {
                let files = SearchIndexBuilder(site: site, strings: strings, jobs: jobs).build().files()
                sink.add(contentsOf: files)
                return files.count
            }, count: { (items: $0, reused: 0) })
        }
        // What the sitemap needs of each page: where it is and which source files it was made of.
        sink.add(contentsOf: sitemapFiles(of: site, pages: rendered.map { (path: $0.path, sources: $0.sources) }, timings: timings))
        return diagnostics
    }

    /// The pages of `site`, each made when asked for and kept (what `serve` shows), with the theme's
    /// and locales' problems; nil when they are errors.
    public func pages(of site: Site, layouts: LayoutMemo? = nil) -> (pages: PageSet?, diagnostics: DiagnosticList) {
        let (prepared, diagnostics) = prepare(site, layouts: layouts, keeping: true)
        return (prepared?.pages, diagnostics)
    }

    /// The sitemap and `robots.txt` of a site whose pages are `pages` (each is made).
    public func sitemapFiles(of site: Site, pages: PageSet) -> [OutputFile] {
        guard site.config.baseURL != nil else { return [] }
        return sitemapFiles(of: site, pages: pages.sitemapPages(jobs: jobs), timings: BuildTimings())
    }

    static let sitemapPaths = ["sitemap.xml", "robots.txt"]

    /// The locale's strings and the theme checked, and the site's pages ready to make.
    private func prepare(_ site: Site, layouts: LayoutMemo?, keeping: Bool, fewPages: Bool = false,
                         graph: RelationGraph? = nil) -> (prepared: (pages: PageSet, strings: UIStrings)?, diagnostics: DiagnosticList) {
        var diagnostics = DiagnosticList()
        let (strings, localeProblems) = UIStrings.load(language: site.config.language, theme: theme)
        diagnostics.append(contentsOf: localeProblems)
        var gameStrings: [String: UIStrings] = [:]
        for language in Set(site.games.compactMap(\.language)) where language != site.config.language {
            let (other, problems) = UIStrings.load(language: language, theme: theme)
            gameStrings[language] = other
            for problem in problems where !diagnostics.all.contains(problem) { diagnostics.append(problem) }
        }
        let library = MustacheLibrary(templates: theme.templates, strict: true)
        for error in library.validate(Self.pageTemplates) {
            diagnostics.append(diagnostic(for: error))
        }
        guard !diagnostics.hasErrors else { return (nil, diagnostics) }
        var builder = PageBuilder(site: site, strings: strings, gameStrings: gameStrings, jobs: jobs, fewPages: fewPages, graph: graph)
        builder.layouts = layouts
        let theme = theme
        let set = PageSet(builder: builder, library: library, keeping: keeping) { error in
            Self.diagnostic(for: error, theme: theme)
        }
        if endsWithProcess {
            builder.makeImmortal()
            library.makeImmortal()
            set.makeImmortal()
        }
        return ((set, strings), diagnostics)
    }

    /// The sitemap and `robots.txt` when the site has a base URL: each page's `lastmod` is the
    /// newest date of the source files it shows.
    private func sitemapFiles(of site: Site, pages rendered: [(path: String, sources: [String])], timings: BuildTimings) -> [OutputFile] {
        guard let base = site.config.baseURL else { return [] }
        let pages = rendered
        var sources: [String: [String]] = [:]
        for page in pages { sources[page.path] = page.sources }
        let dates = root.map { root in
            timings.measure("source dates", { SourceDates(root: root, paths: Set(pages.flatMap(\.sources))) },
                            count: { (items: $0.dates.count, reused: 0) })
        }
        // Pages made of no one file (search) are as new as the newest page.
        let newest = dates?.lastModified(pages.flatMap(\.sources))
        return [
            OutputFile(path: "sitemap.xml", text: Sitemap.xml(baseURL: base, pages: pages.map(\.path)) { path in
                guard let dates else { return nil }
                let own = sources[path] ?? []
                return own.isEmpty ? newest : dates.lastModified(own)
            }),
            OutputFile(path: "robots.txt", text: Sitemap.robots(baseURL: base)),
        ]
    }

    /// The search index of a site rendered with `deferringSearch` (its files under
    /// `SearchIndex.folder`), as `render` would have made it. The analyses of `memo` are reused
    /// for documents whose texts are unchanged, and it keeps this index's.
    public func searchFiles(of site: Site, memo: SearchMemo? = nil) -> [OutputFile] {
        let strings = UIStrings.load(language: site.config.language, theme: theme).0
        return SearchIndexBuilder(site: site, strings: strings, jobs: jobs, memo: memo).build().files()
    }

    /// How a build keeps its search index for the next (`SearchIndexMemo`): where, and the digest
    /// of its site (`SiteDigest.value`); and when the site differs from the last build's only in
    /// the notes of the entries of some files, how to update the last index.
    struct SearchKeeping: Sendable {
        var index: SearchIndexFile
        var site: UInt64
        var update: SearchUpdate?
    }

    /// The files whose entries changed since the last build (`reshaped`: those whose entries
    /// changed in more than their notes), the digest of that build's site, and how to take the
    /// files of its index that stand as they are (`OutputStage.keep(all:)`: all, or none).
    struct SearchUpdate: Sendable {
        var changed: Set<String>
        var reshaped: Set<String> = []
        var previous: UInt64
        var keep: @Sendable ([(path: String, hash: UInt64)]) -> Bool
    }

    /// `searchFiles(of:memo:)`, keeping the index for the next build; with an update, made from the
    /// last build's index when it can be (`SearchIndexBuilder.update`), its files that stand as they
    /// are kept rather than made, or, when they cannot be kept (an output folder emptied since),
    /// made again from the memo of the index updated; when the last build's index is of this very
    /// site, made again from it (`SearchIndexBuilder.remade(from:)`), no document analysed. The
    /// files to write, and how many files of the index were made with documents analysed (`made`)
    /// and how many without (`reused`: kept, or made from a memo of the index).
    func searchFiles(of site: Site, memo: SearchMemo?, keeping: SearchKeeping?) -> (files: [OutputFile], made: Int, reused: Int) {
        guard let keeping, let memo else {
            let files = searchFiles(of: site, memo: memo)
            return (files, files.count, 0)
        }
        let strings = UIStrings.load(language: site.config.language, theme: theme).0
        var builder = SearchIndexBuilder(site: site, strings: strings, jobs: jobs, memo: memo)
        builder.keptSite = keeping.site
        // The last index is read whole for an update; to be made again from, only when it is of this site.
        let last = keeping.update == nil ? keeping.index.previous(ofSite: keeping.site) : keeping.index.previous()
        if let update = keeping.update, let last,
           let made = builder.update(last, changed: update.changed, reshaped: update.reshaped, previous: update.previous,
                                            identity: keeping.index.identity) {
            if update.keep(made.kept) {
                memo.add(made.analyses)
                keeping.index.keep(made.memo)
                return (made.files, made.files.count, made.kept.count)
            }
            if let updated = SearchIndexMemo(parsing: made.memo, identity: keeping.index.identity), let files = builder.remade(from: updated) {
                memo.add(made.analyses)
                keeping.index.keep(made.memo)
                return (files, made.files.count, made.kept.count)
            }
        }
        if let last, let files = builder.remade(from: last) {
            keeping.index.keepLast()
            return (files, 0, files.count)
        }
        let (files, bytes) = builder.build().made()
        keeping.index.keep(bytes)
        return (files, files.count, 0)
    }

    private func diagnostic(for error: MustacheError) -> Diagnostic {
        Self.diagnostic(for: error, theme: theme)
    }

    private static func diagnostic(for error: MustacheError, theme: Theme) -> Diagnostic {
        .error(error.message, code: "template-error",
               at: SourceLocation(path: theme.sourcePath(of: error.template + ".mustache"), line: error.line, column: error.column))
    }
}
