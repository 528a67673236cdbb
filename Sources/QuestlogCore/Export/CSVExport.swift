import Foundation

/// The CSV export: one RFC 4180 file per game and kind, `<game>/<kind folder>.csv`.
///
/// Columns are laid out by `KindLayout`. Booleans are `true`/`false`, dates ISO 8601, lists and
/// reference names joined by `; `, reference ids in the sibling `_ids` columns (`game/id` for an
/// entry of another game), notes as plain text and `url` the entry's page relative to the output
/// root. Files are UTF-8, with a byte order mark unless `ExportOptions.bom` is off; every cell,
/// list cells included as a whole, goes through the formula rule unless
/// `ExportOptions.neutraliseFormulas` is off.
public enum CSVExport {
    /// The CSV file of every selected game and kind, games in site order, kinds in schema order.
    public static func files(for site: Site, options: ExportOptions) -> [OutputFile] {
        let layouts = options.selectedKinds(in: site.schema).map { KindLayout(kind: $0, schema: site.schema) }
        return options.selectedGames(in: site).flatMap { game in
            layouts.map { layout in
                OutputFile(path: path(game: game.id, kind: layout.kind),
                           bytes: bytes(rows(game: game, layout: layout, site: site), options: options))
            }
        }
    }

    /// The path of a game's CSV file of a kind, relative to the exports folder: `elden-ring/npcs.csv`.
    public static func path(game: String, kind: Kind) -> String {
        "\(game)/\(kind.folder).csv"
    }

    /// The header and one row per entry, as cell texts before encoding.
    static func rows(game: Game, layout: KindLayout, site: Site) -> [[String]] {
        [layout.header] + game.entries(of: layout.kind.id).map { row($0, game: game.id, layout: layout, site: site) }
    }

    static func bytes(_ rows: [[String]], options: ExportOptions) -> [UInt8] {
        let text = rows.map { CSVEncoding.record($0, neutraliseFormulas: options.neutraliseFormulas) }.joined()
        return (options.bom ? CSVEncoding.byteOrderMark : []) + Array(text.utf8)
    }

    private static func row(_ entry: Entry, game: String, layout: KindLayout, site: Site) -> [String] {
        func names(_ refs: [EntryRef]) -> String {
            refs.map { site.exportTarget($0).name }.joined(separator: "; ")
        }
        func ids(_ refs: [EntryRef]) -> String {
            refs.map { $0.exportID(in: game) }.joined(separator: "; ")
        }
        var cells = [entry.id, entry.name]
        for column in layout.fields {
            let value = entry.fields[column.field.name]
            switch value {
            case nil: cells.append(column.field.type == .bool ? "false" : "")
            case let .string(text)?, let .text(text)?, let .date(text)?, let .url(text)?: cells.append(text)
            case let .bool(flag)?: cells.append(flag ? "true" : "false")
            case let .int(number)?: cells.append(String(number))
            case let .number(number)?: cells.append(FieldValue.text(of: number))
            case let .list(items)?: cells.append(items.joined(separator: "; "))
            case let .ref(target)?: cells.append(names([target]))
            case let .refs(targets)?: cells.append(names(targets))
            }
            if column.idsColumn != nil {
                cells.append(ids(value?.references ?? []))
            }
        }
        for column in layout.relations {
            let related = KindLayout.related(entry, column)
            cells.append(names(related))
            cells.append(ids(related))
        }
        cells.append(entry.notes.plainText.trimmingCharacters(in: .whitespacesAndNewlines))
        cells.append(entry.path)
        return cells
    }
}
