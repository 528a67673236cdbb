/// Relative links between output pages, so the site works from disk and under any sub-path.
public enum RelativeURL {
    /// The link from the page at `source` to the page at `target` (both relative to the output root).
    public static func from(_ source: String, to target: String) -> String {
        let sourceFolders = source.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        let targetParts = target.split(separator: "/", omittingEmptySubsequences: false)
        var common = 0
        while common < sourceFolders.count, common < targetParts.count - 1,
              sourceFolders[sourceFolders.startIndex + common] == targetParts[common] {
            common += 1
        }
        let up = String(repeating: "../", count: sourceFolders.count - common)
        return up + targetParts[common...].joined(separator: "/")
    }

    /// The output path of an entry's page.
    public static func entryPage(game: String, folder: String, id: String) -> String {
        "\(game)/\(folder)/\(id).html"
    }

    /// The output path of a game's page.
    public static func gamePage(game: String) -> String {
        "\(game)/index.html"
    }

    /// The output path of a kind's index page in a game.
    public static func kindPage(game: String, folder: String) -> String {
        "\(game)/\(folder)/index.html"
    }
}
