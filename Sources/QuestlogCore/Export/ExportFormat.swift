/// The formats of `questlog export --format`.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable {
    case csv
    case json

    /// Every file of this format for the site, paths relative to the exports folder.
    public func files(for site: Site, options: ExportOptions) -> [OutputFile] {
        switch self {
        case .csv: return CSVExport.files(for: site, options: options)
        case .json: return JSONExport.files(for: site, options: options)
        }
    }
}
