import QuestlogCore

/// What `mark` and `progress` share: the `--game` option checked against the site's games.
enum ProgressCommandSupport {
    /// The `--game` asked for (checked), or nil to look in every game.
    static func game(_ context: CommandContext, loaded: LoadedSite, command: String) throws -> String? {
        guard let requested = context.arguments.value("game") else { return nil }
        let games = loaded.games.map(\.id)
        guard games.contains(requested) else {
            let hint = Suggestion.closest(to: requested, in: games).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError("unknown game '\(requested)'\(hint); games are \(games.joined(separator: ", "))", command: command)
        }
        return requested
    }
}
