extension OutputWriter {
    /// Deletes the temporary files an interrupted build left (see `OutputTemporaryName`): regular
    /// files named by that scheme, in the output folder and in the folders of the files the
    /// previous manifest lists or this build writes, reached without links; and staging folders at
    /// the top, with the staged files in them (regular files named by a number, or in a staging
    /// folder of files at their own paths, every regular file and folder in it), once they are
    /// empty. Nothing else is touched, whatever its name. Returns the paths deleted.
    func removeLeftovers(_ plan: OutputPlan) throws(OutputError) -> [String] {
        var folders = Set(plan.folders)
        for folder in OutputPlan.folders(of: plan.destination.manifest?.paths ?? []) { folders.insert(folder) }
        var removed: [String] = []
        var realFolders: [String: Bool] = [:]
        for folder in [""] + folders.sorted(by: { $0.utf8Precedes($1) }) {
            guard folder.isEmpty || (isReachedWithoutLinks(folder + "/", checked: &realFolders)
                && (try? OutputFileSystem.kind(of: absolute(folder))) == .directory) else { continue }
            guard let names = try? OutputFileSystem.entries(of: folder.isEmpty ? directory : absolute(folder), prefix: OutputTemporaryName.prefix) else { continue }
            for name in names where OutputTemporaryName.isLeftover(name) {
                let path = folder.isEmpty ? name : folder + "/" + name
                if folder.isEmpty && OutputTemporaryName.isStage(name) {
                    removed += try removeStage(path)
                    continue
                }
                if folder.isEmpty && OutputTemporaryName.isTree(name) {
                    removed += try removeTree(path)
                    continue
                }
                guard (try? OutputFileSystem.kind(of: absolute(path))) == .file else { continue }
                do {
                    if try OutputFileSystem.remove(absolute(path)) { removed.append(path) }
                } catch {
                    throw failure(error, doing: "remove", at: path)
                }
            }
        }
        return removed
    }

    /// Deletes the staged files of a staging folder left by another build, then the folder if that
    /// leaves it empty; anything else in it stays, and so does the folder.
    private func removeStage(_ path: String) throws(OutputError) -> [String] {
        guard (try? OutputFileSystem.kind(of: absolute(path))) == .directory,
              let names = try? OutputFileSystem.entries(of: absolute(path)) else { return [] }
        var removed: [String] = []
        for name in names.sorted(by: { $0.utf8Precedes($1) }) where OutputTemporaryName.isStaged(name) {
            let staged = path + "/" + name
            guard (try? OutputFileSystem.kind(of: absolute(staged))) == .file else { continue }
            do {
                if try OutputFileSystem.remove(absolute(staged)) { removed.append(staged) }
            } catch {
                throw failure(error, doing: "remove", at: staged)
            }
        }
        if OutputFileSystem.removeFolderIfEmpty(absolute(path)) { removed.append(path) }
        return removed
    }

    /// Deletes a staging folder of files at their own paths left by another build: its regular
    /// files and, once empty, its folders and itself, none reached through a link. Anything else in
    /// it stays, with the folders that hold it.
    private func removeTree(_ path: String) throws(OutputError) -> [String] {
        guard (try? OutputFileSystem.kind(of: absolute(path))) == .directory,
              let names = try? OutputFileSystem.entries(of: absolute(path)) else { return [] }
        var removed: [String] = []
        for name in names.sorted(by: { $0.utf8Precedes($1) }) {
            let child = path + "/" + name
            switch try? OutputFileSystem.kind(of: absolute(child)) {
            case .directory?:
                removed += try removeTree(child)
            case .file?:
                do {
                    if try OutputFileSystem.remove(absolute(child)) { removed.append(child) }
                } catch {
                    throw failure(error, doing: "remove", at: child)
                }
            default:
                continue
            }
        }
        if OutputFileSystem.removeFolderIfEmpty(absolute(path)) { removed.append(path) }
        return removed
    }
}
