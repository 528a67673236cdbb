import Foundation
import QuestlogCore

/// `questlog new <kind> "Name" [--game G]`: writes a new entry file with its kind's fields;
/// `questlog new game "Name"` starts a game: `Content/<id>/game.md`.
struct NewCommand: Command {
    static let spec = CommandSpec(
        name: "new",
        summary: "Create an entry file with every field of its kind, ready to fill in.",
        discussion: """
        The file is Content/<game>/<folder>/<id>.md, its id made from the name. An existing file is
        never overwritten. Example: questlog new npc "White Mask Varré" --game elden-ring
        A new game is Content/<id>/game.md: questlog new game "Elden Ring"
        """,
        arguments: [
            ArgumentSpec("KIND", help: "game, npc, quest, location, or a custom kind of questlog.yml (singular or folder name)."),
            ArgumentSpec("NAME", help: "The entry's name."),
        ],
        options: [OptionSpec("game", short: "g", value: "GAME", help: "The game (needed when the site has several).")])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let kindName = context.arguments.positional[0]
        let name = context.arguments.positional[1].trimmingCharacters(in: .whitespaces)
        let loaded = SiteLoader(root: context.site).load()
        if loaded.diagnostics.all.contains(where: { $0.code == "missing-content" }) {
            return context.report(loaded.diagnostics)
        }
        if kindName == "game" || kindName == "games" {
            return try newGame(named: name, schema: loaded.schema, games: loaded.games.map(\.id), context: context)
        }
        guard let kind = loaded.schema.kind(named: kindName) else {
            let names = loaded.schema.kinds.map(\.id)
            let hint = Suggestion.closest(to: kindName, in: names + loaded.schema.kinds.map(\.folder)).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError("unknown kind '\(kindName)'\(hint); kinds are game, \(names.joined(separator: ", "))", command: spec.name)
        }
        let games = loaded.games.map(\.id)
        let game: String
        if let requested = context.arguments.value("game") {
            guard games.contains(requested) else {
                let hint = Suggestion.closest(to: requested, in: games).map { " (did you mean '\($0)'?)" } ?? ""
                throw UsageError("unknown game '\(requested)'\(hint); games are \(games.joined(separator: ", "))", command: spec.name)
            }
            game = requested
        } else if games.count == 1 {
            game = games[0]
        } else if games.isEmpty {
            context.console.error("the site has no game yet: create a folder \(SiteLoader.contentFolder)/<game-id>/ first")
            return .contentError
        } else {
            throw UsageError("the site has several games: pass --game (\(games.joined(separator: ", ")))", command: spec.name)
        }
        let id = Slug.make(name)
        guard !name.isEmpty, !id.isEmpty else {
            throw UsageError("the name must contain letters or digits", command: spec.name)
        }
        let relative = "\(SiteLoader.contentFolder)/\(game)/\(kind.folder)/\(id).md"
        // Once a game has playthroughs, they keep its progress: a new entry gets no `complete: false`.
        let playthroughs = loaded.games.first { $0.id == game }?.entries.contains { $0.kind.id == Schema.playthroughKind } ?? false
        do {
            try NewFile.create(context.site + "/" + relative, contents: EntryScaffold.markdown(kind: kind, name: name, progress: !playthroughs))
        } catch is NewFile.Exists {
            context.console.error("\(relative) already exists; not overwriting it")
            return .contentError
        }
        if !context.quiet { context.console.print("Created \(relative)") }
        return .success
    }

    /// Writes `Content/<id>/game.md` for a game that does not exist yet.
    private static func newGame(named name: String, schema: Schema, games: [String], context: CommandContext) throws -> ExitCode {
        if context.arguments.value("game") != nil {
            throw UsageError("a new game takes no --game: its id comes from its name", command: spec.name)
        }
        let id = Slug.make(name)
        guard !name.isEmpty, !id.isEmpty else {
            throw UsageError("the name must contain letters or digits", command: spec.name)
        }
        if SiteLoader.reservedGameIds.contains(id) {
            throw UsageError("'\(id)' cannot be a game id: the output uses that name; choose another name", command: spec.name)
        }
        let relative = "\(SiteLoader.contentFolder)/\(id)/game.md"
        if games.contains(id) && FileManager.default.fileExists(atPath: context.site + "/" + relative) {
            context.console.error("\(relative) already exists; not overwriting it")
            return .contentError
        }
        do {
            try NewFile.create(context.site + "/" + relative, contents: EntryScaffold.markdown(kind: schema.game, name: name))
        } catch is NewFile.Exists {
            context.console.error("\(relative) already exists; not overwriting it")
            return .contentError
        }
        if !context.quiet { context.console.print("Created \(relative)") }
        return .success
    }
}
