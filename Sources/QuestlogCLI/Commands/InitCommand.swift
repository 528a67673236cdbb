import Foundation
import QuestlogCore

/// `questlog init [DIR]`: a new site with a small sample game, optionally with the theme and a
/// deploy pipeline; in an existing site, only the theme or the pipeline.
struct InitCommand: Command {
    static let spec = CommandSpec(
        name: "init",
        summary: "Create a new site with questlog.yml and a small sample game.",
        discussion: """
        The folder must be absent or empty (hidden files such as .git are fine). With --templates,
        the built-in theme is also copied to Templates/ for editing. With --ci, a deploy pipeline is
        written too: github (.github/workflows/questlog.yml, GitHub Pages), gitlab (.gitlab-ci.yml,
        GitLab Pages) or netlify (netlify.toml), from the theme's ci/<host>.mustache. Run in an
        existing site, only the theme or the pipeline is written, and no existing file is overwritten.
        """,
        arguments: [ArgumentSpec("DIR", optional: true, help: "Where to create the site (default: the current folder).")],
        options: [
            OptionSpec("templates", help: "Copy the built-in theme to Templates/ to customise it."),
            OptionSpec("ci", value: "HOST", choices: CIRecipe.allCases.map(\.rawValue),
                       help: "Also write a deploy pipeline: github, gitlab or netlify."),
        ])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let folder = context.absolute(context.arguments.positional.first ?? ".")
        let recipe = context.arguments.value("ci").flatMap(CIRecipe.init(rawValue:))
        if DirectoryListing.isSite(folder), context.arguments.flag("templates") || recipe != nil {
            return try addToSite(folder, theme: context.arguments.flag("templates"), recipe: recipe, context: context)
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                context.console.error("'\(folder)' is a file, not a folder")
                return .contentError
            }
            let visible = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }
            guard visible.isEmpty else {
                context.console.error("'\(folder)' is not empty; choose an empty or new folder: questlog init my-site")
                return .contentError
            }
        }
        let pipeline: String?
        do {
            pipeline = try recipe?.render(theme: Theme.embedded)
        } catch {
            return context.report(DiagnosticList([error]))
        }
        for file in SiteScaffold.files {
            try NewFile.create(folder + "/" + file.path, contents: file.contents)
        }
        // A folder may hold hidden files already (a Git repository's): its own .gitignore stays.
        if !FileManager.default.fileExists(atPath: folder + "/" + SiteScaffold.gitignore.path) {
            try NewFile.create(folder + "/" + SiteScaffold.gitignore.path, contents: SiteScaffold.gitignore.contents)
        }
        if let recipe, let pipeline {
            try NewFile.create(folder + "/" + recipe.path, contents: pipeline)
        }
        if context.arguments.flag("templates") {
            for (path, bytes) in Theme.embedded.files.sorted(by: { $0.key < $1.key }) {
                try NewFile.create(folder + "/Templates/" + path, bytes: bytes)
            }
        }
        if !context.quiet {
            let shown = context.arguments.positional.first ?? "."
            context.console.print("Created a new Questlog site in \(shown)")
            context.console.print("Next: \(shown == "." ? "" : "cd \(shown) && ")questlog build")
            if let recipe {
                context.console.print("Wrote \(recipe.path) too: commit it to publish the site on every push.")
            }
        }
        return .success
    }

    /// Copies the theme and writes the pipeline into an existing site, refusing before writing
    /// anything if one of the files is there. The pipeline comes from the site's theme.
    private static func addToSite(_ site: String, theme: Bool, recipe: CIRecipe?, context: CommandContext) throws -> ExitCode {
        var files: [(path: String, bytes: [UInt8])] = []
        if theme {
            files += Theme.embedded.files.sorted { $0.key < $1.key }.map { (path: "Templates/" + $0.key, bytes: $0.value) }
        }
        if let recipe {
            do {
                let text = try recipe.render(theme: Theme.embedded.overlaid(with: site + "/Templates"))
                files.append((path: recipe.path, bytes: Array(text.utf8)))
            } catch {
                return context.report(DiagnosticList([error]))
            }
        }
        let existing = files.map(\.path).filter { FileManager.default.fileExists(atPath: site + "/" + $0) }
        guard existing.isEmpty else {
            let hint = theme ? "Move them away to copy the built-in theme again." : "Move it away to write the pipeline again."
            context.console.error("\(existing.joined(separator: ", ")) already exist\(existing.count == 1 ? "s" : ""); not overwriting. \(hint)")
            return .contentError
        }
        for file in files {
            try NewFile.create(site + "/" + file.path, bytes: file.bytes)
        }
        if !context.quiet {
            if theme {
                context.console.print("Copied the built-in theme to Templates/ (\(files.count - (recipe == nil ? 0 : 1)) files). Edit them; questlog build uses yours.")
            }
            if let recipe {
                context.console.print("Wrote \(recipe.path): commit it to publish the site on every push.")
            }
        }
        return .success
    }
}
