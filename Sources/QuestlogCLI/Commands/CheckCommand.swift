import Foundation
import QuestlogCore

/// `questlog check`: load and resolve the site, print the problems, exit 1 on errors.
struct CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check",
        summary: "Check the site: load every file, resolve every reference and link, and report problems.",
        discussion: """
        Prints nothing when the site is clean. Exits with 1 when there are errors (or warnings with --strict).
        Unknown fields are reported once per kind and field; --verbose lists every file.
        """,
        options: [
            OptionSpec("schema", help: "Print every kind and field of the site (types, labels, inverse labels, flags) and exit."),
            OptionSpec("drafts", help: "Check drafts as published entries."),
        ])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let started = Date()
        let jobs = try context.jobs()
        let loaded = SiteLoader(root: context.site, jobs: jobs).load()
        if context.arguments.flag("schema") {
            let code = context.report(loaded.diagnostics)
            context.console.writeOutput(loaded.schema.table())
            return code
        }
        let (site, diagnostics) = Resolver(options: try context.resolveOptions(includeDrafts: context.arguments.flag("drafts"))).resolve(loaded)
        let code = context.report(diagnostics)
        if context.verbose {
            let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
            let games = site.games.count == 1 ? "1 game" : "\(site.games.count) games"
            context.console.printError("Checked \(site.entryCount) entries in \(games) in \(seconds) s")
        }
        return code
    }
}
