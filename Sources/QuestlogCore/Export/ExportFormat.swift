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

    /// `files(for:options:)`, each file handed to `emit` as soon as it is made, so that only the file
    /// being made is held, not every file of the format. A workbook reuses the compressed blocks of
    /// `deflated` where their bytes come again; CSV files, JSON documents and workbooks take the
    /// pieces of the last build's files that `reuse` allows.
    func files(for site: Site, options: ExportOptions, deflated: DeflateMemo? = nil, reuse: ExportReuse? = nil,
               emit: (OutputFile) -> Void) throws(Diagnostic) {
        switch self {
        case .csv: CSVExport.files(for: site, options: options, reuse: reuse, emit: emit)
        case .json: JSONExport.files(for: site, options: options, reuse: reuse, emit: emit)
        case .xlsx: try XLSXExport.files(for: site, options: options, memo: deflated, reuse: reuse, emit: emit)
        }
    }
}
