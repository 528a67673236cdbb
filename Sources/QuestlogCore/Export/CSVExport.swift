import Foundation

/// The CSV export: one RFC 4180 file per game and kind, `<game>/<kind folder>.csv`.
///
/// Columns are laid out by `KindLayout` and cells by `ExportTable`. `display_name` is the name
/// qualified when another entry of the kind in the game shares it. Booleans are `true`/`false`,
/// dates ISO 8601, numbers as written, lists joined by `; `, references as their targets' display
/// names joined by `; ` with the ids in the sibling `_ids` columns (`game/id` for an entry of
/// another game), the fields a kind does not declare in one column each (empty for an entry
/// without it), notes as plain text and `url` the entry's page relative to the output root. Files are UTF-8, with a byte order mark unless `ExportOptions.bom` is off; every cell,
/// list cells included as a whole, goes through the formula rule unless
/// `ExportOptions.neutraliseFormulas` is off.
public enum CSVExport {
    /// The CSV file of every selected game and kind, games in site order, kinds in schema order.
    /// A game with playthroughs also gets `<game>/progress.csv` (see `ProgressTable`).
    public static func files(for site: Site, options: ExportOptions) -> [OutputFile] {
        var made: [OutputFile] = []
        files(for: site, options: options) { made.append($0) }
        return made
    }

    /// `files(for:options:)`, each file handed to `emit` as soon as it is made. A file's records are
    /// made and encoded in batches and kept as its pieces, so neither its table nor its text is
    /// held whole beside its bytes. With `reuse`, the batches of rows whose entries' notes are
    /// unchanged are read from the file the last build wrote, when it is still there with its
    /// pieces recorded (`ExportReuse`).
    static func files(for site: Site, options: ExportOptions, reuse: ExportReuse? = nil, emit: (OutputFile) -> Void) {
        for game in options.selectedGames(in: site) {
            for kind in options.selectedKinds(of: game, in: site.schema) {
                let path = path(game: game.id, kind: kind)
                // None of its entries' notes changed: the file is the last build's, not even read.
                let kindEntries = game.entries(of: kind.id)
                let batches = (kindEntries.count + rowBatch - 1) / rowBatch
                if let reuse, reuse.unchanged(kindEntries[...]), reuse.keep(path, pieces: batches + 1, runs: batches) { continue }
                let columns = ExportTable.Columns(game: game, layout: KindLayout(kind: kind, schema: site.schema), site: site)
                let entries = columns.entries
                emit(OutputFile(path: path,
                                chunks: chunks(header: columns.header, count: entries.count, options: options,
                                               reusing: reuse.map { reuse in
                                                   (reuse: reuse, file: reuse.open(path), unchanged: { reuse.unchanged(entries[$0]) })
                                               }) { index in
                                    columns.row(entries[index])
                                }))
            }
            if game.hasPlaythroughs, options.selectsPlaythroughs(in: site.schema) {
                let table = ProgressTable(game: game, schema: site.schema)
                emit(OutputFile(path: progressPath(game: game.id),
                                chunks: chunks(header: table.header, count: table.rows.count, options: options) { table.rows[$0].map(ExportCell.text) }))
            }
        }
    }

    /// The path of a game's progress per playthrough, relative to the exports folder: `elden-ring/progress.csv`.
    public static func progressPath(game: String) -> String {
        "\(game)/progress.csv"
    }

    /// The path of a game's CSV file of a kind, relative to the exports folder: `elden-ring/npcs.csv`.
    public static func path(game: String, kind: Kind) -> String {
        "\(game)/\(kind.folder).csv"
    }

    /// The header and one row per entry, as cell texts before encoding.
    static func rows(game: Game, layout: KindLayout, site: Site, jobs: Int = 1) -> [[String]] {
        ExportTable(game: game, layout: layout, site: site, jobs: jobs).textRows
    }

    /// The file's bytes.
    static func bytes(_ rows: [[String]], options: ExportOptions) -> [UInt8] {
        Array(chunks(header: rows.first ?? [], count: max(rows.count - 1, 0), options: options) { rows[$0 + 1].map(ExportCell.text) }.joined())
    }

    /// A file's pieces: the byte order mark (unless `options.bom` is off) and the header's record,
    /// then the records of rows `0..<count` (each cell as `ExportCell.text` has it) in batches,
    /// made and encoded on up to `options.jobs`
    /// threads; the bytes do not depend on the threads. With `reusing`, batch `n` is piece `n + 1`
    /// of the file when `unchanged` says the rows of its range are as that file has them, and the
    /// file has as many pieces and a head as long; the batches are counted.
    static func chunks(header: [String], count: Int, options: ExportOptions,
                       reusing: (reuse: ExportReuse, file: PiecedFile?, unchanged: @Sendable (Range<Int>) -> Bool)? = nil,
                       row: @Sendable (Int) -> [ExportCell]) -> [[UInt8]] {
        var head = options.bom ? CSVEncoding.byteOrderMark : []
        CSVEncoding.appendRecord(header, neutraliseFormulas: options.neutraliseFormulas, to: &head)
        let batch = rowBatch
        let neutralise = options.neutraliseFormulas
        let starts = Array(stride(from: 0, to: count, by: batch))
        let file = reusing?.file.flatMap { $0.count == starts.count + 1 && $0.length(0) == head.count ? $0 : nil }
        let batches = Parallel.map(Array(starts.indices), jobs: options.jobs) { number -> [UInt8] in
            let start = starts[number]
            if let reusing, let file, reusing.unchanged(start..<min(start + batch, count)), let bytes = file.piece(number + 1) {
                reusing.reuse.runs.add(taken: true)
                return bytes
            }
            reusing?.reuse.runs.add(taken: false)
            var bytes = ByteBuffer(capacity: 64 * 1024)
            for index in start..<min(start + batch, count) {
                CSVEncoding.appendRecord(cells: row(index), neutraliseFormulas: neutralise, to: &bytes)
            }
            return bytes.take()
        }
        return [head] + batches
    }

    /// How many rows one piece of a file holds.
    static let rowBatch = 512
}
