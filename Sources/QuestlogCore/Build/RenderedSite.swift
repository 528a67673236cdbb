/// A site rendered in memory: every file of the output, or the problems that stopped it.
public struct RenderedSite: Sendable {
    /// Empty when the content or the theme has errors (or warnings, when they count as errors).
    public var files: [OutputFile]
    public var diagnostics: DiagnosticList
    public var gameCount: Int
    /// The resolved site when its exports (and maybe its search index) were left out of `files`, for
    /// `SiteBuild.renderExports(of:)` and `renderSearch(of:)`;
    /// nil when they are in `files` or the build failed.
    public var deferredExports: Site?

    public init(files: [OutputFile], diagnostics: DiagnosticList, gameCount: Int, deferredExports: Site? = nil) {
        self.files = files
        self.diagnostics = diagnostics
        self.gameCount = gameCount
        self.deferredExports = deferredExports
    }

    public var pageCount: Int { files.count { $0.path.hasSuffix(".html") } }
}
