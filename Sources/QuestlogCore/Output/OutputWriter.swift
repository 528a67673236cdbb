/// Writes a built site to its output folder: the only part of a build that touches the disk.
///
/// The writer only uses a folder that is absent, empty (a `.git` or `.DS_Store` alone does not count),
/// or the output of a previous build, known by its `.questlog-manifest`; anything else is refused
/// before a single file is written. Each changed file is written under a temporary name and renamed
/// into place; a file that already holds the right bytes is not touched; files of the previous build
/// that are no longer produced are deleted, with the folders this leaves empty. Nothing the previous
/// manifest does not list is ever deleted or overwritten.
///
/// The manifest on disk always lists every file of Questlog's that may exist there: when a build adds
/// paths, the manifest is first rewritten to list the old and new paths together, and once every file
/// is in place it is rewritten to list exactly the new ones. A build that fails or is interrupted
/// therefore leaves nothing a later build cannot clean up: files it no longer produces go by the
/// manifest, and the temporary files of a build killed mid-write go by their names
/// (`OutputTemporaryName`), in the next build that writes.
public struct OutputWriter: Sendable {
    /// The output folder, absolute.
    public let directory: String
    /// How messages name the output folder (the path as the user gave it).
    public let displayName: String
    /// The site's folder, when the output folder must be checked against it.
    public let siteRoot: String?
    /// How many files are written at once.
    public let jobs: Int
    /// Told of each file once it is in place or found unchanged, from any thread.
    public var onFile: @Sendable () -> Void = {}
    /// Given the second name of each large file a staged one replaced (`OutputFileSystem.renameReplacing`),
    /// which is then left for it to drop; nil: each is dropped as soon as its file is replaced.
    var onAside: (@Sendable (String) -> Void)?
    /// What an earlier look at the folder found (`inspectDestination`): a manifest of the same
    /// bytes is taken from it rather than parsed again.
    var inspected: OutputDestination?
    /// The paths, sorted by bytes, that the last build of this same program put in this folder
    /// together, having found no problem with them: only what the paths to write have beyond
    /// them is checked, when that is little (`OutputPathRules.allClear`).
    var vetted: [String] = []

    /// - Parameters:
    ///   - directory: the output folder; a relative path is taken from the current folder now.
    ///   - displayName: how messages name the folder; the directory as given by default.
    ///   - siteRoot: the site's folder; when given, an output folder that is the site, holds it, or is
    ///     inside its `Content` or `Templates` folder is refused.
    ///   - jobs: how many files are written at once; the result does not depend on it.
    public init(directory: String, displayName: String? = nil, siteRoot: String? = nil, jobs: Int = 1) {
        var absolute = OutputFileSystem.absolute(directory)
        while absolute.count > 1 && absolute.hasSuffix("/") { absolute.removeLast() }
        self.directory = absolute
        self.displayName = displayName ?? directory
        self.siteRoot = siteRoot
        self.jobs = max(1, jobs)
    }

    /// Every reason `write(_:)` would refuse these files, found without writing anything, so a build
    /// can report them together with its other errors. Empty when the files can be written.
    public func validate(_ files: [OutputFile]) -> [OutputError] {
        var errors: [OutputError] = []
        _ = plan(files.map(OutputPlan.Item.init), errors: &errors)
        return errors
    }

    /// Writes `files` as the whole content of the output folder and reports what changed.
    ///
    /// Throws the first problem `validate(_:)` finds, before writing anything; or the first file-system
    /// failure, naming the path and the reason, with no temporary file left behind.
    public func write(_ files: [OutputFile]) throws(OutputError) -> OutputReport {
        var errors: [OutputError] = []
        guard let plan = plan(files.map(OutputPlan.Item.init), errors: &errors), errors.isEmpty else { throw errors[0] }
        return try write(plan)
    }

    /// Puts the files of a checked plan in place: leftovers of interrupted builds go, the manifest
    /// first lists the old and new paths together, stale files go, then each file is written (or
    /// renamed from the staging folder) and the manifest lists exactly the new paths.
    func write(_ plan: OutputPlan) throws(OutputError) -> OutputReport {
        if !plan.destination.exists {
            do { try OutputFileSystem.makeFolders(directory) } catch {
                throw failure(error, doing: "create the folder", at: nil)
            }
        }
        _ = try removeLeftovers(plan)
        var manifestOnDisk = plan.destination.manifestBytes
        // The plan's files are sorted by path, as is the last manifest: neither is sorted again.
        let producedPaths = plan.files.map(\.path)
        if !plan.unlisted.isEmpty {
            let covering = OutputManifest(paths: Self.merging(plan.destination.manifest?.paths ?? [], producedPaths))
            try writeManifest(covering)
            manifestOnDisk = covering.bytes
        }

        let removed = try removeStale(plan)
        try createFolders(plan)
        let written = try writeFiles(plan)

        let manifest = OutputManifest(paths: producedPaths)
        if manifestOnDisk != manifest.bytes { try writeManifest(manifest) }
        return OutputReport(written: written, unchanged: plan.files.count - written.count, removed: removed)
    }

    /// Whether a plan's files can be put in place by moving a staging folder's top entries
    /// (`placeTree`): the folder is no build's output yet and holds nothing but temporary files.
    func canPlaceTree(_ plan: OutputPlan) -> Bool {
        plan.destination.exists && plan.destination.manifest == nil
            && plan.destination.rootNames.allSatisfy { $0.hasPrefix(OutputTemporaryName.prefix) }
    }

    /// Puts the files of a checked plan in place, every one of them staged at its own path in the
    /// folder `stage` (inside the output folder), by moving the staging folder's top entries,
    /// `names`: a few renames for the whole site. Leftovers of interrupted builds go, and the
    /// manifest lists every path first, as `write(_:)` does; nothing is moved onto anything
    /// found in its place.
    func placeTree(_ plan: OutputPlan, from stage: String, names: [String]) throws(OutputError) -> OutputReport {
        // Checked again at the last moment, before anything changes: a rename would replace an
        // empty folder or a file put there since the folder was looked at.
        for name in names {
            let kind: OutputFileSystem.Kind
            do { kind = try OutputFileSystem.kind(of: absolute(name)) } catch {
                throw failure(error, doing: "examine", at: name)
            }
            guard kind == .absent else {
                throw OutputError(.inTheWay, "cannot write \(shown(name)): something was put there while the site was built; move it away", path: name)
            }
        }
        _ = try removeLeftovers(plan)
        let paths = plan.files.map(\.path)
        try writeManifest(OutputManifest(paths: paths))
        for name in names {
            do { try OutputFileSystem.rename(stage + "/" + name, to: absolute(name)) } catch {
                throw failure(error, doing: "write", at: name)
            }
        }
        for _ in paths { onFile() }
        return OutputReport(written: paths, unchanged: 0, removed: [])
    }

    /// Two lists sorted by `utf8Precedes` as one, in that order.
    static func merging(_ a: [String], _ b: [String]) -> [String] {
        var merged: [String] = []
        merged.reserveCapacity(a.count + b.count)
        var (i, j) = (0, 0)
        while i < a.count && j < b.count {
            if b[j].utf8Precedes(a[i]) {
                merged.append(b[j]); j += 1
            } else {
                merged.append(a[i]); i += 1
            }
        }
        merged += a[i...]
        merged += b[j...]
        return merged
    }

    /// Checks the destination, the file list and what stands in the way; nil when something is wrong.
    func plan(_ files: [OutputPlan.Item], errors: inout [OutputError]) -> OutputPlan? {
        var destination: OutputDestination?
        // An output folder placed over the site is refused for that alone, whatever it holds.
        if let error = placementError() {
            errors.append(error)
        } else {
            destination = inspectDestination(errors: &errors)
        }
        let paths = files.map(\.path)
        if !OutputPathRules.allClear(paths, vetted: vetted) {
            errors.append(contentsOf: OutputPathRules.problems(inPaths: paths))
        }
        guard let destination, errors.isEmpty else { return nil }
        let plan = OutputPlan(destination: destination, files: files)
        errors.append(contentsOf: obstacles(plan))
        return errors.isEmpty ? plan : nil
    }

    /// The absolute path of `path` inside the output folder.
    func absolute(_ path: String) -> String {
        directory == "/" ? "/" + path : directory + "/" + path
    }

    /// How messages show `path` inside the output folder (or the folder itself for nil).
    func shown(_ path: String?) -> String {
        guard let path else { return OutputPathRules.quoted(displayName) }
        return OutputPathRules.quoted(displayName.hasSuffix("/") ? displayName + path : displayName + "/" + path)
    }

    /// A file-system failure as an error naming what was being done and where.
    func failure(_ failure: OutputFileSystem.Failure, doing action: String, at path: String?) -> OutputError {
        OutputError(.fileSystem, "cannot \(action) \(shown(path)): \(failure.reason)", path: path)
    }
}
