extension Site {
    /// The schema the exports describe: without the playthrough kind when no game has playthroughs.
    var exportSchema: Schema {
        guard !games.contains(where: \.hasPlaythroughs) else { return schema }
        var schema = schema
        schema.kinds.removeAll { $0.id == Schema.playthroughKind }
        return schema
    }

    /// `exportTarget(ref).displayName`, without the name and path.
    func exportDisplayName(_ ref: EntryRef) -> String {
        if ref.kind == "game", let game = game(id: ref.game) { return game.title }
        return withEntry(ref, \.displayName) ?? ref.id
    }

    /// The name, display name and page (relative to the output root) of an entry, or of a game for a
    /// reference of kind `game` (mentions from a game's notes), whose display name is its title.
    func exportTarget(_ ref: EntryRef) -> (name: String, displayName: String, path: String) {
        if ref.kind == "game", let game = game(id: ref.game) {
            return (game.title, game.title, game.path)
        }
        if let target = withEntry(ref, { ($0.name, $0.displayName, $0.path) }) {
            return target
        }
        // A resolved site has every target; the id and computed page keep an export usable regardless.
        let folder = schema.kind(id: ref.kind)?.folder ?? ref.kind
        return (ref.id, ref.id, RelativeURL.entryPage(game: ref.game, folder: folder, id: ref.id))
    }
}
