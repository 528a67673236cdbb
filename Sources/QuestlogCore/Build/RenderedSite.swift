/// A site rendered in memory: every file of the output, or the problems that stopped it.
public struct RenderedSite: Sendable {
    /// Empty when the content or the theme has errors (or warnings, when they count as errors).
    public var files: [OutputFile]
    public var diagnostics: DiagnosticList
    public var gameCount: Int

    public init(files: [OutputFile], diagnostics: DiagnosticList, gameCount: Int) {
        self.files = files
        self.diagnostics = diagnostics
        self.gameCount = gameCount
    }

    public var pageCount: Int { files.count { $0.path.hasSuffix(".html") } }
}
