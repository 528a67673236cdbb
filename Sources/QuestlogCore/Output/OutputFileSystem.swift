import CFileExchange
import Foundation

/// The POSIX calls of the output stage, the only code of a build that touches the disk.
///
/// Foundation's writers fsync every file, which makes writing thousands of pages about ten times
/// slower, and `FileManager.replaceItemAt` can delete the original and then fail; plain
/// `open`/`write`/`rename` do neither.
enum OutputFileSystem {
    /// What a path names, without following a symbolic link at its end.
    enum Kind: Equatable {
        case absent
        case file
        case directory
        case symbolicLink
        case other
    }

    /// A failed call: the `errno` it left.
    struct Failure: Error, Equatable {
        var code: Int32

        /// The operating system's wording, such as `Permission denied`.
        var reason: String { String(cString: strerror(code)) }
    }

    /// Identifies a file independently of the name used to reach it.
    struct Identity: Equatable {
        var device: dev_t
        var inode: ino_t
    }

    /// The kind of `path`; a path under something that is not a folder is absent.
    static func kind(of path: String, followingLinks: Bool = false) throws(Failure) -> Kind {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        if result != 0 {
            if errno == ENOENT || errno == ENOTDIR { return .absent }
            throw Failure(code: errno)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// Device and inode of `path` itself (a link is not followed), or nil when it cannot be examined.
    static func identity(of path: String) -> Identity? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Identity(device: info.st_dev, inode: info.st_ino)
    }

    /// The names in a folder, without `.` and `..`, sorted by bytes; with a `prefix`, only those
    /// that start with it (the others are passed over without being made strings).
    static func entries(of path: String, prefix: String = "") throws(Failure) -> [String] {
        guard let folder = opendir(path) else { throw Failure(code: errno) }
        defer { closedir(folder) }
        var names: [String] = []
        let start = Array(prefix.utf8CString.dropLast())
        while let entry = readdir(folder) {
            var rawName = entry.pointee.d_name
            let capacity = MemoryLayout.size(ofValue: rawName)
            let name = withUnsafePointer(to: &rawName) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: capacity) { name -> String? in
                    guard start.isEmpty || strncmp(name, start, start.count) == 0 else { return nil }
                    return String(cString: name)
                }
            }
            if let name, name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { $0.utf8Precedes($1) }
    }

    /// The whole content of a regular file.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(code: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(code: errno) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(Int(info.st_size), 4096) + 1)
        while true {
            let count = try readSome(descriptor, into: &chunk, from: 0)
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Whether `path` is a regular file (not a link) holding exactly `bytes`.
    static func holds(_ bytes: [UInt8], at path: String) -> Bool {
        holds(chunks: [bytes], at: path)
    }

    /// Whether `path` is a regular file (not a link) holding exactly the pieces one after another.
    static func holds(chunks: [[UInt8]], at path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let total = chunks.reduce(0) { $0 + $1.count }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == total else {
            return false
        }
        // Read a block at a time, so a large file is never held whole beside its pieces; one byte
        // more than expected is asked for at the end, so a file that grew since fstat is noticed.
        var buffer = [UInt8](repeating: 0, count: min(total + 1, 1 << 20))
        var chunk = 0
        var offset = 0
        var compared = 0
        while true {
            var filled = 0
            while filled < buffer.count {
                guard let count = try? readSome(descriptor, into: &buffer, from: filled) else { return false }
                if count == 0 { break }
                filled += count
            }
            guard compared + filled <= total else { return false }
            // The block against the pieces, from where the last block ended.
            var position = 0
            while position < filled {
                while offset == chunks[chunk].count {
                    chunk += 1
                    offset = 0
                }
                let length = min(filled - position, chunks[chunk].count - offset)
                let same = buffer.withUnsafeBytes { stored in
                    chunks[chunk].withUnsafeBytes { memcmp(stored.baseAddress! + position, $0.baseAddress! + offset, length) == 0 }
                }
                guard same else { return false }
                position += length
                offset += length
            }
            compared += filled
            if filled < buffer.count { return compared == total }
        }
    }

    /// Creates a new file holding `bytes`; fails if anything already exists at `path`. No fsync.
    static func create(_ path: String, bytes: [UInt8]) throws(Failure) {
        try create(path, chunks: [bytes])
    }

    /// Creates a new file holding the pieces one after another; fails if anything already exists at
    /// `path`. No fsync. Returns the file's modification time as the file system gave it once
    /// everything was written (nanoseconds since 1970; nil when it could not be read). With
    /// `backdating` (a file of the output, staged), a file of `backdatedSize` bytes or more gets
    /// a time set a few seconds back (`backdate`), which is the one returned.
    @discardableResult
    static func create(_ path: String, chunks: [[UInt8]], backdating: Bool = false) throws(Failure) -> Int64? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard descriptor >= 0 else { throw Failure(code: errno) }
        var total = 0
        for bytes in chunks {
            total += bytes.count
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { buffer in
                    Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    let failure = Failure(code: errno)
                    close(descriptor)
                    throw failure
                }
                written += count
            }
        }
        var info = stat()
        var modified = fstat(descriptor, &info) == 0 ? SourceStamp.modificationTime(info) : nil
        if backdating, let written = modified, total >= backdatedSize, backdate(descriptor, written: written), fstat(descriptor, &info) == 0 {
            modified = SourceStamp.modificationTime(info)
        }
        // Some file systems (NFS, quotas) report a failed write only when the file is closed.
        if close(descriptor) != 0 && errno != EINTR { throw Failure(code: errno) }
        return modified
    }

    /// Files of the output this large or larger get a modification time set back (`backdate`).
    static let backdatedSize = 1 << 20

    /// Sets the modification (and access) time of the file open at `descriptor`, written at
    /// `written` (nanoseconds since 1970), three seconds back, to the nanosecond: false when the
    /// file system refuses, or keeps whole seconds (a time without a fraction), where it is left.
    ///
    /// A file whose time lies within `SourceStamp.racyWindow(for:)` of when its build put the
    /// output in place could still change without its time changing, so the next build reads it
    /// whole before trusting it (`OutputStage`); the exports, made last, always were such files (a
    /// 32 MB JSON document read again by every build after an edit at 10,000 entries). A time set
    /// back by more than the window makes them trusted by their size and time like the rest, and
    /// is as safe: the staged file is this build's alone until it is put in place; a later write
    /// gives it the time of that write; and two writes of one path by two builds, the only ones
    /// that could give it the same time set back, are further apart than the file system's clock
    /// tick, as their times were. On a file system of whole seconds, two builds within one second
    /// could, so files there keep their times and the window.
    static func backdate(_ descriptor: Int32, written: Int64) -> Bool {
        guard written % 1_000_000_000 != 0 else { return false }
        let back = written - 3_000_000_000
        // Access time too (the same), which nothing reads, rather than a platform's "leave it".
        let time = timespec(tv_sec: Int(back / 1_000_000_000), tv_nsec: Int(back % 1_000_000_000))
        var times = [time, time]
        return futimens(descriptor, &times) == 0
    }

    /// Makes `destination` another name of the file at `source` (a hard link); fails if anything
    /// already exists at `destination`, or where the file system has no hard links.
    static func link(_ source: String, to destination: String) throws(Failure) {
        if Foundation.link(source, destination) != 0 { throw Failure(code: errno) }
    }

    /// Moves `source` onto `destination` in one step, replacing a file or link there.
    static func rename(_ source: String, to destination: String) throws(Failure) {
        if Foundation.rename(source, destination) != 0 { throw Failure(code: errno) }
    }

    /// `rename(_:to:)` of a file just written onto the file it replaces, which a large file there
    /// (`replacedAside` bytes or more) first gets a second name for, `aside`, dropped once the
    /// rename is done. On ext4, the rename that takes away the last name of a large file costs
    /// tens of milliseconds (32 MB: 17–24 ms) where the rename and the unlink apart cost 4. The
    /// file put in place is as it would be either way; only what a crash right after leaves of it
    /// differs, as for every file written without `fsync`, and the next build's stamps tell.
    /// With `keepingAside`, the second name is left for the caller to drop (unlinking the last
    /// name of a large file is itself most of the cost: 32 MB, 9–14 ms), and `true` returned when
    /// there is one; a failed rename drops it all the same.
    ///
    /// With `keepingAside`, where the system and file system can swap two files in one step
    /// (`exchange`), any regular file there is swapped with `source` instead, then moved to `aside`
    /// and left for the caller: on ext4, a rename onto a file allocates the blocks of the one put
    /// in place and frees the old one's there and then (timed alone: 110–130 µs for a 10 KB file,
    /// 21–25 ms for 32 MB), where a swap takes 6–10 µs (0.04–0.13 ms for 32 MB) and the old file
    /// is dropped later, off the way.
    @discardableResult
    static func renameReplacing(_ source: String, to destination: String, aside: String, keepingAside: Bool = false) throws(Failure) -> Bool {
        var info = stat()
        let replacing = lstat(destination, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        if replacing && keepingAside && exchange(source, destination) {
            // The replaced file now has `source`'s name, which nothing else has: given the second
            // name (never over a file already there), and dropped at once should that fail.
            let moved = Foundation.link(source, aside) == 0
            unlink(source)
            return moved
        }
        let linked = replacing && Int(info.st_size) >= replacedAside && Foundation.link(destination, aside) == 0
        do {
            try rename(source, to: destination)
        } catch {
            if linked { unlink(aside) }
            throw error
        }
        if linked && !keepingAside { unlink(aside) }
        return linked && keepingAside
    }

    /// Swaps the entries at `first` and `second`, both there, in one step; false, with nothing
    /// changed, where the system or the file system cannot (`renameat2`'s `RENAME_EXCHANGE` on Linux).
    static func exchange(_ first: String, _ second: String) -> Bool {
        questlog_exchange_paths(first, second) == 0
    }

    /// How large a file must be to be given a second name while it is replaced (`renameReplacing`).
    static let replacedAside = 256 * 1024

    /// Deletes a file or link; true when something was deleted, false when nothing was there.
    @discardableResult
    static func remove(_ path: String) throws(Failure) -> Bool {
        if unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw Failure(code: errno)
    }

    /// Whether nothing is at `path`, or an empty folder (following links); false when it cannot be told.
    static func isMissingOrEmptyFolder(_ path: String) -> Bool {
        guard let folder = opendir(path) else { return errno == ENOENT }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let isDot = withUnsafeBytes(of: entry.pointee.d_name) { name in
                name[0] == UInt8(ascii: ".") && (name[1] == 0 || (name[1] == UInt8(ascii: ".") && name[2] == 0))
            }
            if !isDot { return false }
        }
        return true
    }

    /// Deletes a folder if it is empty; a folder that holds anything, or cannot be removed, stays.
    @discardableResult
    static func removeFolderIfEmpty(_ path: String) -> Bool {
        rmdir(path) == 0
    }

    /// Creates a folder whose parent exists; a folder already there is fine, anything else fails.
    static func makeFolder(_ path: String) throws(Failure) {
        if mkdir(path, 0o777) == 0 { return }
        let code = errno
        if code == EEXIST, (try? kind(of: path, followingLinks: true)) == .directory { return }
        throw Failure(code: code)
    }

    /// Creates a folder and any missing parents (`mkdir -p`).
    static func makeFolders(_ path: String) throws(Failure) {
        if (try? kind(of: path, followingLinks: true)) == .directory { return }
        let parent = parentPath(of: path)
        if parent != path { try makeFolders(parent) }
        try makeFolder(path)
    }

    /// The absolute form of `path` with `.`, `..` and symbolic links resolved as far as the path exists.
    static func canonical(_ path: String) -> String {
        var tail: [String] = []
        var head = absolute(path)
        while true {
            if let resolved = realpath(head, nil) {
                defer { free(resolved) }
                return normalized(String(cString: resolved) + "/" + tail.reversed().joined(separator: "/"))
            }
            let parent = parentPath(of: head)
            if parent == head { return normalized(absolute(path)) }
            tail.append(String(head[head.index(after: head.lastIndex(of: "/")!)...]))
            head = parent
        }
    }

    /// `path` made absolute against the current folder.
    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let current = getcwd(nil, 0) else { return "/" + path }
        defer { free(current) }
        return String(cString: current) + "/" + path
    }

    /// The folder that holds `path`; `/` for a top-level name and for `/` itself.
    static func parentPath(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Reads what is available at `offset` in `buffer`, retrying when interrupted.
    private static func readSome(_ descriptor: Int32, into buffer: inout [UInt8], from offset: Int) throws(Failure) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in
                Foundation.read(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if count >= 0 { return count }
            if errno != EINTR { throw Failure(code: errno) }
        }
    }

    /// An absolute path with empty, `.` and `..` components resolved lexically.
    private static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}
