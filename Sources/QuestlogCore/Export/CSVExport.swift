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
        options.selectedGames(in: site).flatMap { game in
            let layouts = options.selectedKinds(of: game, in: site.schema).map { KindLayout(kind: $0, schema: site.schema) }
            var files = layouts.map { layout in
                OutputFile(path: path(game: game.id, kind: layout.kind),
                           bytes: bytes(rows(game: game, layout: layout, site: site, jobs: options.jobs), options: options))
            }
            if game.hasPlaythroughs, options.selectsPlaythroughs(in: site.schema) {
                files.append(OutputFile(path: progressPath(game: game.id),
                                        bytes: bytes(ProgressTable(game: game, schema: site.schema).textRows, options: options)))
            }
            return files
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

    /// The file's bytes, records encoded in batches on up to `options.jobs` threads.
    static func bytes(_ rows: [[String]], options: ExportOptions) -> [UInt8] {
        let batch = 512
        let encoded = Parallel.map(Array(stride(from: 0, to: rows.count, by: batch)), jobs: options.jobs) { start -> [UInt8] in
            var bytes: [UInt8] = []
            for row in rows[start..<min(start + batch, rows.count)] {
                bytes.append(contentsOf: CSVEncoding.record(row, neutraliseFormulas: options.neutraliseFormulas).utf8)
            }
            return bytes
        }
        var bytes = options.bom ? CSVEncoding.byteOrderMark : []
        bytes.reserveCapacity(encoded.reduce(bytes.count) { $0 + $1.count })
        for part in encoded { bytes.append(contentsOf: part) }
        return bytes
    }
}
