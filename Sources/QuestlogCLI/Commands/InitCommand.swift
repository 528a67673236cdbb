import Foundation
import QuestlogCore

/// `questlog init [DIR]`: a new site with a small sample game.
struct InitCommand: Command {
    static let spec = CommandSpec(
        name: "init",
        summary: "Create a new site with questlog.yml and a small sample game.",
        discussion: """
        The folder must be absent or empty (hidden files such as .git are fine). With --templates,
        the built-in theme is also copied to Templates/ for editing; run in an existing site, only
        the theme is copied, and no existing file is overwritten.
        """,
        arguments: [ArgumentSpec("DIR", optional: true, help: "Where to create the site (default: the current folder).")],
        options: [OptionSpec("templates", help: "Copy the built-in theme to Templates/ to customise it.")])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let folder = context.absolute(context.arguments.positional.first ?? ".")
        if context.arguments.flag("templates"), DirectoryListing.isSite(folder) {
            return try copyTheme(to: folder, context: context)
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
        for file in SiteScaffold.files {
            try NewFile.create(folder + "/" + file.path, contents: file.contents)
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
        }
        return .success
    }

    /// Copies the theme into an existing site, refusing before writing anything if a file is there.
    private static func copyTheme(to site: String, context: CommandContext) throws -> ExitCode {
        let files = Theme.embedded.files.sorted { $0.key < $1.key }
        let existing = files.map { "Templates/" + $0.key }.filter { FileManager.default.fileExists(atPath: site + "/" + $0) }
        guard existing.isEmpty else {
            context.console.error("\(existing.joined(separator: ", ")) already exist\(existing.count == 1 ? "s" : ""); not overwriting. Move them away to copy the built-in theme again.")
            return .contentError
        }
        for (path, bytes) in files {
            try NewFile.create(site + "/Templates/" + path, bytes: bytes)
        }
        if !context.quiet {
            context.console.print("Copied the built-in theme to Templates/ (\(files.count) files). Edit them; questlog build uses yours.")
        }
        return .success
    }
}
