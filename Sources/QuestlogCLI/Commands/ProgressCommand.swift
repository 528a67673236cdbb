import Foundation
import QuestlogCore

/// `questlog progress import FILE.csv [--playthrough P] [--write]`: reads a progress spreadsheet
/// back into the playthrough files, showing what would change and writing only with `--write`.
struct ProgressCommand: Command {
    static let spec = CommandSpec(
        name: "progress",
        summary: "Import a progress spreadsheet (progress.csv) back into the playthrough files.",
        discussion: """
        Reads a progress.csv (as exports/<game>/progress.csv has it: id,kind,name, then a column per
        playthrough) after an edit in LibreOffice, Excel or any spreadsheet, and shows what would
        change in each playthrough. A cell is a mark when it holds true, x, ✓, 1 or yes (in any case),
        and no mark when it is empty or holds false, 0 or no. Comma and semicolon separated files,
        quoted fields, CRLF line ends and a byte order mark are all read.
        Nothing is written without --write; then only the progress lists of the files change.
        Example: questlog progress import ~/progress.csv --write
        """,
        arguments: [
            ArgumentSpec("ACTION", choices: ["import"], help: "What to do: import."),
            ArgumentSpec("FILE", help: "The CSV file to read."),
        ],
        options: [
            OptionSpec("playthrough", short: "p", value: "PLAYTHROUGH", help: "Import this playthrough's column only."),
            OptionSpec("game", short: "g", value: "GAME", help: "The game the file is for (default: the one its columns name)."),
            OptionSpec("write", short: "w", help: "Write the changes (otherwise they are only shown)."),
        ])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let file = context.arguments.positional[1]
        let loaded = SiteLoader(root: context.site).load()
        if loaded.diagnostics.all.contains(where: { $0.code == "missing-content" }) {
            return context.report(loaded.diagnostics)
        }
        let game = try ProgressCommandSupport.game(context, loaded: loaded, command: spec.name)
        guard let bytes = FileManager.default.contents(atPath: context.absolute(file)).map({ [UInt8]($0) }) else {
            return context.report(DiagnosticList([.error("cannot read \(file)", code: "missing-file", at: nil)]))
        }
        let catalog = ProgressCatalog(loaded: loaded, root: context.site)
        let (found, diagnostics) = ProgressImport.read(bytes, path: file, catalog: catalog, game: game,
                                                      only: context.arguments.value("playthrough"))
        guard let progress = found else { return context.report(diagnostics) }
        let write = context.arguments.flag("write")
        var problems: [Diagnostic] = []
        var changedFiles = 0
        for plan in progress.plans {
            if !context.quiet {
                context.console.print("\(plan.playthrough.name) (\(plan.playthrough.path)): " + Self.count(plan.changes))
                for change in plan.changes {
                    let sign = change.done ? "+ mark  " : "- unmark"
                    context.console.print("  \(sign) \(change.target.noun) '\(change.target.name)' (\(change.target.field))")
                }
            }
            guard write, plan.edited != plan.original else { continue }
            do {
                try AtomicFileReplace.replace(context.site + "/" + plan.playthrough.path, with: plan.edited, expecting: plan.original)
                changedFiles += 1
            } catch {
                let message = error == .changedOnDisk
                    ? "\(plan.playthrough.path) changed while it was being edited; it was not written, run the import again"
                    : error.description
                problems.append(.error(message, code: "edit-failed", at: SourceLocation(path: plan.playthrough.path)))
            }
        }
        let pending = progress.plans.filter { $0.edited != $0.original }.count
        if !context.quiet {
            if !write && pending > 0 {
                context.console.print("Nothing written: run again with --write to change \(pending == 1 ? "this file" : "these \(pending) files").")
            } else if write {
                context.console.print("Updated \(changedFiles) playthrough file\(changedFiles == 1 ? "" : "s").")
            }
        }
        if !problems.isEmpty { return context.report(DiagnosticList(problems)) }
        return .success
    }

    private static func count(_ changes: [ProgressImport.Change]) -> String {
        if changes.isEmpty { return "no changes" }
        return changes.count == 1 ? "1 change" : "\(changes.count) changes"
    }
}
