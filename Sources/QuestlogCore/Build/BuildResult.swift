/// What a build did: its problems, and when it wrote, what it wrote.
public struct BuildResult: Sendable {
    public var diagnostics: DiagnosticList
    /// Nil when the build stopped before writing (errors, or warnings with `--strict`).
    public var report: OutputReport?
    public var pageCount: Int
    public var gameCount: Int
    /// Nothing had changed since the last build (its cache proved it), so nothing was redone.
    public var upToDate: Bool

    public init(diagnostics: DiagnosticList, report: OutputReport?, pageCount: Int, gameCount: Int, upToDate: Bool = false) {
        self.diagnostics = diagnostics
        self.report = report
        self.pageCount = pageCount
        self.gameCount = gameCount
        self.upToDate = upToDate
    }
}
