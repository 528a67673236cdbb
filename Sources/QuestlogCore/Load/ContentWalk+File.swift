/// The walk of `Content/` kept between builds, in the site's `.questlog/walk`, so that a build whose
/// folders are as the last one found them does not walk them again.
///
/// A walk depends on the names under `Content/` and what each is (a folder, a file, a symbolic link
/// or something else), on the bytes of the assets (whose pictures it measures) and on the schema;
/// never on what a Markdown or YAML file holds. Its key (`key(of:)`) is made from the build's
/// stamps, which list every name and stamp every file, with the stamps of the files that are not
/// notes; the schema comes from the settings file, whose digest the file names too. Stamps follow
/// symbolic links and so cannot tell one from what it leads to: a site whose `Content/` holds one
/// is walked each time (`SourceStamp.collectNotingLinks`), and a walk that met one is not kept.
extension ContentWalk {
    static let fileHeader = "questlog-walk 1"

    /// What a walk of `Content/` is a function of, the schema aside, from the stamps of the site's
    /// files: each name under `Content/` and whether it is a folder, a Markdown or YAML file (read
    /// by the load, not the walk) or another file, with the size and time of the others. Nil when
    /// another file's stamp has a hash (`SourceStamp.racyWindow(for:)`): it changed too recently for
    /// its size and time to tell versions apart, and a walk may have measured another version.
    static func key(of stamps: [SourceStamp]) -> UInt64? {
        var digest = StableDigest()
        let prefix = SiteLoader.contentFolder + "/"
        for stamp in stamps where stamp.path.hasPrefix(prefix) {
            digest.add(stamp.path)
            if stamp.size == SourceStamp.folderSize {
                digest.tag(1)
            } else if stamp.size >= 0, let slash = stamp.path.utf8.lastIndex(of: UInt8(ascii: "/")),
                      GameFolderWalk.isNotesFile(String(stamp.path[stamp.path.index(after: slash)...])) {
                digest.tag(2)
            } else {
                guard stamp.hash == 0 else { return nil }
                digest.tag(3)
                digest.add(stamp.size)
                digest.add(Int(stamp.modified))
            }
        }
        return digest.value
    }

    /// A name a walk listed, as the stamp `SourceStamp.collect` gives it when it is a file or a
    /// folder (never hashed).
    static func observation(_ item: DirectoryListing.Item, at path: String) -> SourceStamp {
        item.isDirectory ? SourceStamp(path: path, size: SourceStamp.folderSize, modified: 0, hash: 0)
            : SourceStamp(path: path, size: item.byteCount, modified: item.modified, hash: 0)
    }

    /// The key to keep the walk under for a build whose stamps give `key`: that key, when the walk
    /// met no symbolic link and listed what the stamps list; nil when it may not be kept.
    func storableKey(matching key: UInt64?) -> UInt64? {
        guard !followedLinks, let key, observedKey == key else { return nil }
        return key
    }

    /// The walk as a file for the Questlog binary `identity`, made with the settings `settings`
    /// (`LoadMemo.settingsDigest`) from files stamped with `key`.
    func bytes(identity: String, settings: UInt64, key: UInt64) -> [UInt8] {
        MemoFile.seal(header: Self.fileHeader, identity: identity) { writer in
            writer.integer(settings)
            writer.integer(key)
            writer.flag(followedLinks)
            writer.integer(steps.count)
            for step in steps {
                switch step {
                case let .problem(diagnostic):
                    writer.flag(false)
                    writer.diagnostic(diagnostic)
                case let .game(walk, isDraft):
                    writer.flag(true)
                    writer.flag(isDraft)
                    writer.string(walk.gameId)
                    writer.string(walk.folder)
                    writer.optional(walk.gameFile)
                    writer.integer(walk.jobs.count)
                    for job in walk.jobs {
                        switch job {
                        case let .markdown(path, kind, id, isDraft):
                            writer.flag(true)
                            writer.string(path)
                            writer.string(kind.id)
                            writer.string(id)
                            writer.flag(isDraft)
                        case let .data(path, kind, isDraft):
                            writer.flag(false)
                            writer.string(path)
                            writer.string(kind.id)
                            writer.flag(isDraft)
                        }
                    }
                    writer.assets(walk.assets)
                    writer.integer(walk.diagnostics.all.count)
                    for diagnostic in walk.diagnostics.all { writer.diagnostic(diagnostic) }
                    writer.flag(walk.followedLinks)
                }
            }
            writer.assets(assets)
        }
    }

    /// The walk a file holds, for the site at `root` with `schema`: nil unless it is a whole walk
    /// file of the Questlog binary `identity`, made with the settings `settings` from files
    /// stamped with `key`, whose kinds `schema` has.
    init?(parsing bytes: [UInt8], identity: String, settings: UInt64, key: UInt64, root: String, schema: Schema) {
        guard var reader = MemoFile.open(bytes, header: Self.fileHeader, identity: identity),
              reader.integer() == settings, reader.integer() == key,
              let followedLinks = reader.flag(), let stepCount = reader.count() else { return nil }
        var walk = ContentWalk(schema: schema)
        walk.followedLinks = followedLinks
        let tree = ContentTree(root: root)
        var kinds: [String: Kind] = [:]
        func kind(_ id: String) -> Kind? {
            if let kind = kinds[id] { return kind }
            let found = schema.kind(id: id)
            kinds[id] = found
            return found
        }
        for _ in 0..<stepCount {
            guard let isGame = reader.flag() else { return nil }
            guard isGame else {
                guard let diagnostic = reader.diagnostic() else { return nil }
                walk.steps.append(.problem(diagnostic))
                continue
            }
            guard let isDraft = reader.flag(), let gameId = reader.string(), let folder = reader.string(), let gameFile = reader.optional(),
                  let jobCount = reader.count() else { return nil }
            var jobs: [GameFolderWalk.FileJob] = []
            jobs.reserveCapacity(jobCount)
            for _ in 0..<jobCount {
                guard let isMarkdown = reader.flag(), let path = reader.string(), let kindID = reader.string(), let kind = kind(kindID) else { return nil }
                if isMarkdown {
                    guard let id = reader.string(), let draft = reader.flag() else { return nil }
                    jobs.append(.markdown(path: path, kind: kind, id: id, isDraft: draft))
                } else {
                    guard let draft = reader.flag() else { return nil }
                    jobs.append(.data(path: path, kind: kind, isDraft: draft))
                }
            }
            guard let assets = reader.assets(), let diagnosticCount = reader.count() else { return nil }
            var diagnostics: [Diagnostic] = []
            for _ in 0..<diagnosticCount {
                guard let diagnostic = reader.diagnostic() else { return nil }
                diagnostics.append(diagnostic)
            }
            guard let gameFollowedLinks = reader.flag() else { return nil }
            walk.steps.append(.game(GameFolderWalk(tree: tree, schema: schema, gameId: gameId, folder: folder, gameFile: gameFile, jobs: jobs,
                                                   assets: assets, diagnostics: DiagnosticList(diagnostics), followedLinks: gameFollowedLinks),
                                    isDraft: isDraft))
        }
        guard let assets = reader.assets(), reader.offset == reader.end else { return nil }
        walk.assets = assets
        self = walk
    }
}

extension MemoWriter {
    mutating func diagnostic(_ diagnostic: Diagnostic) {
        string(diagnostic.severity.rawValue)
        string(diagnostic.message)
        string(diagnostic.code)
        flag(diagnostic.location != nil)
        if let location = diagnostic.location { self.location(location) }
    }

    mutating func assets(_ assets: [ContentAsset]) {
        integer(assets.count)
        for asset in assets {
            string(asset.path)
            string(asset.outputPath)
            varint(asset.byteCount)
            flag(asset.isDraft)
            flag(asset.dimensions != nil)
            if let dimensions = asset.dimensions {
                varint(dimensions.width)
                varint(dimensions.height)
            }
        }
    }
}

extension MemoReader {
    mutating func diagnostic() -> Diagnostic? {
        guard let severityName = string(), let severity = Severity(rawValue: severityName), let message = string(), let code = string(),
              let located = flag() else { return nil }
        guard located else { return Diagnostic(severity, message, code: code, at: nil) }
        return location().map { Diagnostic(severity, message, code: code, at: $0) }
    }

    mutating func assets() -> [ContentAsset]? {
        guard let count = count() else { return nil }
        var assets: [ContentAsset] = []
        assets.reserveCapacity(count)
        for _ in 0..<count {
            guard let path = string(), let outputPath = string(), let byteCount = varint(), let isDraft = flag(),
                  let measured = flag() else { return nil }
            var dimensions: ImageDimensions?
            if measured {
                guard let width = varint(), let height = varint() else { return nil }
                dimensions = ImageDimensions(width: width, height: height)
            }
            assets.append(ContentAsset(path: path, outputPath: outputPath, byteCount: byteCount, isDraft: isDraft, dimensions: dimensions))
        }
        return assets
    }
}
