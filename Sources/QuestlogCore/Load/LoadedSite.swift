/// Everything read from a site folder, with the problems found while reading.
public struct LoadedSite: Sendable {
    public var config: SiteConfig
    public var schema: Schema
    public var games: [RawGame]
    public var diagnostics: DiagnosticList

    public init(config: SiteConfig, schema: Schema, games: [RawGame], diagnostics: DiagnosticList) {
        self.config = config
        self.schema = schema
        self.games = games
        self.diagnostics = diagnostics
    }
}
