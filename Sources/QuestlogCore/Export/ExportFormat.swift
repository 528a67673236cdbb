/// The formats of `questlog export --format`.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable {
    case csv
    case json
    case xlsx

    /// Every file of this format for the site, paths relative to the exports folder; an XLSX
    /// workbook too big for its ZIP container is an error.
    public func files(for site: Site, options: ExportOptions) throws(Diagnostic) -> [OutputFile] {
        switch self {
        case .csv: return CSVExport.files(for: site, options: options)
        case .json: return JSONExport.files(for: site, options: options)
        case .xlsx: return try XLSXExport.files(for: site, options: options)
        }
    }
}
