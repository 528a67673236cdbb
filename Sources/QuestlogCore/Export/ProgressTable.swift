/// `progress.csv` of a game with playthroughs: which progress entry each playthrough has done.
///
/// The header is `id`, `kind`, `name`, then one column per playthrough named by its id, in id
/// order; then one row per entry of a kind with a progress field, kinds in schema order and
/// entries by id, with `true` or `false` per playthrough. A kind with several progress fields is
/// counted by its first one. `questlog progress import` reads this shape back.
struct ProgressTable: Sendable {
    var header: [String]
    var rows: [[String]]

    init(game: Game, schema: Schema) {
        let playthroughs = game.playthroughs.filter { $0.entry != nil }
        header = ["id", "kind", "name"] + playthroughs.compactMap(\.id)
        var rows: [[String]] = []
        for kind in schema.kinds {
            guard let field = kind.fields.first(where: { $0.progress && $0.type == .bool }) else { continue }
            let entries = game.entries(of: kind.id).sorted { $0.id.utf8Precedes($1.id) }
            for entry in entries {
                rows.append([entry.id, kind.id, entry.name] + playthroughs.map { $0.isDone(entry, field: field.name) ? "true" : "false" })
            }
        }
        self.rows = rows
    }

    /// The header then the rows, as CSV cell texts before encoding.
    var textRows: [[String]] {
        [header] + rows
    }
}
