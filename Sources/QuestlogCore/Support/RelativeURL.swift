/// Relative links between output pages, so the site works from disk and under any sub-path.
public enum RelativeURL {
    /// The link from the page at `source` to the page at `target` (both relative to the output root).
    /// Works on bytes: it runs for every link of every page.
    public static func from(_ source: String, to target: String) -> String {
        let sourceBytes = Array(source.utf8)
        let targetBytes = Array(target.utf8)
        let slash = UInt8(ascii: "/")
        // The longest common run of whole folders: compare up to each slash of the source's folder part.
        var common = 0
        var index = 0
        while index < sourceBytes.count, index < targetBytes.count, sourceBytes[index] == targetBytes[index] {
            if sourceBytes[index] == slash { common = index + 1 }
            index += 1
        }
        let sourceFolders = sourceBytes[common...].count { $0 == slash }
        var link: [UInt8] = []
        link.reserveCapacity(sourceFolders * 3 + targetBytes.count - common)
        for _ in 0..<sourceFolders { link.append(contentsOf: [UInt8(ascii: "."), UInt8(ascii: "."), slash]) }
        link.append(contentsOf: targetBytes[common...])
        return String(decoding: link, as: UTF8.self)
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

extension RelativeURL {
    /// A game's page comparing its playthroughs: `game/progress.html`.
    public static func progressPage(game: String) -> String {
        "\(game)/progress.html"
    }
}
