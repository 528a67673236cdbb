import Foundation

/// Takes a build's files as they are made and writes each one at once into a staging folder at the
/// top of the output folder (`OutputTemporaryName.stage`), keeping only its path, size and hash,
/// so a build never holds the bytes of the whole site. Nothing the output folder shows changes
/// until `commit`, which checks every path against the folder and renames the staged files into
/// place; `discard` removes the staging folder (and an output folder made only for it), leaving
/// the output as it was.
///
/// Into an output folder missing or empty when the build began, files are staged at their own
/// paths instead (`OutputTemporaryName.tree`), and `commit` moves the staging folder's few top
/// entries into place rather than renaming every file.
///
/// A file whose bytes are already on disk at its path is not staged: the hash and stamp the last
/// build recorded vouch for it when the file still has that size and modification time, and
/// otherwise its bytes are compared with the file's.
///
/// When the output folder must not be written to (`active` false), only the paths are kept, so a
/// build can still report every problem of the content and the destination together.
final class OutputStage: OutputSink, @unchecked Sendable {
    private struct Entry {
        var path: String
        var content: OutputPlan.Item.Content
        var size: Int
        var hash: UInt64
        /// For a file left on disk as it was, the stamp it was found with, which `commit` records
        /// for it rather than examining it again (nil: examined by `commit`).
        var stamp: SourceStamp? = nil
        /// For a file staged, its modification time once written: renamed into place, it keeps it,
        /// and `commit` records it rather than examining the file again (nil: examined by `commit`).
        var modified: Int64? = nil
    }

    let writer: OutputWriter
    private let previous: [String: SourceStamp]
    /// When the last build recorded `previous` (nanoseconds since 1970): a file it had written so
    /// shortly before that a change within the same clock tick would keep its time and size is
    /// vouched for by its bytes, read and hashed, not by its stamp.
    private let recorded: Int64
    private let active: Bool
    /// Whether the output folder was missing or empty when the stage was made: no file of the
    /// build can then be on disk already, and none is looked for (a full build into a new folder
    /// tried to open each of its 11,000 paths to compare its bytes), whatever the last build recorded.
    /// Files are then staged at their own paths (`OutputTemporaryName.tree`).
    private let startsEmpty: Bool
    /// The folders made inside a staging folder of files at their own paths, relative to it.
    private var treeFolders: Set<String> = []
    /// Set once `commit` put every staged file in place: `discard` then has no staged file to remove.
    private var placed = false
    /// The second names `commit` left of the large files it replaced, and the staging folder they
    /// are in, for `dropAsides` to remove.
    private var asides: (names: [String], folder: String?) = ([], nil)
    /// The files of `previous` as they are on disk, examined on another thread from the moment the
    /// stage is made (the build has other work then) and told against the last build's record of
    /// them, for `intact` to read rather than examine each file as the pages ask; nil when there is
    /// nothing to examine.
    private let examined: Background<[String: Examined]>?

    /// A file of `previous` as examined on disk.
    private enum Examined {
        /// At the size and time recorded, and written long enough before the last build put its
        /// files in place for its time to tell: intact.
        case intact(SourceStamp)
        /// At the size and time recorded, its time too close to when the last build put its files
        /// in place to tell alone (`SourceStamp.racyWindow(for:)`): its bytes are to be hashed.
        case racy
        /// At another size or time.
        case changed
    }
    private let lock = NSLock()
    private var entries: [Entry] = [] {
        didSet { entriesSorted = false }
    }
    /// Whether `entries` are sorted by path (`sortedEntries`).
    private var entriesSorted = false
    private var stageFolder: String?
    /// Folders made for the staging folder (the output folder and its missing parents), deepest first.
    private var madeFolders: [String] = []
    /// The files that could not be staged; `commit` reports the first in path order.
    private var failures: [(path: String, error: OutputError)] = []
    private var count = 0
    /// The plan `validate` made and the number of files it was made of, for `commit` to follow when
    /// no file was taken since.
    private var validated: (plan: OutputPlan, files: Int)?

    /// - Parameters:
    ///   - previous: the output files as the last build left them, with the hash of their bytes in
    ///     `hash` (0 for none).
    ///   - recorded: when the last build recorded `previous` (`commit`'s `written`).
    ///   - active: whether files may be written to the output folder at all.
    init(writer: OutputWriter, previous: [SourceStamp], recorded: Int64 = 0, active: Bool) {
        self.writer = writer
        // A folder missing or empty holds none of the files the last build recorded (it was
        // emptied, or never written): they are not looked for, one failing look each.
        startsEmpty = active && OutputFileSystem.isMissingOrEmptyFolder(writer.directory)
        var byPath: [String: SourceStamp] = [:]
        if !startsEmpty {
            byPath.reserveCapacity(previous.count)
            for stamp in previous where stamp.hash != 0 { byPath[stamp.path] = stamp }
        }
        self.previous = byPath
        self.recorded = recorded
        self.active = active
        let directory = writer.directory, recordedStamps = byPath
        let paths = Array(byPath.keys)
        examined = active && !paths.isEmpty ? Background {
            // Each file told as it is examined: one table, read once for each file a page asks about.
            var states: [String: Examined] = [:]
            states.reserveCapacity(paths.count)
            Self.examine(paths, in: directory) { now in
                guard let stamp = recordedStamps[now.path] else { return }
                states[now.path] = now.size != stamp.size || now.modified != stamp.modified ? .changed
                    : recorded - stamp.modified < SourceStamp.racyWindow(for: stamp.modified) ? .racy : .intact(stamp)
            }
            return states
        } : nil
    }

    /// `SourceStamp.current` of each of `paths` (relative to `directory`) that can be examined,
    /// each folder opened once and its files examined from it, each handed to `body` as it is taken.
    static func examine(_ paths: [String], in directory: String, _ body: (SourceStamp) -> Void) {
        var byFolder: [Substring: [String]] = [:]
        for path in paths {
            let folder = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[..<$0] } ?? ""
            byFolder[folder, default: []].append(path)
        }
        for (folder, paths) in byFolder {
            let descriptor = openFolder(folder.isEmpty ? directory : directory + "/" + folder)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            let skip = folder.isEmpty ? 0 : folder.utf8.count + 1
            for path in paths {
                var info = stat()
                guard fstatat(descriptor, String(path.utf8.dropFirst(skip))!, &info, 0) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                body(SourceStamp(path: path, size: Int(info.st_size), modified: SourceStamp.modificationTime(info), hash: 0))
            }
        }
    }

    /// The last build's record of the file at `path`, when the file is still at that size and time;
    /// for a file written so shortly before that build put its files in place that a later change
    /// could have kept its time (`SourceStamp.racyWindow(for:)`), only when its bytes still have
    /// the hash too.
    ///
    /// A path asked about again (a document whose pieces were read, then made and added) is
    /// answered as it was the first time, without examining or reading the file again.
    private func intact(_ path: String) -> SourceStamp? {
        // Told already, without a lock: the table is not changed once made.
        switch examined?.value()[path] {
        case let .intact(stamp)?: return stamp
        case .changed?: return nil
        case .racy?, nil: break
        }
        if let known = lock.withLock({ intactFound[path] }) { return known }
        let found = examineIntact(path)
        lock.withLock { intactFound[path] = .some(found) }
        return found
    }

    private func examineIntact(_ path: String) -> SourceStamp? {
        // Racy, or not examined with the others (its folder could not be opened): examined now.
        guard let stamp = previous[path], let now = SourceStamp.current(path, in: writer.directory),
              now.size == stamp.size, now.modified == stamp.modified else { return nil }
        if recorded - stamp.modified < SourceStamp.racyWindow(for: stamp.modified) {
            guard racyHash(of: path, size: stamp.size, modified: stamp.modified) == stamp.hash else { return nil }
        }
        return stamp
    }

    /// What `intact` found at each path it was asked about (nil inside: not intact).
    private var intactFound: [String: SourceStamp?] = [:]

    /// A file on disk by its device and inode numbers, with the size and modification time it had.
    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var modified: Int64
    }

    /// The hashes of the bytes of the files `racyHash` read, by their identities.
    private var hashedFiles: [FileIdentity: UInt64] = [:]
    /// How many files were read whole to be told intact.
    private(set) var racyFilesRead = 0

    /// The hash of the bytes of the file at `path`, which had `size` and `modified` when examined
    /// (nil when it cannot be read). Another name of a file already read at that size and time (a
    /// one-game site's `site.json` and its game's document are one file of two names) is not read
    /// again.
    private func racyHash(of path: String, size: Int, modified: Int64) -> UInt64? {
        let descriptor = openFile(writer.absolute(path))
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == size,
              SourceStamp.modificationTime(info) == modified else { return nil }
        let identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: size, modified: modified)
        if let hash = lock.withLock({ hashedFiles[identity] }) { return hash }
        guard let hash = ContentHash.hash(ofOpenFile: descriptor, size: size) else { return nil }
        lock.withLock {
            hashedFiles[identity] = hash
            racyFilesRead += 1
        }
        return hash
    }

    func add(_ file: OutputFile) {
        let size = file.byteCount
        guard active, OutputPathRules.problem(with: file.path) == nil else {
            lock.withLock { entries.append(Entry(path: file.path, content: .unchanged, size: size, hash: 0)) }
            return
        }
        let (hash, twin) = hash(of: file.chunks, size: size)
        if let found = onDisk(file, hash: hash) {
            let stamp: SourceStamp? = if case let .vouched(by: stamp) = found { stamp } else { nil }
            lock.withLock { entries.append(Entry(path: file.path, content: .unchanged, size: size, hash: hash, stamp: stamp)) }
            return
        }
        lock.lock()
        let folder: String
        do { folder = try self.folder() } catch {
            failures.append((file.path, error))
            lock.unlock()
            return
        }
        count += 1
        let index = count
        lock.unlock()
        let staged = startsEmpty ? folder + "/" + file.path : folder + "/" + OutputTemporaryName.staged(index)
        do {
            if startsEmpty { try makeTreeFolders(of: file.path, in: folder) }
            // The same bytes as the large file staged just before: another name of that file.
            var modified: Int64?
            if twin == nil || (try? OutputFileSystem.link(twin!, to: staged)) == nil {
                modified = try OutputFileSystem.create(staged, chunks: file.chunks, backdating: true)
                noteStaged(file.chunks, at: staged)
            }
            lock.withLock { entries.append(Entry(path: file.path, content: .staged(staged), size: size, hash: hash, modified: modified)) }
        } catch {
            // At its own path, what is already there (the same path given twice, or another spelling
            // of it where case is ignored, which the paths' check reports) is another file's.
            if !(startsEmpty && error.code == EEXIST) { _ = try? OutputFileSystem.remove(staged) }
            lock.withLock { failures.append((file.path, writer.failure(error, doing: "write", at: file.path))) }
        }
    }

    /// Makes the folders of `path` inside the staging folder `stage`, those not made already.
    private func makeTreeFolders(of path: String, in stage: String) throws(OutputFileSystem.Failure) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return }
        if lock.withLock({ treeFolders.contains(String(path[..<slash])) }) { return }
        var folders: [String] = []
        path.forEachPathFolderFromTop { folders.append($0); return true }
        for folder in folders where !lock.withLock({ treeFolders.contains(folder) }) {
            // Another thread may make the same folder at the same time: one already there is fine.
            try OutputFileSystem.makeFolder(stage + "/" + folder)
            lock.withLock { _ = treeFolders.insert(folder) }
        }
    }

    /// The large file of pieces last hashed, by its pieces, which this holds (so no other buffer
    /// can take their places in memory while it does), until a file of the same pieces comes; and
    /// where it was staged, once it is.
    private var lastHashed: (chunks: [[UInt8]], hash: UInt64, staged: String?)?

    /// The `ContentHash` of a file's pieces. A large file whose pieces are the very buffers of the
    /// large file of pieces hashed before it (a one-game site's `site.json` and its game's document,
    /// made of the same runs of entries) takes its hash, rather than reading them all again, and
    /// the staged file of those bytes (`twin`), when that one was staged: the two are then one file
    /// of two names (a hard link), written once.
    private func hash(of chunks: [[UInt8]], size: Int) -> (hash: UInt64, twin: String?) {
        guard size >= Self.largeFile, chunks.count > 1 else { return (ContentHash.hash(chunks: chunks), nil) }
        let last = lock.withLock { () -> (chunks: [[UInt8]], hash: UInt64, staged: String?)? in
            defer { lastHashed = nil }
            return lastHashed
        }
        if let last, Self.same(last.chunks, chunks) { return (last.hash, last.staged) }
        let hash = ContentHash.hash(chunks: chunks)
        lock.withLock { lastHashed = (chunks, hash, nil) }
        return (hash, nil)
    }

    /// Notes where the large file of pieces last hashed was staged, when `chunks` are its pieces.
    private func noteStaged(_ chunks: [[UInt8]], at staged: String) {
        guard chunks.count > 1 else { return }
        lock.withLock {
            guard let last = lastHashed, last.chunks.count == chunks.count,
                  last.chunks.first?.withUnsafeBufferPointer({ $0.baseAddress }) == chunks.first?.withUnsafeBufferPointer({ $0.baseAddress }),
                  Self.same(last.chunks, chunks) else { return }
            lastHashed?.staged = staged
        }
    }

    /// How many bytes make a file large enough to remember its hash (`hash(of:size:)`).
    static let largeFile = 1 << 20

    /// Whether two files are made of the same pieces, in the same order: each the very same buffer,
    /// or a small one (what a document holds between its runs) of the same bytes.
    static func same(_ lhs: [[UInt8]], _ rhs: [[UInt8]]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (left, right) in zip(lhs, rhs) {
            guard left.count == right.count else { return false }
            if left.withUnsafeBufferPointer({ $0.baseAddress }) == right.withUnsafeBufferPointer({ $0.baseAddress }) { continue }
            guard left.count <= smallPiece, left == right else { return false }
        }
        return true
    }

    /// How many bytes a piece may have to be compared byte for byte (`same`).
    static let smallPiece = 4096

    /// Takes the file the last build wrote at `path` as this build's too, unmade, when it is still on
    /// disk at the size and time recorded with its hash; false (and nothing taken) otherwise, for the
    /// file to be made and added.
    func keep(_ path: String) -> Bool {
        guard active, OutputPathRules.problem(with: path) == nil, let stamp = intact(path) else { return false }
        lock.withLock { entries.append(Entry(path: path, content: .unchanged, size: stamp.size, hash: stamp.hash, stamp: stamp)) }
        return true
    }

    /// Takes the files the last build wrote at `files`' paths as this build's too, unmade, when every
    /// one is still on disk at the size and time recorded with its hash, and that hash is the one
    /// given; all of them, or none (false) for the files to be made and added.
    func keep(all files: [(path: String, hash: UInt64)]) -> Bool {
        guard active else { return false }
        var stamps: [SourceStamp] = []
        stamps.reserveCapacity(files.count)
        for file in files {
            guard OutputPathRules.problem(with: file.path) == nil, let stamp = intact(file.path), stamp.hash == file.hash else { return false }
            stamps.append(stamp)
        }
        lock.withLock {
            for stamp in stamps { entries.append(Entry(path: stamp.path, content: .unchanged, size: stamp.size, hash: stamp.hash, stamp: stamp)) }
        }
        return true
    }

    /// The file at `path` (relative to the output folder) as the last build left it, open for its
    /// pieces of the lengths that build recorded; nil when it changed since, as for `keep`. Taking
    /// nothing: the file made for the path is added as any other.
    func open(_ path: String, pieces: [Int]) -> PiecedFile? {
        guard active, OutputPathRules.problem(with: path) == nil, let stamp = intact(path) else { return nil }
        return PiecedFile(path: writer.absolute(path), lengths: pieces, size: stamp.size)
    }

    /// Every path taken so far, in no particular order.
    var paths: [String] {
        lock.withLock { entries.map(\.path) + failures.map(\.path) }
    }

    /// How many of the files are pages.
    var pageCount: Int {
        lock.withLock { entries.count { $0.path.hasSuffix(".html") } }
    }

    /// How many files were taken.
    var fileCount: Int {
        lock.withLock { entries.count + failures.count }
    }

    /// Every reason `commit` would refuse the files, found without changing the output.
    func validate() -> [OutputError] {
        // The files are all made: no later file can take the last one's hash.
        lock.withLock { lastHashed = nil }
        var errors: [OutputError] = []
        let entries = sortedEntries()
        let plan = writer.plan(entries.map { OutputPlan.Item(path: $0.path, content: $0.content) }, errors: &errors)
        lock.withLock { validated = plan.map { ($0, entries.count) } }
        if errors.isEmpty && !active {
            // Refused when the build started, accepted now: the files were not kept.
            errors.append(OutputError(.fileSystem, "cannot write to \(writer.shown(nil)): the folder changed while the site was built; build again"))
        }
        return errors
    }

    /// Puts every file in place and returns what changed, with the stamp and hash of every output
    /// file as now on disk (nil when one cannot be examined) and when the files began to be put in
    /// place (`written`, which the next build's stage is given as `recorded`). The staging folder
    /// is gone afterwards, whether or not this succeeds (but see `keepingAsides`).
    ///
    /// With `keepingAsides`, the second names of the large files replaced (`OutputFileSystem.renameReplacing`)
    /// and the staging folder holding them are left for `dropAsides`, which can then run beside
    /// what follows: unlinking the last name of a large file is most of the cost of replacing it
    /// (32 MB on ext4: 9–14 ms).
    func commit(onFile: @escaping @Sendable () -> Void = {}, keepingAsides: Bool = false) throws(OutputError) -> (report: OutputReport, outputs: [SourceStamp]?, written: Int64) {
        var committed = false
        defer { discard(keepingAsides: committed) }
        if let failure = lock.withLock({ failures.min { $0.path.utf8Precedes($1.path) } }) {
            throw failure.error
        }
        let entries = sortedEntries()
        let plan: OutputPlan
        if let validated = lock.withLock({ validated }), validated.files == entries.count {
            // Checked by `validate` just before, with these same files: not planned again.
            plan = validated.plan
        } else {
            var errors: [OutputError] = []
            guard let made = writer.plan(entries.map { OutputPlan.Item(path: $0.path, content: $0.content) }, errors: &errors),
                  errors.isEmpty else { throw errors[0] }
            plan = made
        }
        // A staged file is the build's alone until it is put in place, so any change made to it by
        // another hand comes after this moment: a file written long enough before it
        // (`SourceStamp.racyWindow(for:)`) cannot be changed again at the same time, and is vouched
        // for by its stamp; the next build reads the others' bytes to compare them with the hash.
        let now = Int64(Date().timeIntervalSince1970 * 1e9)
        var placing = writer
        placing.onFile = onFile
        if keepingAsides {
            placing.onAside = { [self] aside in lock.withLock { asides.names.append(aside) } }
        }
        let report: OutputReport
        if let stage = lock.withLock({ startsEmpty ? stageFolder : nil }), placing.canPlaceTree(plan),
           entries.allSatisfy({ entry in
               if case let .staged(path) = entry.content { path == stage + "/" + entry.path } else { false }
           }) {
            // Every file staged at its own path: the staging folder's top entries are moved.
            var names: [String] = []
            for entry in entries {
                let name = String(entry.path.utf8.firstIndex(of: UInt8(ascii: "/")).map { entry.path[..<$0] } ?? Substring(entry.path))
                if names.last != name { names.append(name) }
            }
            report = try placing.placeTree(plan, from: stage, names: names)
        } else {
            report = try placing.write(plan)
        }
        lock.withLock { placed = true }
        let directory = writer.directory
        let stamps = Parallel.map(entries, jobs: writer.jobs) { entry -> SourceStamp? in
            // A file left as it was keeps the stamp it was found with (the next build examines it
            // again before trusting it), a file staged the time it was written with, which moving
            // it keeps (one copied across file systems instead gets a later time, and the next
            // build, finding it differs, reads the file); the others are examined as now on disk.
            if case .unchanged = entry.content, let stamp = entry.stamp { return stamp }
            if case .staged = entry.content, let modified = entry.modified {
                return SourceStamp(path: entry.path, size: entry.size, modified: modified, hash: entry.hash)
            }
            guard var stamp = SourceStamp.current(entry.path, in: directory), stamp.size == entry.size else { return nil }
            stamp.hash = entry.hash
            return stamp
        }
        committed = keepingAsides
        var outputs: [SourceStamp] = []
        outputs.reserveCapacity(stamps.count)
        for stamp in stamps {
            guard let stamp else { return (report, nil, now) }
            outputs.append(stamp)
        }
        return (report, outputs, now)
    }

    /// Removes the second names `commit(keepingAsides: true)` left, then the staging folder;
    /// returns how many there were.
    @discardableResult
    func dropAsides() -> Int {
        let (names, folder) = lock.withLock {
            defer { asides = ([], nil) }
            return asides
        }
        for name in names { _ = try? OutputFileSystem.remove(name) }
        if let folder { OutputFileSystem.removeFolderIfEmpty(folder) }
        return names.count
    }

    deinit {
        dropAsides()
    }

    /// Removes the staging folder with every file still in it, and the folders made for it when
    /// they are empty; the output folder is left as it was found. With `keepingAsides`, second
    /// names `commit` left stay, and so does the staging folder holding them, for `dropAsides`.
    func discard(keepingAsides: Bool = false) {
        lock.withLock { lastHashed = nil }
        if !keepingAsides { dropAsides() }
        lock.withLock {
            guard let stageFolder else { return }
            if !asides.names.isEmpty {
                // The second names left in the staging folder go first (`dropAsides`), then it.
                asides.folder = stageFolder
            } else if !(placed && OutputFileSystem.removeFolderIfEmpty(stageFolder)) {
                // After every file was put in place the staging folder is empty, and goes at once;
                // otherwise (or should anything be left in it) the staged files are removed first.
                for entry in entries {
                    if case let .staged(path) = entry.content { _ = try? OutputFileSystem.remove(path) }
                }
                // A folder always has a longer path than the folders it is in: the deepest go first.
                for folder in treeFolders.sorted(by: { $0.utf8.count > $1.utf8.count }) {
                    OutputFileSystem.removeFolderIfEmpty(stageFolder + "/" + folder)
                }
                OutputFileSystem.removeFolderIfEmpty(stageFolder)
            }
            treeFolders = []
            placed = false
            for folder in madeFolders { OutputFileSystem.removeFolderIfEmpty(folder) }
            madeFolders = []
            self.stageFolder = nil
        }
    }

    // MARK: Private

    /// The entries sorted by path, in place, once for `validate` and `commit` both.
    private func sortedEntries() -> [Entry] {
        lock.withLock {
            if !entriesSorted {
                // The positions sorted (the sort is stable), then the entries put in their order:
                // each entry is moved once, not at every step of the sort.
                let order = entries.map(\.path).utf8Order()
                entries = order.map { entries[$0] }
                entriesSorted = true
            }
            return entries
        }
    }

    /// How a file was found to hold a file's bytes already.
    private enum OnDisk {
        /// By the last build's record of it, as it still is.
        case vouched(by: SourceStamp)
        /// By its bytes.
        case compared
    }

    /// Whether the file at the path already holds these bytes, and how that was found; nil when not.
    /// A file still as the last build left it holds the bytes of the hash it recorded: the same
    /// file, or another one, without reading it (a JSON document of the same size after an edit
    /// was read up to the edit to be told apart).
    private func onDisk(_ file: OutputFile, hash: UInt64) -> OnDisk? {
        if let stamp = previous[file.path], let found = intact(file.path) {
            return stamp.hash == hash && stamp.size == file.byteCount ? .vouched(by: found) : nil
        }
        if startsEmpty { return nil }
        return OutputFileSystem.holds(chunks: file.chunks, at: writer.absolute(file.path)) ? .compared : nil
    }

    /// The staging folder, made on first use (with the output folder, when it is missing). Called
    /// with the lock held.
    private func folder() throws(OutputError) -> String {
        if let stageFolder { return stageFolder }
        var missing: [String] = []
        var folder = writer.directory
        while (try? OutputFileSystem.kind(of: folder, followingLinks: true)) == .absent {
            missing.append(folder)
            let parent = OutputFileSystem.parentPath(of: folder)
            if parent == folder { break }
            folder = parent
        }
        for folder in missing.reversed() {
            do { try OutputFileSystem.makeFolder(folder) } catch {
                for made in madeFolders { OutputFileSystem.removeFolderIfEmpty(made) }
                madeFolders = []
                throw writer.failure(error, doing: "create the folder", at: nil)
            }
            madeFolders.insert(folder, at: 0)
        }
        let name = startsEmpty ? OutputTemporaryName.tree : OutputTemporaryName.stage
        let stage = writer.absolute(name)
        do { try OutputFileSystem.makeFolder(stage) } catch {
            throw writer.failure(error, doing: "create the folder", at: name)
        }
        stageFolder = stage
        return stage
    }
}

/// A descriptor of the folder at `path` to examine its files from (-1 when it cannot be opened).
private func openFolder(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
}

/// A descriptor of the regular file or other non-link at `path` to read from (-1 when it cannot be opened).
private func openFile(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
}
