#if canImport(Glibc)
import Foundation
import Glibc
import QuestlogCore

/// Notices changes through Linux's inotify: a watch on the site folder (for `questlog.yml` and the
/// top folders) and on every folder under `Content/` and `Templates/`, added and dropped as folders
/// come and go. The process sleeps in `poll` until the kernel has news. Every inotify call stays in
/// this file.
final class InotifyWatch: ChangeSource, @unchecked Sendable {
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    let root: String
    private let descriptor: Int32
    /// A pipe whose write end `wake()` writes to, so a `poll` in progress returns.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    /// The folder (relative to the site, "" for the site itself) of each watch.
    private var folders: [Int32: String] = [:]
    private let lock = NSLock()
    private var brokenBecause: String?

    private static let topFolders: Set<String> = [SiteLoader.contentFolder, "Templates"]
    private static let settingsFiles: Set<String> = ["questlog.yml", "questlog.yaml"]
    /// Everything that changes a folder's entries or a file's bytes or mode (an editor's chmod too).
    private static let mask = UInt32(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
        | IN_DELETE_SELF | IN_ONLYDIR)

    /// Watches the site; throws when inotify is missing or the kernel's limit of watches is reached.
    init(root: String) throws {
        self.root = root
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw StartError(description: "inotify is unavailable: \(String(cString: strerror(errno)))") }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw StartError(description: "cannot open a pipe: \(reason)")
        }
        wakeRead = ends[0]
        wakeWrite = ends[1]
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        _ = add("")
        for folder in Self.topFolders { _ = addTree(folder) }
        if let brokenBecause {
            close(descriptor)
            close(wakeRead)
            close(wakeWrite)
            throw StartError(description: brokenBecause)
        }
    }

    deinit {
        close(descriptor)
        close(wakeRead)
        close(wakeWrite)
    }

    var failure: String? { lock.withLock { brokenBecause } }

    func changes(waitingUpTo timeout: TimeInterval?) -> [String] {
        let deadline = timeout.map { DispatchTime.now().uptimeNanoseconds + UInt64(max(0, $0) * 1e9) }
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            let milliseconds = deadline.map { Int32(clamping: (($0 > now ? $0 - now : 0) + 999_999) / 1_000_000) } ?? -1
            var watched = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&watched, 2, milliseconds)
            if ready < 0, errno == EINTR { continue }
            if watched[1].revents != 0 {
                drainWakes()
                return []
            }
            let changed = ready > 0 ? readEvents() : []
            // Events on files nobody reads (the output folder, editor leftovers) do not end the wait.
            if !changed.isEmpty || ready < 0 || failure != nil { return changed }
            if let deadline, DispatchTime.now().uptimeNanoseconds >= deadline { return [] }
        }
    }

    func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func drainWakes() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while bytes.withUnsafeMutableBytes({ read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Reads every queued event; returns the watched paths they touched.
    private func readEvents() -> [String] {
        var changed: [String] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return changed }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { bytes in
                    (bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                changed += handle(watch: watch, mask: mask, name: String(decoding: nameBytes, as: UTF8.self))
                offset += header + length
            }
        }
    }

    private func handle(watch: Int32, mask: UInt32, name: String) -> [String] {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: every folder is watched afresh and everything counts as changed.
            for folder in Self.topFolders { _ = addTree(folder) }
            return Array(Self.topFolders)
        }
        if mask & UInt32(IN_IGNORED) != 0 {
            lock.withLock { _ = folders.removeValue(forKey: watch) }
            return []
        }
        guard let folder = lock.withLock({ folders[watch] }), !name.isEmpty else { return [] }
        let path = folder.isEmpty ? name : folder + "/" + name
        if folder.isEmpty {
            guard Self.settingsFiles.contains(name) || Self.topFolders.contains(name) else { return [] }
        } else if DirectoryListing.isIgnored(name) {
            return []
        }
        guard mask & UInt32(IN_ISDIR) != 0 else { return [path] }
        if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
            return [path] + addTree(path)
        }
        if mask & UInt32(IN_MOVED_FROM) != 0 {
            removeTree(path)
        }
        return [path]
    }

    /// Watches `folder` and every folder under it; returns the files found in them, which were
    /// written before their folder was watched.
    private func addTree(_ folder: String) -> [String] {
        guard add(folder) else { return [] }
        var files: [String] = []
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
        for name in names.sorted() where !DirectoryListing.isIgnored(name) {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(root + "/" + path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                files += addTree(path)
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// Adds a watch on one folder; false when it is gone or no watch could be added.
    private func add(_ folder: String) -> Bool {
        let watch = inotify_add_watch(descriptor, folder.isEmpty ? root : root + "/" + folder, Self.mask)
        guard watch >= 0 else {
            if errno == ENOSPC || errno == ENOMEM {
                lock.withLock { brokenBecause = "the system's limit of inotify watches is reached (fs.inotify.max_user_watches)" }
            }
            return false
        }
        lock.withLock { folders[watch] = folder }
        return true
    }

    /// Drops the watches of a folder that moved away, and of the folders under it.
    private func removeTree(_ folder: String) {
        let gone = lock.withLock { folders.filter { $0.value == folder || $0.value.hasPrefix(folder + "/") } }
        for watch in gone.keys {
            inotify_rm_watch(descriptor, watch)
            lock.withLock { _ = folders.removeValue(forKey: watch) }
        }
    }
}
#endif
