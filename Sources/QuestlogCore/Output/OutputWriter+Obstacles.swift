extension OutputWriter {
    /// Things on disk that Questlog did not write and that occupy a path it must write: a file where
    /// a folder must go, a file, link or folder of the user where a file must go. Listed paths are
    /// Questlog's to replace, and a folder that holds only listed files is cleared by the removal of
    /// stale files; everything else is refused.
    func obstacles(_ plan: OutputPlan) -> [OutputError] {
        // Only paths under a name that is already at the top of the folder can meet anything.
        let rootNames = Set(plan.destination.rootNames.map { $0.lowercased() })
        guard !rootNames.isEmpty else { return [] }
        func mayExist(_ path: String) -> Bool {
            rootNames.contains(String(path.prefix { $0 != "/" }).lowercased())
        }

        var errors: [OutputError] = []
        for folder in plan.folders where mayExist(folder) {
            let kind: OutputFileSystem.Kind
            do { kind = try OutputFileSystem.kind(of: absolute(folder)) } catch {
                errors.append(failure(error, doing: "examine", at: folder))
                continue
            }
            if kind == .absent || kind == .directory || isListed(folder, plan) { continue }
            errors.append(OutputError(.inTheWay, "cannot write into \(shown(folder)): it is a file Questlog did not write, where a folder must go; move it away", path: folder))
        }
        for path in plan.unlisted where mayExist(path) {
            let kind: OutputFileSystem.Kind
            do { kind = try OutputFileSystem.kind(of: absolute(path)) } catch {
                errors.append(failure(error, doing: "examine", at: path))
                continue
            }
            switch kind {
            case .absent:
                continue
            case .directory:
                if holdsOnlyListedFiles(path, plan) { continue }
                errors.append(OutputError(.inTheWay, "cannot write \(shown(path)): a folder is there that holds files Questlog did not write; move it away", path: path))
            default:
                if isListed(path, plan) { continue }
                errors.append(OutputError(.inTheWay, "cannot write \(shown(path)): a file is there that Questlog did not write (it is not in \(OutputManifest.fileName)); move it away", path: path))
            }
        }
        return errors
    }

    /// Whether the file at `path` is one the previous manifest lists: under that path, or under
    /// another spelling that names the same file on a case-insensitive file system.
    private func isListed(_ path: String, _ plan: OutputPlan) -> Bool {
        if plan.isListed(path) { return true }
        let key = path.lowercased()
        guard let identity = OutputFileSystem.identity(of: absolute(path)) else { return false }
        return (plan.destination.manifest?.paths ?? []).contains { $0.lowercased() == key && OutputFileSystem.identity(of: absolute($0)) == identity }
    }

    /// Whether the folder at `path` holds files and folders only, every file listed in the previous
    /// manifest and every folder holding some: removing the stale files then leaves nothing in it.
    private func holdsOnlyListedFiles(_ path: String, _ plan: OutputPlan) -> Bool {
        guard let names = try? OutputFileSystem.entries(of: absolute(path)), !names.isEmpty else { return false }
        return names.allSatisfy { name in
            let child = path + "/" + name
            switch try? OutputFileSystem.kind(of: absolute(child)) {
            case .directory: return holdsOnlyListedFiles(child, plan)
            case .file, .symbolicLink: return plan.isListed(child)
            default: return false
            }
        }
    }
}
