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
        Any --bind but a loopback address (127.x.x.x) lets other machines read the site, drafts included.
        On the loopback interface, the checkboxes of playthrough pages are live: ticking one edits the
        playthrough's file as 'questlog mark' does.
        """,
        options: [
            OptionSpec("port", short: "p", value: "N", help: "The port (default: 4000; 0 picks a free one)."),
            OptionSpec("bind", value: "ADDR", help: "The IPv4 address to listen on (default: 127.0.0.1; 0.0.0.0 is every interface)."),
            OptionSpec("open", help: "Open the site in the browser once it is served."),
            OptionSpec("timings", help: "Print each build's stages: time, items done and reused, and peak memory."),
        ])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let (server, code) = try start(context)
        server?.watch()
        return code
    }

    /// Everything but the endless watch: checks the options, builds, serves and opens the browser.
    /// Returns the running server, or none and the exit code when it could not start.
    static func start(_ context: CommandContext) throws -> (server: LiveServer?, code: ExitCode) {
        let portText = context.arguments.value("port") ?? "4000"
        guard let port = Int(portText), (0...65_535).contains(port) else {
            throw UsageError("option '--port' takes a port number from 0 to 65535, not '\(portText)'", command: spec.name)
        }
        let bindText = context.arguments.value("bind") ?? BindAddress.loopback.description
        guard let address = BindAddress(bindText) else {
            throw UsageError("option '--bind' takes an IPv4 address such as 127.0.0.1 or 0.0.0.0, not '\(bindText)'", command: spec.name)
        }
        guard DirectoryListing.isSite(context.site) else {
            return (nil, context.report(SiteLoader(root: context.site).load().diagnostics))
        }
        // Shown even with --quiet: the drafts and notes become readable from the network.
        if !address.isLoopback {
            context.console.warning("serving on \(address), not a loopback address: anyone who can reach this machine "
                + "can read the site, drafts included. Use --bind 127.0.0.1 to keep it to yourself.")
        }
        // Drafts are always shown while writing, with their badge.
        let options = BuildOptions(site: context.site, output: context.output, jobs: try context.jobs(), strict: context.strict,
                                   includeDrafts: true, listEveryUse: context.verbose)
        let server = LiveServer(options: options, onChange: { changed in
            guard !context.quiet else { return }
            let shown = changed.prefix(3).joined(separator: ", ")
            context.console.printError("Changed: " + shown + (changed.count > 3 ? " and \(changed.count - 3) more" : ""))
        }, onPageProblems: { problems in
            _ = context.report(problems)
        }) { served, seconds, timings in
            _ = context.report(served.diagnostics)
            if context.arguments.flag("timings") { context.console.printError(timings.table()) }
            if served.pages != nil, !context.quiet {
                let time = seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.2f s", seconds)
                let patch = served.patchedFields ? " (only front-matter values changed: resolved in place)"
                    : served.isPatched ? " (only notes changed: their pages made again)" : ""
                context.console.printError("Built \(served.pageCount) pages in \(time)" + patch)
            }
        }
        let actual: Int
        do {
            actual = try server.start(address: address, port: port)
        } catch let error as DevServer.StartError where error.addressInUse {
            context.console.error("port \(port) is in use; pass another --port, or --port 0 for a free one")
            return (nil, .contentError)
        } catch {
            context.console.error("\(error); pass another --port or --bind")
            return (nil, .usage)
        }
        if let reason = server.watcher.fallbackReason, !context.quiet {
            context.console.printError("Watching by polling: \(reason)")
        }
        // Every interface includes the loopback one, the address a browser here can open.
        let url = "http://\(address.isAny ? BindAddress.loopback.description : address.description):\(actual)/"
        context.console.printError("Serving at \(url) (Ctrl-C to stop)")
        if context.arguments.flag("open") {
            let console = context.console
            context.opener.open(url) { reason in console.warning("could not open the browser (\(reason)); open \(url) yourself") }
        }
        return (server, .success)
    }
}
