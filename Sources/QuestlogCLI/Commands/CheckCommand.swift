import Foundation
import QuestlogCore

/// `questlog check`: load and resolve the site, print the problems, exit 1 on errors.
struct CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check",
        summary: "Check the site: load every file, resolve every reference and link, and report problems.",
        discussion: "Prints nothing when the site is clean. Exits with 1 when there are errors (or warnings with --strict).")

    static func run(_ context: CommandContext) throws -> ExitCode {
        let started = Date()
        let jobs = try context.jobs()
        let loaded = SiteLoader(root: context.site, jobs: jobs).load()
        let (site, diagnostics) = Resolver(jobs: jobs).resolve(loaded)
        let code = context.report(diagnostics)
        if context.verbose {
            let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
            let games = site.games.count == 1 ? "1 game" : "\(site.games.count) games"
            context.console.printError("Checked \(site.entryCount) entries in \(games) in \(seconds) s")
        }
        return code
    }
}
