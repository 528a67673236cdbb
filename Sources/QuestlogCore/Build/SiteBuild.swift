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
    public func render(progress: (BuildStep) -> Void = { _ in }) -> RenderedSite {
        progress(.loading)
        var loaded = SiteLoader(root: options.site, jobs: options.jobs).load()
        if let baseURL = options.baseURL { loaded.config.baseURL = baseURL }
        progress(.resolving)
        let (site, resolveDiagnostics) = Resolver(options: options.resolveOptions(theme: theme)).resolve(loaded)
        var diagnostics = resolveDiagnostics
        if diagnostics.failed(strict: options.strict) {
            return RenderedSite(files: [], diagnostics: diagnostics, gameCount: site.games.count)
        }
        progress(.rendering)
        var (files, renderDiagnostics) = SiteRenderer(theme: theme, jobs: options.jobs).render(site)
        diagnostics.append(contentsOf: renderDiagnostics)
        for format in ExportFormat.allCases {
            do {
                files += try format.files(for: site, options: ExportOptions())
                    .map { OutputFile(path: ExportDownload.folder + "/" + $0.path, bytes: $0.bytes) }
            } catch {
                diagnostics.append(error)
            }
        }
        if !diagnostics.failed(strict: options.strict) {
            files += assetFiles(loaded.assets, besides: files, diagnostics: &diagnostics)
        }
        if diagnostics.failed(strict: options.strict) { files = [] }
        return RenderedSite(files: files, diagnostics: diagnostics, gameCount: site.games.count)
    }

    /// Runs the build; `progress` is told each step as it starts.
    public func run(progress: (BuildStep) -> Void = { _ in }) -> BuildResult {
        let rendered = render(progress: progress)
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
        do {
            let report = try writer.write(rendered.files)
            return BuildResult(diagnostics: diagnostics, report: report, pageCount: rendered.pageCount, gameCount: rendered.gameCount)
        } catch {
            diagnostics.append(error.diagnostic)
            return stopped()
        }
    }
}
