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
    /// files beside the pages; writes nothing. With `deferringExports`, the files under `exports/`
    /// are left out and the result keeps the resolved site, for `renderExports(of:)` to make them
    /// when they are asked for.
    public func render(progress: (BuildStep) -> Void = { _ in }, timings: BuildTimings = BuildTimings(),
                       deferringExports: Bool = false) -> RenderedSite {
        progress(.loading)
        var loaded = timings.measure("load", { SiteLoader(root: options.site, jobs: options.jobs).load() },
                                     count: { (items: $0.games.reduce(0) { $0 + $1.entries.count + 1 } + $0.assets.count, reused: 0) })
        if let baseURL = options.baseURL { loaded.config.baseURL = baseURL }
        // Only the assets are needed after resolving; the raw entries can go once the site is resolved.
        let assets = loaded.assets
        progress(.resolving)
        let theme = self.theme
        let (site, resolveDiagnostics) = timings.measure("resolve", { Resolver(options: options.resolveOptions(theme: theme)).resolve(loaded) },
                                                          count: { (items: $0.site.entryCount, reused: 0) })
        var diagnostics = resolveDiagnostics
        if diagnostics.failed(strict: options.strict) {
            return RenderedSite(files: [], diagnostics: diagnostics, gameCount: site.games.count)
        }
        progress(.rendering)
        var (files, renderDiagnostics) = SiteRenderer(theme: theme, jobs: options.jobs, root: options.site).render(site, timings: timings)
        diagnostics.append(contentsOf: renderDiagnostics)
        // Deferred exports still claim their paths, so an asset in their place is the same error as in a build.
        var claimed = files.map(\.path)
        if deferringExports {
            claimed += Self.exportPaths(of: site)
        } else {
            let (exportFiles, exportDiagnostics) = renderExports(of: site, timings: timings)
            files += exportFiles
            claimed += exportFiles.map(\.path)
            diagnostics.append(contentsOf: exportDiagnostics)
        }
        if !diagnostics.failed(strict: options.strict) {
            var assetDiagnostics = DiagnosticList()
            files += timings.measure("assets", { assetFiles(assets, besides: claimed, diagnostics: &assetDiagnostics) },
                                     count: { (items: $0.count, reused: 0) })
            diagnostics.append(contentsOf: assetDiagnostics)
        }
        if diagnostics.failed(strict: options.strict) { files = [] }
        return RenderedSite(files: files, diagnostics: diagnostics, gameCount: site.games.count,
                            deferredExports: deferringExports && !files.isEmpty ? site : nil)
    }

    /// The files under `exports/` of a resolved site, one format after another, each made on every
    /// thread; an export that cannot be made (a workbook too big for its container) is an error.
    public func renderExports(of site: Site, timings: BuildTimings = BuildTimings()) -> (files: [OutputFile], diagnostics: DiagnosticList) {
        let exported = timings.measure("exports", {
            ExportFormat.allCases.map { format in
                Result { () throws(Diagnostic) -> [OutputFile] in
                    try format.files(for: site, options: ExportOptions(jobs: options.jobs))
                        .map { OutputFile(path: ExportDownload.folder + "/" + $0.path, bytes: $0.bytes) }
                }
            }
        }, count: { (items: $0.reduce(0) { $0 + ((try? $1.get())?.count ?? 0) }, reused: 0) })
        var files: [OutputFile] = []
        var diagnostics = DiagnosticList()
        for result in exported {
            switch result {
            case let .success(formatFiles): files += formatFiles
            case let .failure(problem): diagnostics.append(problem)
            }
        }
        return (files, diagnostics)
    }

    /// Where the exports of a site go, from the pages' download links, without making them.
    static func exportPaths(of site: Site) -> [String] {
        ExportDownload.forSite().map(\.path) + site.games.flatMap { ExportDownload.forGame($0.id, schema: site.schema, playthroughs: $0.hasPlaythroughs).map(\.path) }
    }

    /// Runs the build; `progress` is told each step as it starts.
    public func run(progress: (BuildStep) -> Void = { _ in }, timings: BuildTimings = BuildTimings()) -> BuildResult {
        // Stamped before anything is read, so an edit made during the build is seen by the next one.
        let key = BuildCache.key(for: options)
        let stamps = timings.measure("check cache", { SourceStamp.collect(site: options.site) }, count: { (items: $0.count, reused: 0) })
        let cachePath = BuildCache.path(site: options.site, output: options.output)
        if !options.clean, let bytes = FileContents.read(cachePath), let cache = BuildCache(parsing: bytes),
           FileContents.read(options.output + "/" + OutputManifest.fileName) != nil,
           cache.isCurrent(key: key, inputs: stamps, site: options.site, output: options.output) {
            return BuildResult(diagnostics: DiagnosticList(cache.diagnostics),
                               report: OutputReport(written: [], unchanged: cache.outputs.count, removed: []),
                               pageCount: cache.pageCount, gameCount: cache.gameCount, upToDate: true)
        }
        let rendered = render(progress: progress, timings: timings)
        var diagnostics = rendered.diagnostics
        func stopped() -> BuildResult {
            BuildResult(diagnostics: diagnostics, report: nil, pageCount: 0, gameCount: rendered.gameCount)
        }
        if diagnostics.failed(strict: options.strict) { return stopped() }

        var writer = OutputWriter(directory: options.output, displayName: options.outputDisplayName,
                                  siteRoot: options.site, jobs: options.jobs)
        writer.onFile = { timings.advance() }
        let problems = writer.validate(rendered.files)
        if !problems.isEmpty {
            diagnostics.append(contentsOf: problems.map(\.diagnostic))
            return stopped()
        }
        progress(.writing)
        // The output is about to change: no cache may vouch for it until this build has written it all.
        _ = try? OutputFileSystem.remove(cachePath)
        let written = timings.measure("write", {
            timings.expect(rendered.files.count)
            return Result { () throws(OutputError) -> OutputReport in try writer.write(rendered.files) }
        },
                                      count: { result in
                                          guard case let .success(report) = result else { return (items: 0, reused: 0) }
                                          return (items: report.written.count + report.unchanged, reused: report.unchanged)
                                      })
        switch written {
        case let .success(report):
            // Stamped as written, so a later edit of an output file is noticed too.
            let outputs = rendered.files.compactMap { SourceStamp.current($0.path, in: options.output) }
            if outputs.count == rendered.files.count {
                Self.store(BuildCache(key: key, inputs: stamps, outputs: outputs, diagnostics: diagnostics.all,
                                      pageCount: rendered.pageCount, gameCount: rendered.gameCount), at: cachePath)
            }
            return BuildResult(diagnostics: diagnostics, report: report, pageCount: rendered.pageCount, gameCount: rendered.gameCount)
        case let .failure(error):
            diagnostics.append(error.diagnostic)
            return stopped()
        }
    }

    /// Writes the cache under a temporary name and renames it into place; a cache that cannot be
    /// written only costs the next build its shortcut.
    private static func store(_ cache: BuildCache, at path: String) {
        _ = try? OutputFileSystem.makeFolders(OutputFileSystem.parentPath(of: path))
        let temporary = path + ".new"
        _ = try? OutputFileSystem.remove(temporary)
        do {
            try OutputFileSystem.create(temporary, bytes: cache.bytes)
            try OutputFileSystem.rename(temporary, to: path)
        } catch {
            _ = try? OutputFileSystem.remove(temporary)
        }
    }
}
