import Foundation

/// Finds the files notes link to: relative URLs (`../maps/limgrave.png`) and Obsidian embeds
/// (`![[limgrave.png]]`), among the site's assets and its Markdown entry files.
///
/// A relative URL may lead into another game's folder: games sit side by side in the output as in
/// `Content/`, so the link works there too. Only a path that climbs out of `Content/`, even to come
/// back, is refused.
public struct AssetIndex: Sendable {
    private let assets: [String: ContentAsset]
    private let pages: [String: String]
    /// Every folder holding an indexed file, `Content` included.
    private let folders: Set<String>
    /// Every indexed file, by game folder (`Content/elden-ring`), sorted by path: worked out when a
    /// suggestion first needs it, since only a link to a missing file does.
    private let filesByGameFolder: OnDemand<[String: [String]]>
    private let assetsByGame: [String: [ContentAsset]]

    /// An index of `assets` and of Markdown entry files, given as a map from their path relative to the
    /// site root (`Content/elden-ring/npcs/varre.md`) to their page's path relative to the output
    /// root (`elden-ring/npcs/varre.html`).
    public init(assets: [ContentAsset], entryPages: [String: String]) {
        self.assets = Dictionary(assets.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        pages = entryPages
        var folders: Set<String> = [SiteLoader.contentFolder]
        // In any order: the folders are a set.
        for path in self.assets.keys { path.forEachPathFolder { folders.insert($0).inserted } }
        for path in entryPages.keys { path.forEachPathFolder { folders.insert($0).inserted } }
        self.folders = folders
        let assetPaths = Array(self.assets.keys)
        filesByGameFolder = OnDemand {
            var files: [String: [String]] = [:]
            for path in assetPaths + Array(entryPages.keys) {
                if let game = Self.gameFolder(of: path) { files[game, default: []].append(path) }
            }
            return files.mapValues { $0.sorted { $0.utf8Precedes($1) } }
        }
        assetsByGame = Dictionary(grouping: assets, by: \.game)
            .mapValues { $0.sorted { $0.path.utf8Precedes($1.path) } }
    }

    /// What the index was made of: its assets, and the pages of Markdown entry files.
    var parts: (assets: [ContentAsset], entryPages: [String: String]) {
        (assets.values.sorted { $0.path.utf8Precedes($1.path) }, pages)
    }

    /// An index of a loaded site's assets and Markdown entries (`game.md` included); drafts only
    /// when `includeDrafts`, so a link to a draft is missing from a site published without them.
    public init(_ loaded: LoadedSite, includeDrafts: Bool = false) {
        var pages: [String: String] = [:]
        for game in loaded.games where includeDrafts || !game.isDraft {
            if GameFolderWalk.isMarkdown(game.game.source.path) {
                pages[game.game.source.path] = RelativeURL.gamePage(game: game.id)
            }
            for entry in game.entries where (includeDrafts || !entry.isDraft) && GameFolderWalk.isMarkdown(entry.source.path) {
                pages[entry.source.path] = RelativeURL.entryPage(game: game.id, folder: entry.kind.folder, id: entry.id)
            }
        }
        self.init(assets: loaded.assets.filter { includeDrafts || !$0.isDraft }, entryPages: pages)
    }

    /// What the relative `url` written in the note at `notePath` (relative to the site root) names.
    /// Percent-encoding is decoded to find the file; a query or fragment is kept. A URL with a scheme
    /// or an absolute path is `.outsideContent`; one with only a query or fragment names the note's own page.
    public func resolve(_ url: String, from notePath: String) -> AssetLookup {
        if url.hasPrefix("/") || Self.hasScheme(url) { return .outsideContent }
        let split = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        let written = String(url[..<split]), suffix = String(url[split...])
        if written.isEmpty {
            return pages[notePath].map { .found(outputPath: $0 + suffix) } ?? .notAFile
        }
        let decoded = written.removingPercentEncoding ?? written
        var components = notePath.split(separator: "/").dropLast().map(String.init)
        for component in decoded.split(separator: "/") where component != "." {
            if component == ".." {
                guard components.count > 1 else { return .outsideContent }
                components.removeLast()
            } else {
                components.append(String(component))
            }
        }
        let target = components.joined(separator: "/")
        if !decoded.hasSuffix("/") {
            if let asset = assets[target] { return .found(outputPath: Self.percentEncoded(asset.outputPath) + suffix) }
            if let page = pages[target] { return .found(outputPath: Self.percentEncoded(page) + suffix) }
        }
        if folders.contains(target) || components.count <= 1 { return .notAFile }
        return .missing(suggestion: suggestion(for: decoded, target: target, from: notePath))
    }

    /// The assets an Obsidian embed `![[name]]` in the game `game` (its id) may mean: a name without
    /// `/` matches every asset of that file name in the game's folder, one with `/` every asset whose
    /// path in the game folder ends with it. Exact spelling first; when nothing matches, case is
    /// ignored. Sorted by path; two or more make the embed ambiguous.
    public func find(named name: String, inGame game: String) -> [ContentAsset] {
        let candidates = assetsByGame[game] ?? []
        let wanted = name.hasPrefix("/") ? String(name.drop { $0 == "/" }) : name
        guard !wanted.isEmpty else { return [] }
        func matches(_ asset: ContentAsset, _ fold: (String) -> String) -> Bool {
            let inGame = fold(String(asset.outputPath.drop { $0 != "/" }.dropFirst()))
            let key = fold(wanted)
            return inGame == key || inGame.hasSuffix("/" + key)
        }
        let exact = candidates.filter { matches($0, { $0 }) }
        return exact.isEmpty ? candidates.filter { matches($0, { $0.lowercased() }) } : exact
    }

    /// A file of the note's game whose URL from the note is close to what was written, or that has
    /// the same file name elsewhere, or a close file name.
    private func suggestion(for written: String, target: String, from notePath: String) -> String? {
        guard let game = Self.gameFolder(of: notePath), let files = filesByGameFolder.value[game] else { return nil }
        let urls = files.map { RelativeURL.from(notePath, to: $0) }
        if let close = Suggestion.closest(to: written, in: urls) { return close }
        let name = Self.fileName(target)
        if let index = files.firstIndex(where: { Self.fileName($0).lowercased() == name.lowercased() }) { return urls[index] }
        guard let closeName = Suggestion.closest(to: name, in: files.map(Self.fileName)) else { return nil }
        return files.firstIndex { Self.fileName($0) == closeName }.map { urls[$0] }
    }

    /// `Content/<game folder>` for a path inside a game folder.
    private static func gameFolder(of path: String) -> String? {
        let prefix = SiteLoader.contentFolder + "/"
        guard path.hasPrefix(prefix) else { return nil }
        let rest = path.utf8.dropFirst(prefix.utf8.count)
        guard let slash = rest.firstIndex(of: UInt8(ascii: "/")), slash != rest.startIndex,
              rest[rest.index(after: slash)...].contains(where: { $0 != UInt8(ascii: "/") }) else { return nil }
        return String(path[..<slash])
    }

    private static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? "")
    }

    /// Whether `url` starts with a scheme such as `https:` or `mailto:`.
    private static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":"), let first = url.first, first.isASCII, first.isLetter else { return false }
        return url[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// Letters, digits, `/` and the characters RFC 3986 allows in a path stay; every other byte is escaped.
    static func percentEncoded(_ path: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/".utf8)
        var out = ""
        for byte in path.utf8 {
            if allowed.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
