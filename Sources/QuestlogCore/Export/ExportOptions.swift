/// What an export writes: the byte order mark and formula neutralisation of CSV files, and which
/// games and kinds are exported.
public struct ExportOptions: Sendable, Hashable {
    /// Start each CSV file with a UTF-8 byte order mark, so spreadsheet apps read accents correctly.
    public var bom: Bool
    /// Prefix with `'` each CSV cell that a spreadsheet would run as a formula.
    public var neutraliseFormulas: Bool
    /// The ids of the games to export; nil exports every game.
    public var games: [String]?
    /// The kinds to export, by id or folder (`npc` or `npcs`); nil exports every kind.
    public var kinds: [String]?
    /// Threads that make the files; the bytes do not depend on it.
    public var jobs: Int

    public init(bom: Bool = true, neutraliseFormulas: Bool = true, games: [String]? = nil, kinds: [String]? = nil, jobs: Int = 1) {
        self.bom = bom
        self.neutraliseFormulas = neutraliseFormulas
        self.games = games
        self.kinds = kinds
        self.jobs = max(1, jobs)
    }

    /// The selected games, in the site's order.
    func selectedGames(in site: Site) -> [Game] {
        guard let games else { return site.games }
        return site.games.filter { games.contains($0.id) }
    }

    /// The selected kinds a game's exports hold: playthroughs only in a game that has some, so that
    /// a game without playthrough files exports exactly what it did before they existed.
    func selectedKinds(of game: Game, in schema: Schema) -> [Kind] {
        selectedKinds(in: schema).filter { $0.id != Schema.playthroughKind || game.hasPlaythroughs }
    }

    /// Whether playthroughs are selected (`--kind playthrough`, or no kind filter).
    func selectsPlaythroughs(in schema: Schema) -> Bool {
        selectedKinds(in: schema).contains { $0.id == Schema.playthroughKind }
    }

    /// The selected kinds, in schema order.
    func selectedKinds(in schema: Schema) -> [Kind] {
        guard let kinds else { return schema.kinds }
        let ids = Set(kinds.compactMap { schema.kind(named: $0)?.id })
        return schema.kinds.filter { ids.contains($0.id) }
    }

    /// An error for each selected game or kind that the site does not have, with a "did you mean".
    public func problems(in site: Site) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let gameIds = site.games.map(\.id)
        for game in games ?? [] where !gameIds.contains(game) {
            let hint = Suggestion.closest(to: game, in: gameIds).map { " (did you mean '\($0)'?)" } ?? ""
            problems.append(.error("unknown game '\(game)'\(hint)", code: "unknown-game", at: nil))
        }
        let kindNames = site.schema.kinds.flatMap { [$0.id, $0.folder] }
        for kind in kinds ?? [] where site.schema.kind(named: kind) == nil {
            let hint = Suggestion.closest(to: kind, in: kindNames).map { " (did you mean '\($0)'?)" } ?? ""
            problems.append(.error("unknown kind '\(kind)'\(hint)", code: "unknown-kind", at: nil))
        }
        return problems
    }
}
