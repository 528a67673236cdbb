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
    /// Whether the site was patched from the last one served: only some notes (or values of fields
    /// that reach no other entry) changed, so only they were resolved again (`SiteBuild.renderServed`).
    public var isPatched: Bool
    /// Whether the patch put in new values of some entries' fields (which reach no other entry),
    /// so that every page was made anew from the patched site.
    public var patchedFields: Bool

    public init(diagnostics: DiagnosticList, gameCount: Int, pages: PageSet? = nil, files: [OutputFile] = [], site: Site? = nil,
                isPatched: Bool = false, patchedFields: Bool = false) {
        self.patchedFields = patchedFields
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
