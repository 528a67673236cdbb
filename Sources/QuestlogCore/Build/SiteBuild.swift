/// The whole pipeline: Load → Resolve → Render → Output. Every problem of the content, the theme
/// and the destination is found before the first byte is written; a build that fails leaves the
/// output folder exactly as it was.
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
    /// files beside the pages; writes nothing.
    public func render(progress: (BuildStep) -> Void = { _ in }, timings: BuildTimings = BuildTimings()) -> RenderedSite {
        progress(.loading)
        let loaded = timings.measure("load", { SiteLoader(root: options.site, jobs: options.jobs).load() },
                                     count: { (items: $0.games.reduce(0) { $0 + $1.entries.count + 1 } + $0.assets.count, reused: 0) })
        progress(.resolving)
        let theme = self.theme
        let (site, resolveDiagnostics) = timings.measure("resolve", { Resolver(options: options.resolveOptions(theme: theme)).resolve(loaded) },
                                                          count: { (items: $0.site.entryCount, reused: 0) })
        var diagnostics = resolveDiagnostics
        if diagnostics.failed(strict: options.strict) {
            return RenderedSite(files: [], diagnostics: diagnostics, gameCount: site.games.count)
        }
        progress(.rendering)
        var (files, renderDiagnostics) = SiteRenderer(theme: theme, jobs: options.jobs).render(site, timings: timings)
        diagnostics.append(contentsOf: renderDiagnostics)
        files += timings.measure("exports", {
            ExportFormat.allCases.flatMap { format in
                format.files(for: site, options: ExportOptions()).map { OutputFile(path: ExportDownload.folder + "/" + $0.path, bytes: $0.bytes) }
            }
        }, count: { (items: $0.count, reused: 0) })
        if !diagnostics.failed(strict: options.strict) {
            let generated = files
            var assetDiagnostics = DiagnosticList()
            files += timings.measure("assets", { assetFiles(loaded.assets, besides: generated, diagnostics: &assetDiagnostics) },
                                     count: { (items: $0.count, reused: 0) })
            diagnostics.append(contentsOf: assetDiagnostics)
        }
        if diagnostics.failed(strict: options.strict) { files = [] }
        return RenderedSite(files: files, diagnostics: diagnostics, gameCount: site.games.count)
    }

    /// Runs the build; `progress` is told each step as it starts.
    public func run(progress: (BuildStep) -> Void = { _ in }, timings: BuildTimings = BuildTimings()) -> BuildResult {
        let rendered = render(progress: progress, timings: timings)
        var diagnostics = rendered.diagnostics
        func stopped() -> BuildResult {
            BuildResult(diagnostics: diagnostics, report: nil, pageCount: 0, gameCount: rendered.gameCount)
        }
        if diagnostics.failed(strict: options.strict) { return stopped() }

        let writer = OutputWriter(directory: options.output, displayName: options.outputDisplayName,
                                  siteRoot: options.site, jobs: options.jobs)
        let problems = writer.validate(rendered.files)
        if !problems.isEmpty {
            diagnostics.append(contentsOf: problems.map(\.diagnostic))
            return stopped()
        }
        progress(.writing)
        let written = timings.measure("write", { Result { () throws(OutputError) -> OutputReport in try writer.write(rendered.files) } },
                                      count: { result in
                                          guard case let .success(report) = result else { return (items: 0, reused: 0) }
                                          return (items: report.written.count + report.unchanged, reused: report.unchanged)
                                      })
        switch written {
        case let .success(report):
            return BuildResult(diagnostics: diagnostics, report: report, pageCount: rendered.pageCount, gameCount: rendered.gameCount)
        case let .failure(error):
            diagnostics.append(error.diagnostic)
            return stopped()
        }
    }
}
