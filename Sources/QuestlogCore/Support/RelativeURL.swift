/// Relative links between output pages, so the site works from disk and under any sub-path.
public enum RelativeURL {
    /// The link from the page at `source` to the page at `target` (both relative to the output root).
    /// Works on the strings' bytes in place, comparing eight at a time, and writes the link's bytes
    /// once: it runs for every link of every page. The link is `target` itself when the two share
    /// no folder and `source` is in none; otherwise a `../` per folder of `source` left, then the
    /// rest of `target`.
    public static func from(_ source: String, to target: String) -> String {
        var source = source, target = target
        let (common, folders) = source.withUTF8 { source in
            target.withUTF8 { target -> (common: Int, folders: Int) in
                guard let from = source.baseAddress, let to = target.baseAddress else {
                    return (0, source.count { $0 == UInt8(ascii: "/") })
                }
                let slash = UInt8(ascii: "/")
                let limit = min(source.count, target.count)
                var index = 0
                while index + 8 <= limit,
                      UnsafeRawPointer(from + index).loadUnaligned(as: UInt64.self) == UnsafeRawPointer(to + index).loadUnaligned(as: UInt64.self) {
                    index += 8
                }
                while index < limit, from[index] == to[index] { index += 1 }
                // The longest common run of whole folders: up to the last slash the two share.
                var common = index
                while common > 0, from[common - 1] != slash { common -= 1 }
                var folders = 0
                for at in common..<source.count where from[at] == slash { folders += 1 }
                return (common, folders)
            }
        }
        if common == 0 && folders == 0 { return target }
        return target.withUTF8 { target in
            let rest = target.count - common
            return String(unsafeUninitializedCapacity: folders * 3 + rest) { buffer in
                var at = 0
                for _ in 0..<folders {
                    buffer[at] = UInt8(ascii: "."); buffer[at + 1] = UInt8(ascii: "."); buffer[at + 2] = UInt8(ascii: "/")
                    at += 3
                }
                if rest > 0 {
                    UnsafeMutableRawPointer(buffer.baseAddress! + at).copyMemory(from: target.baseAddress! + common, byteCount: rest)
                }
                return at + rest
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
