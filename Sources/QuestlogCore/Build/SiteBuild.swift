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

    /// Runs the build; `progress` is told each step as it starts.
    public func run(progress: (BuildStep) -> Void = { _ in }) -> BuildResult {
        progress(.loading)
        let loaded = SiteLoader(root: options.site, jobs: options.jobs).load()
        progress(.resolving)
        let (site, resolveDiagnostics) = Resolver(jobs: options.jobs).resolve(loaded)
        var diagnostics = resolveDiagnostics
        func stopped() -> BuildResult {
            BuildResult(diagnostics: diagnostics, report: nil, pageCount: 0, gameCount: site.games.count)
        }
        if diagnostics.failed(strict: options.strict) { return stopped() }

        progress(.rendering)
        var (files, renderDiagnostics) = SiteRenderer(theme: theme, jobs: options.jobs).render(site)
        diagnostics.append(contentsOf: renderDiagnostics)
        for format in ExportFormat.allCases {
            files += format.files(for: site, options: ExportOptions())
                .map { OutputFile(path: ExportDownload.folder + "/" + $0.path, bytes: $0.bytes) }
        }
        if diagnostics.failed(strict: options.strict) { return stopped() }

        let writer = OutputWriter(directory: options.output, displayName: options.outputDisplayName,
                                  siteRoot: options.site, jobs: options.jobs)
        let problems = writer.validate(files)
        if !problems.isEmpty {
            diagnostics.append(contentsOf: problems.map(\.diagnostic))
            return stopped()
        }
        progress(.writing)
        do {
            let report = try writer.write(files)
            let pages = files.count { $0.path.hasSuffix(".html") }
            return BuildResult(diagnostics: diagnostics, report: report, pageCount: pages, gameCount: site.games.count)
        } catch {
            diagnostics.append(error.diagnostic)
            return stopped()
        }
    }
}
