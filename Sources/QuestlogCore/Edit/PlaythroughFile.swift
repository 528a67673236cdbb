import Foundation
import YAML

/// A playthrough's file: `Content/<game>/playthroughs/<id>.md`, whose front matter holds one list
/// per progress field (`complete: […]` for quests, `cleared: […]` for locations).
public struct PlaythroughFile: Sendable, Hashable {
    /// The folder of a game holding its playthroughs.
    public static let folder = "playthroughs"

    public var game: String
    /// From the file name, as entry ids are (a leading `_` dropped).
    public var id: String
    /// `name:` of the front matter, or the id.
    public var name: String
    /// Relative to the site root.
    public var path: String

    public init(game: String, id: String, name: String, path: String) {
        self.game = game
        self.id = id
        self.name = name
        self.path = path
    }

    /// The playthrough files of a game folder (`folder` relative to `root`), sorted by id.
    static func list(game: String, folder: String, root: String) -> [PlaythroughFile] {
        let relativeFolder = folder + "/" + Self.folder
        var files: [PlaythroughFile] = []
        for item in DirectoryListing.items(at: root + "/" + relativeFolder) where GameFolderWalk.isMarkdown(item.name) {
            let path = relativeFolder + "/" + item.name
            let stem = GameFolderWalk.publicName(String(item.name[..<item.name.lastIndex(of: ".")!]))
            let id = Slug.make(stem)
            guard !id.isEmpty, !DirectoryListing.isDirectory(root + "/" + path) else { continue }
            files.append(PlaythroughFile(game: game, id: id, name: Self.name(of: root + "/" + path) ?? id, path: path))
        }
        return files.sorted { $0.id.utf8Precedes($1.id) }
    }

    /// `name:` (or `title:`) of a file's front matter.
    private static func name(of path: String) -> String? {
        guard let bytes = FileContents.read(path), case let .success(text) = SourceText.decode(bytes, path: path),
              case let .success(frontMatter) = FrontMatter.split(text, path: path), let yaml = frontMatter.yaml else { return nil }
        guard let root = try? YAMLParser.parse(yaml) else { return FrontMatter.salvagedValue(of: "name", in: yaml) }
        for key in ["name", "title"] {
            if let value = root[key]?.string?.trimmingCharacters(in: .whitespaces), !value.isEmpty { return value }
        }
        return nil
    }
}

extension PlaythroughFile {
    /// Every playthrough file of the site at `root`, by game folder then id, found without loading
    /// the site (game ids come from the folder names, as the loader makes them).
    public static func all(root: String) -> [PlaythroughFile] {
        let content = SiteLoader.contentFolder
        return DirectoryListing.items(at: root + "/" + content).flatMap { item -> [PlaythroughFile] in
            let game = Slug.make(GameFolderWalk.publicName(item.name))
            guard !game.isEmpty, DirectoryListing.isDirectory(root + "/" + content + "/" + item.name) else { return [] }
            return list(game: game, folder: content + "/" + item.name, root: root)
        }
    }

    /// What a file held, as a short text to compare with later: a hash of its bytes.
    public static func state(of bytes: [UInt8]) -> String {
        let hash = String(FNV1a.hash(bytes), radix: 16)
        return String(repeating: "0", count: 16 - hash.count) + hash + "-" + String(bytes.count)
    }
}
