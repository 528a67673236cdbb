extension OutputWriter {
    /// Deletes the listed files that are no longer produced, then the folders this leaves empty,
    /// deepest first. A folder that still holds anything, and the output folder itself, stay; so do a
    /// folder found where a listed file was, since Questlog never wrote it, and anything reached
    /// through a link, which may lead out of the output folder.
    func removeStale(_ plan: OutputPlan) throws(OutputError) -> [String] {
        var removed: [String] = []
        var emptied: Set<String> = []
        var realFolders: [String: Bool] = [:]
        for path in plan.stale where isReachedWithoutLinks(path, checked: &realFolders) {
            let kind: OutputFileSystem.Kind
            do { kind = try OutputFileSystem.kind(of: absolute(path)) } catch {
                throw failure(error, doing: "examine", at: path)
            }
            guard kind != .absent, kind != .directory else { continue }
            do {
                if try OutputFileSystem.remove(absolute(path)) { removed.append(path) }
            } catch {
                throw failure(error, doing: "remove", at: path)
            }
            path.forEachPathFolder { emptied.insert($0).inserted }
        }

        let needed = Set(plan.folders)
        let deepestFirst = emptied.subtracting(needed).sorted { a, b in
            let depthA = a.utf8.count { $0 == UInt8(ascii: "/") }, depthB = b.utf8.count { $0 == UInt8(ascii: "/") }
            return depthA != depthB ? depthA > depthB : a.utf8Precedes(b)
        }
        for folder in deepestFirst {
            OutputFileSystem.removeFolderIfEmpty(absolute(folder))
        }
        return removed
    }

    /// Whether every folder on the way to `path` is a real folder rather than a link; `checked`
    /// remembers the folders already examined.
    func isReachedWithoutLinks(_ path: String, checked: inout [String: Bool]) -> Bool {
        var reached = true
        path.forEachPathFolderFromTop { folder in
            if let real = checked[folder] {
                reached = real
            } else {
                reached = (try? OutputFileSystem.kind(of: absolute(folder))) != .symbolicLink
                checked[folder] = reached
            }
            return reached
        }
        return reached
    }
}
