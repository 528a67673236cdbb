import Foundation
import QuestlogCore

/// `questlog build`: check the site and write the wiki to `Output/`.
struct BuildCommand: Command {
    static let spec = CommandSpec(
        name: "build",
        summary: "Check the site and write the browsable wiki (HTML, assets, exports) to Output/.",
        discussion: """
        Nothing is written when the content or the theme has errors. Questlog writes only into an
        absent or empty folder or one it made before, rewrites only the files that changed, and
        removes only files it wrote itself. Drafts (draft: true, or a file or folder whose name starts
        with _) are left out unless --drafts is given.
        """,
        options: [
            .output,
            OptionSpec("drafts", help: "Publish drafts too, each marked with a Draft badge."),
            OptionSpec("timings", help: "Print each stage's time, items done and reused, and peak memory."),
            OptionSpec("clean", help: "Build everything, without the cache that lets an unchanged site skip the work."),
            OptionSpec("base-url", value: "URL",
                       help: "The public address of the site, in place of base_url in questlog.yml (sitemap, canonical links)."),
        ])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let started = Date()
        let baseURL = try context.arguments.value("base-url").map { text in
            guard let url = SiteConfig.baseURL(text) else {
                throw UsageError("option '--base-url' expects an absolute http(s) URL such as https://example.org/wiki/, not '\(text)'",
                                 command: spec.name)
            }
            return url
        }
        var options = BuildOptions(site: context.site, output: context.output, outputDisplayName: context.outputDisplayName,
                                   jobs: try context.jobs(), strict: context.strict,
                                   includeDrafts: context.arguments.flag("drafts"), listEveryUse: context.verbose,
                                   baseURL: baseURL)
        options.clean = context.arguments.flag("clean")
        options.endsWithProcess = context.endsWithProcess
        let timings = BuildTimings()
        let progress = ProgressDisplay(console: context.console, timings: timings)
        let result = SiteBuild(options: options).run(timings: timings)
        progress.finish()
        if context.arguments.flag("timings") { context.console.printError(timings.table()) }
        if context.verbose && !context.arguments.flag("timings") { context.console.printError(timings.summary()) }
        let code = context.report(result.diagnostics)
        guard let report = result.report, code == .success else { return code == .success ? .contentError : code }
        if !context.quiet {
            let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
            let pages = result.pageCount == 1 ? "1 page" : "\(result.pageCount) pages"
            let games = result.gameCount == 1 ? "1 game" : "\(result.gameCount) games"
            if result.upToDate {
                context.console.printError("Up to date: nothing changed since the last build of \(pages) for \(games) (checked in \(seconds) s) → \(options.outputDisplayName)")
            } else {
                context.console.printError("Built \(pages) for \(games) in \(seconds) s → \(options.outputDisplayName)")
            }
            if context.verbose {
                context.console.printError("\(report.written.count) written, \(report.unchanged) unchanged, \(report.removed.count) removed")
            }
        }
        return .success
    }
}
