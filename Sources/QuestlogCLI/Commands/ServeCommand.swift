import Foundation
import QuestlogCore

/// `questlog serve`: the site in memory on 127.0.0.1, rebuilt when a file changes, pages reloading.
struct ServeCommand: Command {
    static let spec = CommandSpec(
        name: "serve",
        summary: "Serve the site on 127.0.0.1 while you write: rebuilt on every change, pages reload by themselves.",
        discussion: """
        The site is built in memory; nothing is written to Output/. When a build has errors, they are
        printed here and shown in the browser until they are fixed. Stop with Ctrl-C.
        """,
        options: [OptionSpec("port", short: "p", value: "N", help: "The port (default: 4000; 0 picks a free one).")])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let portText = context.arguments.value("port") ?? "4000"
        guard let port = Int(portText), (0...65_535).contains(port) else {
            throw UsageError("option '--port' takes a port number from 0 to 65535, not '\(portText)'", command: spec.name)
        }
        guard DirectoryListing.isSite(context.site) else {
            return context.report(SiteLoader(root: context.site).load().diagnostics)
        }
        // Drafts are always shown while writing, with their badge.
        let options = BuildOptions(site: context.site, output: context.output, jobs: try context.jobs(), strict: context.strict,
                                   includeDrafts: true, listEveryUse: context.verbose)
        let server = LiveServer(options: options, onChange: { changed in
            guard !context.quiet else { return }
            let shown = changed.prefix(3).joined(separator: ", ")
            context.console.printError("Changed: " + shown + (changed.count > 3 ? " and \(changed.count - 3) more" : ""))
        }) { rendered, seconds in
            _ = context.report(rendered.diagnostics)
            if !rendered.files.isEmpty, !context.quiet {
                context.console.printError("Built \(rendered.pageCount) pages in \(String(format: "%.2f", seconds)) s")
            }
        }
        let actual: Int
        do {
            actual = try server.start(port: port)
        } catch {
            context.console.error("\(error); pass another --port")
            return .usage
        }
        if let reason = server.watcher.fallbackReason, !context.quiet {
            context.console.printError("Watching by polling: \(reason)")
        }
        context.console.printError("Serving at http://127.0.0.1:\(actual)/ (Ctrl-C to stop)")
        server.watch()
        return .success
    }
}
