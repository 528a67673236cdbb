import Foundation
import PackagePlugin

/// Embeds the default theme (`Templates/`) in QuestlogCore, so `questlog build` works from any folder
/// and `Templates/` stays the one source of truth: editing a file there re-embeds it on the next build.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTheme.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: templates, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                inputs.append(url)
            }
        }
        inputs.sort { $0.path < $1.path }
        return [
            .buildCommand(
                displayName: "Embedding the theme from Templates/",
                executable: try context.tool(named: "questlog-embed").url,
                arguments: [templates.path, output.path],
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
