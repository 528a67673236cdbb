import Foundation
import QuestlogCore

/// What a command runs with: its parsed arguments, the console and the common options.
public struct CommandContext: Sendable {
    public var arguments: ParsedArguments
    public var console: Console
    /// The folder relative paths are taken from.
    public var workingDirectory: String
    /// How `serve --open` opens the browser.
    public var opener: URLOpener
    /// Whether the process ends when the command does (the `questlog` executable), rather than
    /// running more after it (tests, callers of the library): `build` then lets what it loads be
    /// made immortal (`BuildOptions.endsWithProcess`).
    public var endsWithProcess: Bool

    public init(arguments: ParsedArguments, console: Console, workingDirectory: String, opener: URLOpener = .system,
                endsWithProcess: Bool = false) {
        self.arguments = arguments
        self.console = console
        self.workingDirectory = workingDirectory
        self.opener = opener
        self.endsWithProcess = endsWithProcess
    }

    /// `path` made absolute against the working directory.
    public func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : (workingDirectory as NSString).appendingPathComponent(path)
        return (joined as NSString).standardizingPath
    }

    /// The site folder (`--site`, default the working directory).
    public var site: String { absolute(arguments.value("site") ?? ".") }

    /// The output folder (`--output`, default `Output/` in the site).
    public var output: String {
        arguments.value("output").map(absolute) ?? site + "/Output"
    }

    /// The output folder as the user knows it: as typed, or relative to the working directory.
    public var outputDisplayName: String {
        if let typed = arguments.value("output") { return typed.hasSuffix("/") ? typed : typed + "/" }
        let prefix = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        return output.hasPrefix(prefix) ? String(output.dropFirst(prefix.count)) + "/" : output + "/"
    }

    public var strict: Bool { arguments.flag("strict") }
    public var quiet: Bool { arguments.flag("quiet") }
    public var verbose: Bool { arguments.flag("verbose") && !quiet }
    public var jsonDiagnostics: Bool { arguments.value("diagnostics-format") == "json" }

    /// `--jobs N` (a positive whole number), default one per core.
    public func jobs() throws -> Int {
        guard let text = arguments.value("jobs") else { return ProcessInfo.processInfo.activeProcessorCount }
        guard let jobs = Int(text), jobs > 0 else {
            throw UsageError("option '--jobs' takes a positive whole number, not '\(text)'")
        }
        return jobs
    }

    /// How the Resolve stage runs for this command; `includeDrafts` for commands that show drafts.
    public func resolveOptions(includeDrafts: Bool = false) throws -> ResolveOptions {
        ResolveOptions(jobs: try jobs(), includeDrafts: includeDrafts, strict: strict, listEveryUse: verbose,
                       calloutTitles: ResolveOptions.calloutTitles(theme: SiteBuild(options: BuildOptions(site: site, output: output)).theme))
    }

    /// Prints diagnostics as the options ask and says whether the run failed. In text, each comes
    /// with its source line, and a problem repeated more than three times is shown three times and
    /// counted (all of them with `--verbose`).
    public func report(_ diagnostics: DiagnosticList) -> ExitCode {
        let list = strict ? diagnostics.promotingWarnings() : diagnostics
        if jsonDiagnostics {
            console.writeOutput(list.formattedJSON())
        } else {
            let shown = list.sorted.filter { !(quiet && $0.severity == .warning) }
            var excerpts = SourceExcerpts(root: site)
            let lines = verbose ? shown.map { ($0, 0) } : DiagnosticList.collapsingRepeats(shown, keeping: 3)
            for (diagnostic, moreLikeIt) in lines {
                console.printError(styled(diagnostic))
                if let location = diagnostic.location, let excerpt = excerpts.excerpt(at: location) {
                    console.printError(excerpt)
                }
                if moreLikeIt > 0 {
                    console.printError("… and \(moreLikeIt) more like this [\(diagnostic.code)]")
                }
            }
            if !list.isEmpty && !(quiet && !list.hasErrors) {
                console.printError(list.summary)
            }
        }
        return list.failed(strict: false) ? .contentError : .success
    }

    private func styled(_ diagnostic: Diagnostic) -> String {
        guard console.errorIsTerminal else { return diagnostic.description }
        let word = diagnostic.severity.rawValue + ":"
        let colour = diagnostic.severity == .error ? "31" : "33"
        return diagnostic.description.replacingOccurrences(of: " " + word + " ", with: " " + console.styled(word, colour: colour) + " ",
                                                           options: [], range: nil)
    }
}
