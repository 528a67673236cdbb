/// Everything read from a site folder, with the problems found while reading.
public struct LoadedSite: Sendable {
    public var config: SiteConfig
    public var schema: Schema
    public var games: [RawGame]
    /// Every other file of the game folders, to publish as it is; sorted by path (byte order).
    public var assets: [ContentAsset]
    public var diagnostics: DiagnosticList

    public init(config: SiteConfig, schema: Schema, games: [RawGame], assets: [ContentAsset] = [], diagnostics: DiagnosticList) {
        self.config = config
        self.schema = schema
        self.games = games
        self.assets = assets
        self.diagnostics = diagnostics
    }
}
