import Foundation
import QuestlogCore

/// `questlog init [DIR]`: a new site with a small sample game.
struct InitCommand: Command {
    static let spec = CommandSpec(
        name: "init",
        summary: "Create a new site with questlog.yml and a small sample game.",
        discussion: "The folder must be absent or empty (hidden files such as .git are fine).",
        arguments: [ArgumentSpec("DIR", optional: true, help: "Where to create the site (default: the current folder).")])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let folder = context.absolute(context.arguments.positional.first ?? ".")
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
        if !context.quiet {
            let shown = context.arguments.positional.first ?? "."
            context.console.print("Created a new Questlog site in \(shown)")
            context.console.print("Next: \(shown == "." ? "" : "cd \(shown) && ")questlog check")
        }
        return .success
    }
}
