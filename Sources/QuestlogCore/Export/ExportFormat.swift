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
    /// being made is held, not every file of the format.
    func files(for site: Site, options: ExportOptions, emit: (OutputFile) -> Void) throws(Diagnostic) {
        switch self {
        case .csv: CSVExport.files(for: site, options: options, emit: emit)
        case .json: JSONExport.files(for: site, options: options, emit: emit)
        case .xlsx: try XLSXExport.files(for: site, options: options, emit: emit)
        }
    }

    /// The files of each of `formats`, each handed to `emit` on the calling thread as soon as it is
    /// made (as `files(for:options:emit:)` hands them), and the problem of each format that could
    /// not be made, in the order of `formats`. With several `options.jobs`, the XLSX workbooks, whose
    /// compression is one long step per part, are made on a thread of their own beside the CSV
    /// files, and handed over once both are done; the JSON documents, which hold every entry's
    /// bytes until both are written, are made before them, alone, so that what the formats hold is
    /// never held together. The bytes of every file do not depend on the threads.
    static func files(of formats: [ExportFormat], for site: Site, options: ExportOptions,
                      emit: (OutputFile) -> Void) -> [Diagnostic] {
        let apart = options.jobs > 1 && formats.count > 1 ? formats.filter { $0 == .xlsx } : []
        var problems: [ExportFormat: Diagnostic] = [:]
        func make(_ format: ExportFormat) {
            do throws(Diagnostic) {
                try format.files(for: site, options: options, emit: emit)
            } catch {
                problems[format] = error
            }
        }
        let beside: [ExportFormat] = apart.isEmpty ? [] : formats.filter { $0 == .csv }
        for format in formats where !apart.contains(format) && !beside.contains(format) { make(format) }
        // What those held goes back to the system before a thread of its own, with memory of its
        // own, starts.
        if !apart.isEmpty { BuildTimings.releaseFreedMemory() }
        let lane = apart.isEmpty ? nil : ExportLane { () -> [(format: ExportFormat, files: [OutputFile], problem: Diagnostic?)] in
            apart.map { format in
                var made: [OutputFile] = []
                do throws(Diagnostic) {
                    try format.files(for: site, options: options) { made.append($0) }
                    return (format, made, nil)
                } catch {
                    return (format, made, error)
                }
            }
        }
        for format in beside { make(format) }
        for made in lane?.join() ?? [] {
            made.files.forEach(emit)
            problems[made.format] = made.problem
        }
        return formats.compactMap { problems[$0] }
    }
}
