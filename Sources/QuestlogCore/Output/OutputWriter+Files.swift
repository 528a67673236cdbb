import Foundation

extension OutputWriter {
    /// Creates the folders the files need, parents first; the folders are few, so this is sequential.
    func createFolders(_ plan: OutputPlan) throws(OutputError) {
        for folder in plan.folders {
            do { try OutputFileSystem.makeFolder(absolute(folder)) } catch {
                throw failure(error, doing: "create the folder", at: folder)
            }
        }
    }

    /// Writes every file whose bytes differ from what is on disk, on up to `jobs` threads, and returns
    /// the paths written. On failure, throws the error of the first failing file in path order.
    func writeFiles(_ plan: OutputPlan) throws(OutputError) -> [String] {
        let root = directory
        let onFile = self.onFile, onAside = self.onAside
        let process = getpid()
        let outcomes = Parallel.map(Array(plan.files.enumerated()), jobs: jobs) { index, file in
            defer { onFile() }
            // The index makes the temporary name unique within the build, the process id between builds.
            return Self.place(file, root: root, temporaryName: { OutputTemporaryName.file(index, process: process) }, onAside: onAside)
        }
        var written: [String] = []
        for (file, outcome) in zip(plan.files, outcomes) {
            switch outcome {
            case .success(true): written.append(file.path)
            case .success(false): continue
            case let .failure(error): throw failure(error, doing: "write", at: file.path)
            }
        }
        return written
    }

    /// Writes the manifest under a temporary name and renames it into place.
    func writeManifest(_ manifest: OutputManifest) throws(OutputError) {
        let temporary = absolute(OutputTemporaryName.manifest)
        do {
            try Self.replace(absolute(OutputManifest.fileName), with: [manifest.bytes], via: temporary)
        } catch {
            throw failure(error, doing: "write", at: OutputManifest.fileName)
        }
    }

    /// Puts `file` in place unless it already holds its bytes; true when it was written. A staged
    /// file is renamed into place; where that cannot be done in one step (another file system is
    /// mounted inside the output folder), it is copied beside its place and renamed there.
    private static func place(_ file: OutputPlan.Item, root: String, temporaryName: () -> String,
                              onAside: (@Sendable (String) -> Void)?) -> Result<Bool, OutputFileSystem.Failure> {
        // A file left as it was (most, after an edit) takes no path to be made.
        if case .unchanged = file.content { return .success(false) }
        let path = root == "/" ? "/" + file.path : root + "/" + file.path
        let temporary = OutputFileSystem.parentPath(of: path) + "/" + temporaryName()
        do {
            switch file.content {
            case .unchanged:
                return .success(false)
            case let .bytes(chunks):
                if OutputFileSystem.holds(chunks: chunks, at: path) { return .success(false) }
                try replace(path, with: chunks, via: temporary)
            case let .staged(staged):
                do {
                    // The replaced file's second name beside the staged one. In the staging folder,
                    // whose files are named by their numbers, it is digits alone, so that a build
                    // killed in between leaves nothing the next one does not remove, and never a
                    // staged file's own name, which starts with no zero. (A file staged at its own
                    // path went into a folder that was empty: it replaces nothing.)
                    let name = staged.utf8.lastIndex(of: UInt8(ascii: "/")).map { staged.index(after: $0) } ?? staged.startIndex
                    let aside = String(staged[..<name]) + "0" + staged[name...]
                    if try OutputFileSystem.renameReplacing(staged, to: path, aside: aside, keepingAside: onAside != nil) {
                        onAside?(aside)
                    }
                } catch where error.code == EXDEV {
                    try replace(path, with: [try OutputFileSystem.read(staged)], via: temporary)
                    _ = try? OutputFileSystem.remove(staged)
                }
            }
            return .success(true)
        } catch {
            return .failure(error)
        }
    }

    /// Writes the pieces to `temporary`, then renames it onto `path`; the temporary file never outlives a failure.
    private static func replace(_ path: String, with chunks: [[UInt8]], via temporary: String) throws(OutputFileSystem.Failure) {
        do {
            try OutputFileSystem.create(temporary, chunks: chunks)
            try OutputFileSystem.rename(temporary, to: path)
        } catch {
            _ = try? OutputFileSystem.remove(temporary)
            throw error
        }
    }
}
