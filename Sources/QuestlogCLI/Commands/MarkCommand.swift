import Foundation
import QuestlogCore

/// `questlog mark <playthrough> <entry…> [--undo]`: ticks entries off in a playthrough's file (or
/// unticks them), editing only the progress lists of its front matter.
struct MarkCommand: Command {
    static let spec = CommandSpec(
        name: "mark",
        summary: "Tick entries off in a playthrough (or untick them with --undo).",
        discussion: """
        Adds each entry to the progress list of the playthrough's file that its kind uses (complete:
        for quests, cleared: for locations), or removes it with --undo. Nothing else in the file
        changes: comments, key order, line ends and the notes stay as they are. Entries are named by
        id or name; write kind:name (quest:ranni) when a name is used by several kinds.
        Example: questlog mark wren "Go to the castle" church-of-elleh
        """,
        arguments: [
            ArgumentSpec("PLAYTHROUGH", help: "The playthrough: its file name in playthroughs/, or its name."),
            ArgumentSpec("ENTRY", repeats: true, help: "The entries to tick off, by id or name."),
        ],
        options: [
            OptionSpec("undo", short: "u", help: "Untick the entries instead."),
            OptionSpec("game", short: "g", value: "GAME", help: "The game (needed when several have such a playthrough)."),
        ])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let undo = context.arguments.flag("undo")
        let loaded = SiteLoader(root: context.site).load()
        if loaded.diagnostics.all.contains(where: { $0.code == "missing-content" }) {
            return context.report(loaded.diagnostics)
        }
        let game = try ProgressCommandSupport.game(context, loaded: loaded, command: spec.name)
        let catalog = ProgressCatalog(loaded: loaded, root: context.site)
        let playthrough: PlaythroughFile
        do {
            playthrough = try catalog.playthrough(context.arguments.positional[0], game: game)
        } catch {
            return context.report(DiagnosticList([error]))
        }
        var targets: [ProgressTarget] = []
        var problems: [Diagnostic] = []
        for text in context.arguments.positional.dropFirst() {
            do {
                let target = try catalog.target(text, game: playthrough.game)
                if !targets.contains(target) { targets.append(target) }
            } catch {
                problems.append(error)
            }
        }
        if !problems.isEmpty { return context.report(DiagnosticList(problems)) }

        let path = context.site + "/" + playthrough.path
        guard let original = FileManager.default.contents(atPath: path).map({ [UInt8]($0) }) else {
            context.console.error("cannot read \(playthrough.path)")
            return .contentError
        }
        var editor = FrontMatterListEditor(bytes: original, path: playthrough.path)
        var lines: [String] = []
        do {
            for target in targets {
                let changed = try catalog.set(target, done: !undo, in: &editor)
                let what = "\(target.noun) '\(target.name)' (\(target.field))"
                switch (changed, undo) {
                case (true, false): lines.append("Marked \(what)")
                case (true, true): lines.append("Unmarked \(what)")
                case (false, false): lines.append("Already marked: \(what)")
                case (false, true): lines.append("Not marked: \(what)")
                }
            }
        } catch {
            return context.report(DiagnosticList([error]))
        }
        if editor.bytes != original {
            do {
                try AtomicFileReplace.replace(path, with: editor.bytes, expecting: original)
            } catch {
                let message = error == .changedOnDisk ? "\(playthrough.path) changed while it was being edited; nothing was written, run the command again" : error.description
                return context.report(DiagnosticList([.error(message, code: "edit-failed", at: SourceLocation(path: playthrough.path))]))
            }
        }
        if !context.quiet {
            context.console.print("\(playthrough.name) (\(playthrough.path)):")
            for line in lines { context.console.print("  " + line) }
        }
        return .success
    }
}
