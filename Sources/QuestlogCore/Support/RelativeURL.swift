/// Relative links between output pages, so the site works from disk and under any sub-path.
public enum RelativeURL {
    /// The link from the page at `source` to the page at `target` (both relative to the output root).
    /// Works on the strings' bytes in place and writes the link's bytes once: it runs for every
    /// link of every page.
    public static func from(_ source: String, to target: String) -> String {
        var source = source, target = target
        return source.withUTF8 { source in
            target.withUTF8 { target in
                let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
                // The longest common run of whole folders: compare up to each slash of the source's folder part.
                var common = 0, index = 0
                while index < source.count, index < target.count, source[index] == target[index] {
                    if source[index] == slash { common = index + 1 }
                    index += 1
                }
                var folders = 0
                for at in common..<source.count where source[at] == slash { folders += 1 }
                let rest = target.count - common
                return String(unsafeUninitializedCapacity: folders * 3 + rest) { buffer in
                    var at = 0
                    for _ in 0..<folders {
                        buffer[at] = dot; buffer[at + 1] = dot; buffer[at + 2] = slash
                        at += 3
                    }
                    if rest > 0 {
                        UnsafeMutableRawPointer(buffer.baseAddress! + at).copyMemory(from: target.baseAddress! + common, byteCount: rest)
                    }
                    return at + rest
                }
            }
        }
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
