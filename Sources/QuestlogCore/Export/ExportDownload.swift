/// A file of the exports that a page links to.
public struct ExportDownload: Sendable, Hashable {
    public var format: ExportFormat
    /// The kind whose entries the file holds; nil for files holding a whole game or site.
    public var kind: String?
    /// The path relative to the output root (`exports/elden-ring/npcs.csv`); a page links it with
    /// `RelativeURL.from(page, to: path)`.
    public var path: String

    public init(format: ExportFormat, kind: String?, path: String) {
        self.format = format
        self.kind = kind
        self.path = path
    }

    /// The folder of the exports in the output.
    public static let folder = "exports"

    /// The home page's downloads: the site's JSON, then its JSON Schema.
    public static func forSite() -> [ExportDownload] {
        [ExportDownload(format: .json, kind: nil, path: folder + "/" + JSONExport.sitePath),
         ExportDownload(format: .json, kind: nil, path: folder + "/" + JSONExport.schemaPath)]
    }

    /// A game page's downloads: the game's JSON, its XLSX workbook, then the CSV of each kind in
    /// schema order; playthroughs and `progress.csv` only for a game with playthroughs.
    public static func forGame(_ game: String, schema: Schema, playthroughs: Bool = false) -> [ExportDownload] {
        [ExportDownload(format: .json, kind: nil, path: folder + "/" + JSONExport.path(game: game)),
         ExportDownload(format: .xlsx, kind: nil, path: folder + "/" + XLSXExport.path(game: game))]
            + schema.kinds.filter { playthroughs || $0.id != Schema.playthroughKind }
                .map { ExportDownload(format: .csv, kind: $0.id, path: folder + "/" + CSVExport.path(game: game, kind: $0)) }
            + (playthroughs ? [ExportDownload(format: .csv, kind: nil, path: folder + "/" + CSVExport.progressPath(game: game))] : [])
    }

    /// A kind page's downloads: the kind's CSV in that game, then the game's JSON.
    public static func forKind(_ kind: Kind, game: String) -> [ExportDownload] {
        [ExportDownload(format: .csv, kind: kind.id, path: folder + "/" + CSVExport.path(game: game, kind: kind)),
         ExportDownload(format: .json, kind: nil, path: folder + "/" + JSONExport.path(game: game))]
    }
}
