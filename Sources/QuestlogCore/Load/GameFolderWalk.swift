/// The files of one game folder, found by walking it at every depth: the entry files to read, the
/// assets to publish, and the problems met on the way.
struct GameFolderWalk: Sendable {
    /// A file to read into entries.
    enum FileJob: Sendable {
        case markdown(path: String, kind: Kind, id: String, isDraft: Bool)
        case data(path: String, kind: Kind, isDraft: Bool)

        /// The file, its kind and the id it is loaded under (empty for a data file).
        var source: (path: String, kind: Kind, id: String) {
            switch self {
            case let .markdown(path, kind, id, _): (path, kind, id)
            case let .data(path, kind, _): (path, kind, "")
            }
        }

        /// The file, site-relative.
        var path: String {
            switch self {
            case let .markdown(path, _, _, _), let .data(path, _, _): path
            }
        }

        var isDraft: Bool {
            switch self {
            case let .markdown(_, _, _, isDraft), let .data(_, _, isDraft): isDraft
            }
        }
    }

    let tree: ContentTree
    let schema: Schema
    /// The game's id, the first folder of its assets' output paths.
    let gameId: String
    /// The game folder, relative to the site root.
    let folder: String
    /// The game folder's `game.md`, when it has one.
    private(set) var gameFile: String?
    private(set) var jobs: [FileJob] = []
    private(set) var assets: [ContentAsset] = []
    private(set) var diagnostics = DiagnosticList()
    /// Whether a symbolic link was met (followed or refused).
    private(set) var followedLinks = false
    /// Each name listed, as a stamp of what the listing said (`ContentWalk.observation`), in the
    /// order listed; taken by the walk of `Content/` (`takeObservations`).
    private var observed: [SourceStamp] = []

    /// The names listed, which the walk no longer holds.
    mutating func takeObservations() -> [SourceStamp] {
        defer { observed = [] }
        return observed
    }

    /// Whether one of the files found (the entry files, `game.md` and the assets, site-relative)
    /// `matches`.
    func anyFile(_ matches: (String) -> Bool) -> Bool {
        if let gameFile, matches(gameFile) { return true }
        return jobs.contains { matches($0.path) } || assets.contains { matches($0.path) }
    }

    init(tree: ContentTree, schema: Schema, gameId: String, folder: String) {
        self.tree = tree
        self.schema = schema
        self.gameId = gameId
        self.folder = folder
    }

    /// A walk as an earlier one found it (`ContentWalk+File`).
    init(tree: ContentTree, schema: Schema, gameId: String, folder: String, gameFile: String?, jobs: [FileJob],
         assets: [ContentAsset], diagnostics: DiagnosticList, followedLinks: Bool) {
        self.init(tree: tree, schema: schema, gameId: gameId, folder: folder)
        self.gameFile = gameFile
        self.jobs = jobs
        self.assets = assets
        self.diagnostics = diagnostics
        self.followedLinks = followedLinks
    }

    /// Whether a file name is Markdown or YAML (in any case), which are never published as they are.
    static func isNotesFile(_ name: String) -> Bool {
        isMarkdown(name) || isDataFile(name)
    }

    /// Whether a file name is YAML (in any case): a data file, in a kind's folder.
    static func isDataFile(_ name: String) -> Bool {
        hasSuffixIgnoringASCIICase(name, ".yml") || hasSuffixIgnoringASCIICase(name, ".yaml")
    }

    static func isMarkdown(_ name: String) -> Bool {
        hasSuffixIgnoringASCIICase(name, ".md") || hasSuffixIgnoringASCIICase(name, ".markdown")
    }

    /// Whether `name` ends with `suffix` (lowercase ASCII) in any case of its ASCII letters.
    private static func hasSuffixIgnoringASCIICase(_ name: String, _ suffix: StaticString) -> Bool {
        let name = name.utf8
        guard name.count >= suffix.utf8CodeUnitCount else { return false }
        return suffix.withUTF8Buffer { wanted in
            zip(name.suffix(wanted.count), wanted).allSatisfy { byte, want in
                byte == want || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") && byte + 32 == want)
            }
        }
    }

    /// A name starting with `_` marks a private file or folder.
    static func isDraftName(_ name: String) -> Bool {
        name.hasPrefix("_")
    }

    /// The name without its last `.` and what follows it, found among the bytes (the name of a
    /// Markdown file has one, and a letter follows it, so it is a character of its own).
    static func stem(of name: String) -> String {
        let utf8 = name.utf8
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")) else { return name }
        return String(name[..<dot])
    }

    /// The name without its draft marker: what ids and kind folders are taken from.
    static func publicName(_ name: String) -> String {
        String(name.drop { $0 == "_" })
    }

    /// Walks the game folder, whose real path is `realPath`; `ancestors` holds the real paths of the
    /// folders above it.
    mutating func walk(realPath: String, isDraft: Bool, ancestors: Set<String>) {
        let ancestors = ancestors.union([realPath])
        for item in DirectoryListing.items(at: tree.root + "/" + folder) {
            let relative = folder + "/" + item.name
            observed.append(ContentWalk.observation(item, at: relative))
            if item.kind == .symbolicLink { followedLinks = true }
            guard let node = tree.node(item, at: relative, in: realPath, ancestors: ancestors, diagnostics: &diagnostics) else { continue }
            let draft = isDraft || Self.isDraftName(item.name)
            switch node {
            case let .folder(real):
                if let kind = schema.kind(folder: Self.publicName(item.name)) {
                    walkKindFolder(relative, realPath: real, kind: kind, isDraft: draft, ancestors: ancestors)
                } else if walkOtherFolder(relative, realPath: real, isDraft: draft, ancestors: ancestors) {
                    let folders = schema.kinds.map(\.folder)
                    let hint = Suggestion.closest(to: item.name, in: folders).map { "did you mean '\($0)'? " } ?? ""
                    diagnostics.append(.warning("ignored folder '\(item.name)': not a kind folder (\(hint)kinds are \(folders.joined(separator: ", ")); declare more in questlog.yml)",
                                                code: "unknown-folder", at: SourceLocation(path: relative)))
                }
            case let .file(byteCount):
                if item.name == "game.md" {
                    gameFile = relative
                } else if Self.isNotesFile(item.name) {
                    diagnostics.append(.warning("ignored: a game folder holds game.md and kind folders; move this file into one of them",
                                                code: "ignored-file", at: SourceLocation(path: relative)))
                } else {
                    addAsset(relative, byteCount: byteCount, isDraft: draft)
                }
            }
        }
    }

    /// Markdown files and YAML data files, in subfolders too (for users who group entries by region),
    /// and the assets beside them.
    private mutating func walkKindFolder(_ folder: String, realPath: String, kind: Kind, isDraft: Bool, ancestors: Set<String>) {
        let ancestors = ancestors.union([realPath])
        for item in DirectoryListing.items(at: tree.root + "/" + folder) {
            let relative = folder + "/" + item.name
            observed.append(ContentWalk.observation(item, at: relative))
            if item.kind == .symbolicLink { followedLinks = true }
            guard let node = tree.node(item, at: relative, in: realPath, ancestors: ancestors, diagnostics: &diagnostics) else { continue }
            let draft = isDraft || Self.isDraftName(item.name)
            switch node {
            case let .folder(real):
                walkKindFolder(relative, realPath: real, kind: kind, isDraft: draft, ancestors: ancestors)
            case let .file(byteCount):
                if Self.isMarkdown(item.name) {
                    let stem = Self.publicName(Self.stem(of: item.name))
                    let id = Slug.make(stem)
                    guard !id.isEmpty else {
                        diagnostics.append(.error("cannot make an id from the file name '\(item.name)'; rename it with letters or digits",
                                                  code: "invalid-id", at: SourceLocation(path: relative)))
                        continue
                    }
                    jobs.append(.markdown(path: relative, kind: kind, id: id, isDraft: draft))
                } else if Self.isNotesFile(item.name) {
                    jobs.append(.data(path: relative, kind: kind, isDraft: draft))
                } else {
                    addAsset(relative, byteCount: byteCount, isDraft: draft)
                }
            }
        }
    }

    /// A folder that is not a kind's: its assets are published, its notes ignored. Returns whether it
    /// (or a folder in it) holds Markdown or YAML files, which the caller warns about.
    private mutating func walkOtherFolder(_ folder: String, realPath: String, isDraft: Bool, ancestors: Set<String>) -> Bool {
        let ancestors = ancestors.union([realPath])
        var holdsNotes = false
        for item in DirectoryListing.items(at: tree.root + "/" + folder) {
            let relative = folder + "/" + item.name
            observed.append(ContentWalk.observation(item, at: relative))
            if item.kind == .symbolicLink { followedLinks = true }
            guard let node = tree.node(item, at: relative, in: realPath, ancestors: ancestors, diagnostics: &diagnostics) else { continue }
            let draft = isDraft || Self.isDraftName(item.name)
            switch node {
            case let .folder(real):
                if walkOtherFolder(relative, realPath: real, isDraft: draft, ancestors: ancestors) { holdsNotes = true }
            case let .file(byteCount):
                if Self.isNotesFile(item.name) {
                    holdsNotes = true
                } else {
                    addAsset(relative, byteCount: byteCount, isDraft: draft)
                }
            }
        }
        return holdsNotes
    }

    private mutating func addAsset(_ path: String, byteCount: Int, isDraft: Bool) {
        let inGame = path.dropFirst(folder.count + 1)
        assets.append(ContentAsset(path: path, outputPath: gameId + "/" + inGame, byteCount: byteCount, isDraft: isDraft))
    }
}
