/// The XLSX export: `<game>.xlsx` for each game, a workbook for spreadsheet apps.
///
/// One sheet per selected kind the game has entries of, in schema order, named after the kind's
/// plural (made valid by `XLSXSheetNames`), with the columns of the CSV file (`KindLayout`,
/// `ExportTable`) and typed cells: booleans, numbers, dates (serial numbers shown `yyyy-mm-dd`)
/// and inline strings. No cell is ever a formula, so text needs no neutralising. The header row is
/// bold and frozen, an autofilter covers the table, columns are fitted to their content (8 to 60
/// characters) and each `name` links to the entry's page, relative to the export file
/// (`../elden-ring/npcs/varre.html`), so that it works beside the published site. A `Progress`
/// sheet follows when the game has progress fields (`kind`, `field`, `done`, `total`, `percent`).
/// A game without entries of the selected kinds has no workbook.
public enum XLSXExport {
    /// The path of a game's workbook, relative to the exports folder: `elden-ring.xlsx`.
    public static func path(game: String) -> String {
        "\(game).xlsx"
    }

    /// The workbook of every selected game that has entries of the selected kinds, games in site
    /// order. A workbook too big for a ZIP file without ZIP64 is an error.
    public static func files(for site: Site, options: ExportOptions) throws(Diagnostic) -> [OutputFile] {
        var made: [OutputFile] = []
        try files(for: site, options: options) { made.append($0) }
        return made
    }

    /// `files(for:options:)`, each workbook handed to `emit` as soon as it is made; blocks of the
    /// `memo` are reused where their bytes come again. With `reuse`, the sheet of a kind whose
    /// entries' notes are all as the last build had them (when nothing but notes changed) is taken
    /// from that build's workbook: a sheet shows its entries' shapes and their notes, and the names,
    /// pages and kinds of the entries they name, which notes do not change.
    static func files(for site: Site, options: ExportOptions, memo: DeflateMemo? = nil, reuse: ExportReuse? = nil,
                      emit: (OutputFile) -> Void) throws(Diagnostic) {
        for game in options.selectedGames(in: site) {
            let kinds = options.selectedKinds(of: game, in: site.schema)
            var sheets = outlines(of: game, kinds: kinds, site: site, jobs: options.jobs)
            guard !sheets.isEmpty else { continue }
            let path = path(game: game.id)
            var workbook = XLSXWorkbook(title: game.title, sheets: [], jobs: options.jobs, memo: memo)
            workbook.path = path
            if let reuse {
                // None of its entries' notes changed: the workbook is the last build's, not even read.
                if sheets.allSatisfy({ sheet in sheet.kind.map { reuse.unchanged(game.entries(of: $0)[...]) } ?? true }),
                   reuse.keep(path, runs: sheets.count(where: \.counted)) {
                    memo?.keep(archive: path + ":")
                    continue
                }
                workbook.runs = reuse.runs
                workbook.earlier = reuse.open(path)
                for index in sheets.indices where sheets[index].counted {
                    guard let kind = sheets[index].kind else { continue }
                    let entries = game.entries(of: kind)
                    sheets[index].unchanged = reuse.unchanged(entries[...])
                    // A sheet some of whose entries' notes changed is made from the last build's;
                    // one some of whose entries changed in more, whole.
                    if !sheets[index].unchanged, let changed = reuse.changed {
                        if reuse.reshaping {
                            sheets[index].patch = nil
                        } else {
                            sheets[index].patch?.rows = entries.indices.filter { changed.contains(entries[$0].source.path) }
                        }
                    }
                }
            }
            workbook.sheets = sheets
            do {
                emit(OutputFile(path: path, chunks: try workbook.chunks()))
            } catch {
                throw diagnostic(error, path: path)
            }
        }
    }

    /// The name of the sheet of progress fields.
    static let progressSheet = "Progress"

    /// The sheets of a game's workbook, made.
    static func sheets(of game: Game, kinds: [Kind], site: Site, jobs: Int = 1) -> [XLSXSheet] {
        outlines(of: game, kinds: kinds, site: site, jobs: jobs).map { $0.make() }
    }

    /// The sheets of a game's workbook, each kind's to be made (its table on up to `jobs` threads)
    /// when it is written.
    static func outlines(of game: Game, kinds: [Kind], site: Site, jobs: Int = 1) -> [XLSXWorkbook.Sheet] {
        let file = ExportDownload.folder + "/" + path(game: game.id)
        var names = XLSXSheetNames()
        var sheets: [XLSXWorkbook.Sheet] = kinds.compactMap { kind in
            guard !game.entries(of: kind.id).isEmpty else { return nil }
            let columns = ExportTable.Columns(game: game, layout: KindLayout(kind: kind, schema: site.schema), site: site)
            let name = names.claim(kind.plural, fallback: kind.id)
            let linkColumn = columns.header.firstIndex(of: KindLayout.nameColumn) ?? 1
            var sheet = XLSXWorkbook.Sheet(name: name, columns: columns.header.count, rows: columns.entries.count) {
                let rows = Parallel.map(columns.entries, jobs: jobs) { columns.row($0) }
                return XLSXSheet(name: name, header: columns.header, rows: rows, linkColumn: linkColumn,
                                 links: columns.entries.map { RelativeURL.from(file, to: $0.path) })
            }
            sheet.kind = kind.id
            sheet.counted = true
            // Every row links to its entry's page.
            let notesColumn = columns.notesColumn
            sheet.patch = XLSXWorkbook.Sheet.Patch(header: columns.header, cells: { columns.row(columns.entries[$0]) }, linkColumn: linkColumn,
                                                   notesColumn: notesColumn) {
                XLSXSheet.columnWidth(header: columns.header[notesColumn], count: columns.entries.count) {
                    ExportTable.notesCell(columns.entries[$0])
                }
            }
            return sheet
        }
        // With playthroughs, one row per playthrough and field, named in a first column.
        let named = game.hasPlaythroughs
        let progress: [[ExportCell]] = game.playthroughs.flatMap { playthrough in
            site.schema.progressFields.compactMap { kind, field -> [ExportCell]? in
                let entries = game.entries(of: kind.id)
                guard kinds.contains(where: { $0.id == kind.id }), !entries.isEmpty else { return nil }
                let done = entries.count { playthrough.isDone($0, field: field.name) }
                return (named ? [.text(playthrough.entry?.name ?? "")] : [])
                    + [.text(kind.plural), .text(field.label), .int(done), .int(entries.count),
                       .number(Double(done) / Double(entries.count))]
            }
        }
        if !progress.isEmpty {
            sheets.append(XLSXWorkbook.Sheet(XLSXSheet(name: names.claim(progressSheet, fallback: progressSheet),
                                                       header: (named ? ["playthrough"] : []) + ["kind", "field", "done", "total", "percent"], rows: progress,
                                                       percentColumn: named ? 5 : 4)))
        }
        return sheets
    }

    static func diagnostic(_ error: ZipArchiveError, path: String) -> Diagnostic {
        switch error {
        case let .tooManyEntries(count):
            return .error("\(ExportDownload.folder)/\(path) would hold \(count) parts; an XLSX file holds at most \(ZipArchive.entryLimit) (no ZIP64)",
                          code: "xlsx-too-large", at: nil)
        case let .tooLarge(part):
            return .error("\(ExportDownload.folder)/\(path) would reach 4 GB at its part \(part); an XLSX file without ZIP64 must stay below that",
                          code: "xlsx-too-large", at: nil)
        case let .compressionFailed(part, status):
            return .error("\(ExportDownload.folder)/\(path): zlib could not compress its part \(part) (status \(status))",
                          code: "xlsx-compression", at: nil)
        }
    }
}
