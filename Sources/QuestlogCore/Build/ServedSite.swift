/// A site made ready for `serve`: resolved, its pages made when first asked for (`PageSet`), the
/// files every page needs beside them made now, and the rest (exports, search index, sitemap) left
/// for `SiteBuild` to make from `site` when asked for.
public struct ServedSite: Sendable {
    /// The problems of the content and the theme found so far: those of pages are found as they
    /// are made (`PageSet.problems`).
    public var diagnostics: DiagnosticList
    public var gameCount: Int
    /// The pages; nil when the build failed.
    public var pages: PageSet?
    /// The theme's assets and the content's other files, by path; empty when the build failed.
    public var files: [OutputFile]
    /// The resolved site, for the exports, the search index and the sitemap; nil when the build failed.
    public var site: Site?
    /// Whether the site was patched from the last one served: only some notes changed, so only
    /// they and the pages showing them were made again (`SiteBuild.renderServed`).
    public var isPatched: Bool

    public init(diagnostics: DiagnosticList, gameCount: Int, pages: PageSet? = nil, files: [OutputFile] = [], site: Site? = nil,
                isPatched: Bool = false) {
        self.diagnostics = diagnostics
        self.gameCount = gameCount
        self.pages = pages
        self.files = files
        self.site = site
        self.isPatched = isPatched
    }

    /// How many HTML pages the site has.
    public var pageCount: Int {
        (pages?.paths.count { $0.hasSuffix(".html") } ?? 0) + files.count { $0.path.hasSuffix(".html") }
    }
}
