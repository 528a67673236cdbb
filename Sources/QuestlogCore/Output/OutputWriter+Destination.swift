extension OutputWriter {
    /// Refuses an output folder that is the site's folder, holds it, or lies inside the folders the
    /// site is read from, where written files would be read back as sources (or deleted with it).
    func placementError() -> OutputError? {
        guard let siteRoot else { return nil }
        let output = OutputFileSystem.canonical(directory)
        let site = OutputFileSystem.canonical(siteRoot)
        if output == site {
            return OutputError(.overlapsSite, "refusing to write to \(shown(nil)): it is the site's own folder; choose another --output, such as 'Output'")
        }
        if Self.isInside(site, output) {
            return OutputError(.overlapsSite, "refusing to write to \(shown(nil)): it contains the site; choose another --output, such as 'Output'")
        }
        for source in ["Content", "Templates"] {
            let folder = OutputFileSystem.canonical(siteRoot + "/" + source)
            if output == folder || Self.isInside(output, folder) {
                return OutputError(.overlapsSite, "refusing to write to \(shown(nil)): it is inside the site's \(source) folder; choose another --output, such as 'Output'")
            }
        }
        return nil
    }

    /// Finds out what the output folder holds; nil (with an error) when it must not be written to.
    func inspectDestination(errors: inout [OutputError]) -> OutputDestination? {
        let kind: OutputFileSystem.Kind
        do { kind = try OutputFileSystem.kind(of: directory, followingLinks: true) } catch {
            errors.append(failure(error, doing: "use the folder", at: nil))
            return nil
        }
        switch kind {
        case .absent:
            guard ancestorIsFile() else { return .absent }
            errors.append(OutputError(.notAFolder, "refusing to write to \(shown(nil)): part of that path is a file, not a folder; choose another --output"))
            return nil
        case .directory:
            break
        default:
            errors.append(OutputError(.notAFolder, "refusing to write to \(shown(nil)): it is a file, not a folder; choose another --output"))
            return nil
        }

        let names: [String]
        do { names = try OutputFileSystem.entries(of: directory) } catch {
            errors.append(failure(error, doing: "read the folder", at: nil))
            return nil
        }
        guard names.contains(OutputManifest.fileName) else {
            // A build killed before its first manifest was in place leaves only temporary files.
            // This build's own staging folder is there once it has made its first file.
            if names.allSatisfy({ OutputDestination.ignorableNames.contains($0) || OutputTemporaryName.isLeftover($0)
                || $0 == OutputTemporaryName.stage || $0 == OutputTemporaryName.tree }) {
                return OutputDestination(exists: true, rootNames: names, manifest: nil, manifestBytes: nil)
            }
            errors.append(OutputError(.notQuestlogOutput, "refusing to write to \(shown(nil)): the folder is not empty and was not made by Questlog (no \(OutputManifest.fileName)); choose another --output or empty it"))
            return nil
        }

        let bytes: [UInt8]
        do { bytes = try OutputFileSystem.read(absolute(OutputManifest.fileName)) } catch {
            errors.append(OutputError(.damagedManifest, "refusing to write to \(shown(nil)): its \(OutputManifest.fileName) cannot be read (\(error.reason)); choose another --output or empty it"))
            return nil
        }
        if let known = inspected, let manifest = known.manifest, known.manifestBytes == bytes {
            return OutputDestination(exists: true, rootNames: names, manifest: manifest, manifestBytes: bytes)
        }
        do {
            let manifest = try OutputManifest(parsing: bytes)
            return OutputDestination(exists: true, rootNames: names, manifest: manifest, manifestBytes: bytes)
        } catch {
            errors.append(OutputError(.damagedManifest, "refusing to write to \(shown(nil)): its \(OutputManifest.fileName) is damaged (\(error.reason)); choose another --output or empty it"))
            return nil
        }
    }

    /// Whether the nearest existing folder above an absent output folder is in fact a file.
    private func ancestorIsFile() -> Bool {
        var path = OutputFileSystem.parentPath(of: directory)
        while true {
            // A folder that cannot be examined is left for creating the output folder to report.
            guard let kind = try? OutputFileSystem.kind(of: path, followingLinks: true) else { return false }
            if kind != .absent { return kind != .directory }
            let parent = OutputFileSystem.parentPath(of: path)
            if parent == path { return false }
            path = parent
        }
    }

    /// Whether the canonical path `inner` lies strictly inside the canonical path `outer`.
    private static func isInside(_ inner: String, _ outer: String) -> Bool {
        outer == "/" ? inner != "/" : inner.hasPrefix(outer + "/")
    }
}
