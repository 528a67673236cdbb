extension OutputWriter {
    /// Deletes the temporary files an interrupted build left (see `OutputTemporaryName`): regular
    /// files named by that scheme, in the output folder and in the folders of the files the
    /// previous manifest lists or this build writes, reached without links. Nothing else is
    /// touched, whatever its name. Returns the paths deleted.
    func removeLeftovers(_ plan: OutputPlan) throws(OutputError) -> [String] {
        var folders = Set(plan.folders)
        for path in plan.previous {
            var folder = path[...]
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                if !folders.insert(String(folder)).inserted { break }
            }
        }
        var removed: [String] = []
        var realFolders: [String: Bool] = [:]
        for folder in [""] + folders.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard folder.isEmpty || (isReachedWithoutLinks(folder + "/", checked: &realFolders)
                && (try? OutputFileSystem.kind(of: absolute(folder))) == .directory) else { continue }
            guard let names = try? OutputFileSystem.entries(of: folder.isEmpty ? directory : absolute(folder)) else { continue }
            for name in names where OutputTemporaryName.isLeftover(name) {
                let path = folder.isEmpty ? name : folder + "/" + name
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
}
