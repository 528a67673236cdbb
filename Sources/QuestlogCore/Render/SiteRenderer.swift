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
    public func render(_ site: Site, into sink: some OutputSink, timings: BuildTimings = BuildTimings(),
                       deferringSearch: Bool = false, layouts: LayoutMemo? = nil) -> DiagnosticList {
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
        guard !diagnostics.hasErrors else { return diagnostics }

        // Each page's data is built and rendered in one step, and its bytes go to the sink at once.
        var builder = PageBuilder(site: site, strings: strings, gameStrings: gameStrings)
        builder.layouts = layouts
        let rendered = timings.measure("render pages", { builder.pages(jobs: jobs, willBuild: timings.expect) { page -> (sources: [String], path: Result<String, MustacheError>) in
            defer { timings.advance() }
            return (page.sources, Result { () throws(MustacheError) -> String in
                // Validated above: every page template exists and compiles.
                guard let template = try library.template(named: page.template) else {
                    throw MustacheError(template: page.template, line: 1, column: 1, message: "no template named '\(page.template)'")
                }
                var chunks: [[UInt8]] = []
                try library.render(template, with: page.context, appendingChunksTo: &chunks)
                sink.add(OutputFile(path: page.path, chunks: chunks))
                return page.path
            })
        } }, count: { (items: $0.count, reused: 0) })
        layouts?.finishRender()
        // What the sitemap needs of each page: where it is and which source files it was made of.
        let pages = rendered.compactMap { page in (try? page.path.get()).map { (path: $0, sources: page.sources) } }
        for result in rendered.map(\.path) {
            if case let .failure(error) = result {
                let problem = diagnostic(for: error)
                if !diagnostics.all.contains(problem) { diagnostics.append(problem) }
            }
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
        if let base = site.config.baseURL {
            var sources: [String: [String]] = [:]
            for page in pages { sources[page.path] = page.sources }
            let dates = root.map { root in
                timings.measure("source dates", { SourceDates(root: root, paths: Set(pages.flatMap(\.sources))) },
                                count: { (items: $0.dates.count, reused: 0) })
            }
            // Pages made of no one file (search) are as new as the newest page.
            let newest = dates?.lastModified(pages.flatMap(\.sources))
            sink.add(OutputFile(path: "sitemap.xml", text: Sitemap.xml(baseURL: base, pages: pages.map(\.path)) { path in
                guard let dates else { return nil }
                let own = sources[path] ?? []
                return own.isEmpty ? newest : dates.lastModified(own)
            }))
            sink.add(OutputFile(path: "robots.txt", text: Sitemap.robots(baseURL: base)))
        }
        return diagnostics
    }

    /// The search index of a site rendered with `deferringSearch` (its files under
    /// `SearchIndex.folder`), as `render` would have made it.
    public func searchFiles(of site: Site) -> [OutputFile] {
        let strings = UIStrings.load(language: site.config.language, theme: theme).0
        return SearchIndexBuilder(site: site, strings: strings, jobs: jobs).build().files()
    }

    private func diagnostic(for error: MustacheError) -> Diagnostic {
        .error(error.message, code: "template-error",
               at: SourceLocation(path: theme.sourcePath(of: error.template + ".mustache"), line: error.line, column: error.column))
    }
}
