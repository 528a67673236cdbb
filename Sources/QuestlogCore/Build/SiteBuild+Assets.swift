extension SiteBuild {
    /// Publishes the assets into `sink`, read from the site in parallel, each handed over as soon as
    /// it is read; returns how many. An asset that would take the place of a generated file (at one
    /// of the `generated` paths), or that cannot be read, is an error at its path.
    func addAssetFiles(_ assets: [ContentAsset], besides generated: [String], into sink: some OutputSink,
                       diagnostics: inout DiagnosticList) -> Int {
        let published = assets.filter { options.includeDrafts || !$0.isDraft }
        let collisions = Self.collisions(of: published, with: generated)
        guard collisions.isEmpty else {
            diagnostics.append(contentsOf: collisions)
            return 0
        }
        let root = options.site
        let read = Parallel.map(published, jobs: options.jobs) { asset -> Bool in
            guard let bytes = FileContents.read(root + "/" + asset.path) else { return false }
            sink.add(OutputFile(path: asset.outputPath, bytes: bytes))
            return true
        }
        for (asset, wasRead) in zip(published, read) where !wasRead {
            diagnostics.append(.error("cannot read the file", code: "unreadable-file", at: SourceLocation(path: asset.path)))
        }
        return read.count { $0 }
    }

    /// An `asset-collision` error for each asset whose output path is a generated file's, a folder of
    /// one, or under one; paths that differ only in case count, as they collide on macOS and Windows.
    static func collisions(of assets: [ContentAsset], with generated: [String]) -> [Diagnostic] {
        guard !assets.isEmpty else { return [] }
        var files: [String: String] = [:]
        var folders: [String: String] = [:]
        for path in generated {
            files[path.caseFolded] = path
            path.forEachPathFolder { folder in folders.updateValue(path, forKey: folder.caseFolded) == nil }
        }
        var errors: [Diagnostic] = []
        for asset in assets {
            let key = asset.outputPath.caseFolded
            let problem: String?
            if let file = files[key] {
                problem = "this file would take the place of '\(file)', which Questlog generates"
            } else if let file = folders[key] {
                problem = "this file would stand where Questlog needs a folder, for '\(file)'"
            } else if let file = Self.generatedFolder(of: key, in: files) {
                problem = "this file would go inside '\(file)', a file Questlog generates"
            } else {
                problem = nil
            }
            if let problem {
                errors.append(.error(problem + "; rename or move it", code: "asset-collision", at: SourceLocation(path: asset.path)))
            }
        }
        return errors
    }

    /// The generated file that one of the folders of `path` would be.
    private static func generatedFolder(of path: String, in files: [String: String]) -> String? {
        var found: String?
        path.forEachPathFolder { folder in
            found = files[folder]
            return found == nil
        }
        return found
    }
}
