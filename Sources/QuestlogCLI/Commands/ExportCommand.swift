import Foundation
import QuestlogCore

/// `questlog export`: the CSV, JSON and XLSX exports alone, without the HTML.
struct ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export",
        summary: "Write the CSV and XLSX (spreadsheets) and JSON (other tools) exports of the site.",
        discussion: """
        CSV: one file per game and kind, UTF-8 with a BOM, CRLF rows; text cells a spreadsheet would run
        as a formula get a leading '. JSON: one document per game, site.json and questlog.schema.json.
        XLSX: one workbook per game, a sheet per kind with typed cells (never formulas) and a
        Progress sheet.
        The folder is managed like Output/: written only if absent, empty or made by Questlog before.
        `questlog build` also writes every export to Output/exports/.
        """,
        options: [
            OptionSpec("format", short: "f", value: "FORMAT", choices: ExportFormat.allCases.map(\.rawValue),
                       help: "Only this format: csv, json or xlsx (default: all)."),
            OptionSpec("output", short: "o", value: "DIR", help: "Where to write (default: exports/ in the site)."),
            OptionSpec("game", short: "g", value: "GAME", help: "Only this game."),
            OptionSpec("kind", short: "k", value: "KIND", help: "Only this kind (npc, quest, location or a custom kind)."),
            OptionSpec("no-bom", help: "Write CSV without the UTF-8 byte order mark."),
            OptionSpec("raw", help: "Do not neutralise cells that start like a formula (=, +, -, @)."),
        ])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let jobs = try context.jobs()
        let loaded = SiteLoader(root: context.site, jobs: jobs).load()
        let (site, diagnostics) = Resolver(options: try context.resolveOptions()).resolve(loaded)
        if diagnostics.failed(strict: context.strict) { return context.report(diagnostics) }
        let options = ExportOptions(
            bom: !context.arguments.flag("no-bom"),
            neutraliseFormulas: !context.arguments.flag("raw"),
            games: context.arguments.value("game").map { [$0] },
            kinds: context.arguments.value("kind").map { [$0] },
            jobs: jobs)
        if let problem = options.problems(in: site).first {
            throw UsageError(problem.message, command: spec.name)
        }
        let formats = context.arguments.value("format").flatMap(ExportFormat.init(rawValue:)).map { [$0] } ?? ExportFormat.allCases
        var files: [OutputFile] = []
        for format in formats {
            do {
                files += try format.files(for: site, options: options)
            } catch {
                var problems = diagnostics
                problems.append(error)
                return context.report(problems)
            }
        }

        let typed = context.arguments.value("output")
        let output = typed.map(context.absolute) ?? context.site + "/exports"
        let displayName = typed ?? "exports/"
        let writer = OutputWriter(directory: output, displayName: displayName, siteRoot: context.site, jobs: jobs)
        var problems = diagnostics
        problems.append(contentsOf: writer.validate(files).map(\.diagnostic))
        if problems.failed(strict: context.strict) { return context.report(problems) }
        do {
            let report = try writer.write(files)
            let code = context.report(diagnostics)
            if !context.quiet {
                context.console.printError("Exported \(files.count == 1 ? "1 file" : "\(files.count) files") to \(displayName) (\(report.written.count) written, \(report.unchanged) unchanged)")
            }
            return code
        } catch {
            problems.append(error.diagnostic)
            return context.report(problems)
        }
    }
}
