extension Schema {
    /// Every kind and field as a plain-text table (`questlog check --schema`): the kind's id, folder and
    /// names, then one row per field with its type, label, inverse label and flags.
    public func table() -> String {
        var rows: [[String]] = [["kind", "field", "type", "label", "inverse label", "flags"]]
        for kind in [game] + kinds {
            let folder = kind.id == "game" ? "game.md" : kind.folder + "/"
            rows.append([kind.id, "", "", "\(kind.name) / \(kind.plural) (\(folder))", "", ""])
            let nameField = kind.id == "game" ? "title" : "name"
            if kind.field(named: nameField) == nil {
                rows.append(["", nameField, "string", "Name", "", ""])
            }
            for field in kind.fields {
                var flags: [String] = []
                if field.progress { flags.append("progress") }
                if field.highlight { flags.append("highlight") }
                if field.display != .value { flags.append("display: \(field.display.rawValue)") }
                if !field.progressOf.isEmpty { flags.append("progress list") }
                let inverse = field.type.referencedKind == nil || !field.progressOf.isEmpty ? "" : inverseLabel(of: field, in: kind)
                rows.append(["", field.name, field.typeDescription, field.label, inverse, flags.joined(separator: ", ")])
            }
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ")[...].trimmingTrailingSpaces()
        }.joined(separator: "\n") + "\n"
    }
}
