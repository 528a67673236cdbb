import Foundation

/// The walk of `Content/`: each game folder's walk (`GameFolderWalk`) and the problems met at the
/// top, in the order they were met, and the assets of every game, sorted by path and measured.
/// What it finds depends only on the folders' structure (names, kinds of files, sizes of assets)
/// and on the schema, never on what a Markdown or YAML file holds: so `serve` walks again only
/// when a save changed that structure (`isStill(changed:root:schema:)`).
struct ContentWalk: Sendable {
    enum Step: Sendable {
        case problem(Diagnostic)
        case game(GameFolderWalk, isDraft: Bool)
    }

    var steps: [Step] = []
    var assets: [ContentAsset] = []
    /// The schema the folders were sorted into kinds with.
    var schema: Schema
    /// Whether the walk followed a symbolic link: the files it read may then lie anywhere in the
    /// site, under names a watcher does not report, so it is never reused.
    var followedLinks = false
    /// The key (`key(of:)`) of the names the walk listed, as it listed them: a build keeps the
    /// walk only when its stamps, taken before, give the same (`storableKey`).
    var observedKey: UInt64?

    /// How many files the walk found to read or publish.
    var fileCount: Int {
        assets.count + steps.reduce(0) { total, step in
            guard case let .game(walk, _) = step else { return total }
            return total + walk.jobs.count + (walk.gameFile == nil ? 0 : 1)
        }
    }

    /// Whether the walk found the file at `path` (site-relative): an entry file, a `game.md` or an
    /// asset. Looked for among the games' files, which a load never needs as a set.
    func holdsFile(_ path: String) -> Bool {
        anyFile { $0 == path }
    }

    /// Whether the walk found a file inside the folder `folder` (site-relative), at any depth.
    func holdsFile(under folder: String) -> Bool {
        let prefix = folder + "/"
        return anyFile { $0.hasPrefix(prefix) }
    }

    /// Whether `path` (site-relative) is a game folder of the walk, or holds one: an empty game
    /// folder is a game too.
    func holdsGameFolder(_ path: String) -> Bool {
        steps.contains { step in
            guard case let .game(walk, _) = step else { return false }
            return walk.folder == path || walk.folder.hasPrefix(path + "/")
        }
    }

    private func anyFile(_ matches: (String) -> Bool) -> Bool {
        steps.contains { step in
            guard case let .game(walk, _) = step else { return false }
            return walk.anyFile(matches)
        }
    }

    /// Walks `Content/` of the site at `root` (a folder that exists).
    static func walk(root: String, schema: Schema, jobs: Int) -> ContentWalk {
        var result = ContentWalk(schema: schema)
        let contentPath = root + "/" + SiteLoader.contentFolder
        var gameFolders: [String: String] = [:]
        let tree = ContentTree(root: root)
        // The site and Content/ count as folders being walked: a link back to either is a loop.
        let contentRealPath = ContentTree.realPath(contentPath) ?? contentPath
        let ancestors = Set(tree.allowedRoots)
        var observed: [SourceStamp] = []
        for item in DirectoryListing.items(at: contentPath) {
            let relative = SiteLoader.contentFolder + "/" + item.name
            observed.append(observation(item, at: relative))
            if item.kind == .symbolicLink { result.followedLinks = true }
            var found = DiagnosticList()
            defer { result.steps += found.all.map(Step.problem) }
            guard let node = tree.node(item, at: relative, in: contentRealPath, ancestors: ancestors, diagnostics: &found) else {
                continue
            }
            guard case let .folder(realPath) = node else {
                found.append(.warning("ignored: files in \(SiteLoader.contentFolder)/ belong in a game folder such as \(SiteLoader.contentFolder)/my-game/",
                                      code: "ignored-file", at: SourceLocation(path: relative)))
                continue
            }
            let isDraft = GameFolderWalk.isDraftName(item.name)
            let id = Slug.make(GameFolderWalk.publicName(item.name))
            guard !id.isEmpty else {
                found.append(.error("cannot make a game id from the folder name '\(item.name)'; rename the folder with letters or digits",
                                    code: "invalid-id", at: SourceLocation(path: relative)))
                continue
            }
            if SiteLoader.reservedGameIds.contains(id) {
                found.append(.error("'\(id)' cannot be a game id: the output uses that name for its \(id == "site" ? "site export" : "own files"); rename the folder",
                                    code: "invalid-id", at: SourceLocation(path: relative)))
                continue
            }
            if let other = gameFolders[id] {
                found.append(.error("duplicate game id '\(id)': folders '\(other)' and '\(relative)' have the same id",
                                    code: "duplicate-id", at: SourceLocation(path: relative)))
                continue
            }
            gameFolders[id] = relative
            // Problems met at the top come before the game's, in the order they were met.
            result.steps += found.all.map(Step.problem)
            found = DiagnosticList()
            var walk = GameFolderWalk(tree: tree, schema: schema, gameId: id, folder: relative)
            walk.walk(realPath: realPath, isDraft: isDraft, ancestors: ancestors)
            observed += walk.takeObservations()
            if walk.followedLinks { result.followedLinks = true }
            result.assets.append(contentsOf: walk.assets)
            result.steps.append(.game(walk, isDraft: isDraft))
        }
        result.observedKey = key(of: observed)
        observed = []
        result.assets.sort { $0.path.utf8Precedes($1.path) }
        // Pictures get their size now, so pages can reserve their space (only headers are read).
        let assets = result.assets
        let sizes = Parallel.map(assets, jobs: jobs) { asset in
            asset.isMeasurable ? ImageSize.ofFile(atPath: root + "/" + asset.path).map { ImageDimensions(width: $0.width, height: $0.height) } : nil
        }
        for index in result.assets.indices { result.assets[index].dimensions = sizes[index] }
        return result
    }

    /// Whether walking the site at `root` with `schema` again would find what this walk found,
    /// when only the files at `changed` (site-relative, as a watcher names them) changed since:
    /// each is a file this walk found that is still a regular file and not an asset (whose size
    /// the walk records), or a name the walk passes over (an editor's swap file), or one that came
    /// and went since (sed's temporary copy), or outside `Content/` (a template).
    func isStill(changed: Set<String>, root: String, schema: Schema) -> Bool {
        guard !followedLinks, schema == self.schema else { return false }
        let prefix = SiteLoader.contentFolder + "/"
        for path in changed {
            guard path.hasPrefix(prefix) else {
                // A template, questlog.yml (its schema is compared above), a file of Output/.
                if path.isEmpty || path == "." || path == SiteLoader.contentFolder { return false }
                continue
            }
            if path.split(separator: "/").contains(where: { DirectoryListing.isIgnored(String($0)) }) { continue }
            var info = stat()
            guard lstat(root + "/" + path, &info) == 0 else {
                // Gone: a file of the walk removed, or one that came and went (an editor's test
                // file, sed's temporary copy), which the walk never saw.
                if errno == ENOENT, !holdsFile(path), !holdsFile(under: path), !holdsGameFolder(path) { continue }
                return false
            }
            guard holdsFile(path), info.st_mode & S_IFMT == S_IFREG else { return false }
        }
        return !assets.contains { changed.contains($0.path) }
    }
}
