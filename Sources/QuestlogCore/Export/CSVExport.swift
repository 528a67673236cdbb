import Foundation

/// The CSV export: one RFC 4180 file per game and kind, `<game>/<kind folder>.csv`.
///
/// Columns are laid out by `KindLayout`. `display_name` is the name qualified when another entry of
/// the kind in the game shares it. Booleans are `true`/`false`, dates ISO 8601, numbers as written,
/// lists joined by `; `, references as their targets' display names joined by `; ` with the ids in
/// the sibling `_ids` columns (`game/id` for an entry of another game), the fields a kind does not
/// declare in one column each (empty for an entry without it), notes as plain text and `url` the
/// entry's page relative to the output root. Files are UTF-8, with a byte order mark unless `ExportOptions.bom` is off; every cell,
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
        let entries = game.entries(of: layout.kind.id)
        let extras = layout.extraColumns(for: entries)
        return [layout.header(extras: extras)]
            + entries.map { row($0, game: game.id, layout: layout, extras: extras, site: site) }
    }

    static func bytes(_ rows: [[String]], options: ExportOptions) -> [UInt8] {
        let text = rows.map { CSVEncoding.record($0, neutraliseFormulas: options.neutraliseFormulas) }.joined()
        return (options.bom ? CSVEncoding.byteOrderMark : []) + Array(text.utf8)
    }

    private static func row(_ entry: Entry, game: String, layout: KindLayout, extras: [ExtraColumn], site: Site) -> [String] {
        func ids(_ refs: [EntryRef]) -> String {
            refs.map { $0.exportID(in: game) }.joined(separator: "; ")
        }
        var cells = [entry.id, entry.name, entry.displayName]
        for column in layout.fields {
            let value = entry.fields[column.field.name]
            cells.append(value.map { text($0, site: site) } ?? (column.field.type == .bool ? "false" : ""))
            if column.idsColumn != nil {
                cells.append(ids(value?.references ?? []))
            }
        }
        for column in layout.relations {
            let related = KindLayout.related(entry, column)
            cells.append(names(related, site: site))
            cells.append(ids(related))
        }
        for column in extras {
            cells.append(entry.extra.first { $0.name == column.field }.map { text($0.value, site: site) } ?? "")
        }
        cells.append(entry.notes.plainText.trimmingCharacters(in: .whitespacesAndNewlines))
        cells.append(entry.path)
        return cells
    }

    /// A value as cell text, before the formula rule.
    private static func text(_ value: FieldValue, site: Site) -> String {
        switch value {
        case let .string(text), let .text(text), let .date(text), let .url(text): return text
        case let .bool(flag): return flag ? "true" : "false"
        case let .int(number): return String(number)
        case let .number(number): return FieldValue.text(of: number)
        case let .list(items): return items.joined(separator: "; ")
        case let .ref(target): return names([target], site: site)
        case let .refs(targets): return names(targets, site: site)
        }
    }

    /// Display names, so that entries sharing a name are told apart.
    private static func names(_ refs: [EntryRef], site: Site) -> String {
        refs.map { site.exportTarget($0).displayName }.joined(separator: "; ")
    }
}
