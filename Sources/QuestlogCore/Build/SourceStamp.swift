import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a build's input file looked like when the build started: its size, its modification time and,
/// when that time is too recent to tell two versions apart, a hash of its bytes. A build also records
/// the hash of the bytes it used (`content`), where it knows them.
public struct SourceStamp: Sendable, Hashable {
    /// The path relative to the site folder.
    public var path: String
    public var size: Int
    /// Modification time in nanoseconds since 1970.
    public var modified: Int64
    /// A hash of the bytes (`ContentHash`), for a file changed so shortly before the stamp that a
    /// change within the same clock tick would keep size and time (0 when not needed).
    public var hash: UInt64
    /// The `ContentHash` of the bytes the build used of the file, when known (0 when not): a file
    /// given a new time with the same bytes (a fresh checkout, a `touch`, a branch switched and
    /// back) is then known unchanged by its bytes (`BuildCache.changedInputs(_:site:)`).
    public var content: UInt64 = 0

    public init(path: String, size: Int, modified: Int64, hash: UInt64, content: UInt64 = 0) {
        self.path = path
        self.size = size
        self.modified = modified
        self.hash = hash
        self.content = content
    }

    /// The size a folder is stamped with: a folder counts by being there (an empty game folder is a
    /// game), not by its time, which any file made and removed in it moves.
    static let folderSize = -2

    /// How close to the stamp a modification time must be for the bytes to be hashed too, at the
    /// most (`racyWindow(for:)`).
    static let racyWindow: Int64 = 2_000_000_000

    /// How close to the stamp the modification time `modified` must be for the bytes to be hashed
    /// too: as long as a later change could be given the same time. A file system that keeps whole
    /// seconds (or FAT's two) gives times without a fraction: two seconds. One that keeps finer
    /// times takes them from the kernel's clock, which moves by a tick of 10 ms at the most and
    /// lags the clock the stamp reads by a tick at most, or keeps hundredths (exFAT): 50 ms cover
    /// both. A time of a whole second on such a file system, one in many, is taken as the coarser
    /// kind.
    static func racyWindow(for modified: Int64) -> Int64 {
        modified % 1_000_000_000 == 0 ? racyWindow : 50_000_000
    }

    /// Every file a build of the site may read: `questlog.yml`, and everything under `Content/` and
    /// `Templates/` but hidden files and editor leftovers, following symbolic links that stay in the
    /// site or in the real folders `Content/` and `Templates/` are (each real folder once), and every folder under them (`folderSize`: its presence
    /// alone). In walking order (config, then each folder's names sorted by bytes, a folder before
    /// what it holds), which is the same for the same files.
    /// `hashingRecent: false` skips the hashes (a watcher that compares sizes and times only).
    public static func collect(site: String, hashingRecent: Bool = true) -> [SourceStamp] {
        collectNotingLinks(site: site, hashingRecent: hashingRecent).stamps
    }

    /// `collect(site:hashingRecent:)`, and whether `Content/` holds a name that is neither a regular
    /// file nor a folder (a symbolic link above all), which stamps cannot tell from what it leads
    /// to but a walk of `Content/` treats apart (`ContentWalk.key(of:)`). A folder of many names
    /// (a kind's, in a large site) has them examined on up to `jobs` threads.
    static func collectNotingLinks(site: String, hashingRecent: Bool = true, jobs: Int = 1) -> (stamps: [SourceStamp], contentHasLinks: Bool) {
        let now = Int64(Date().timeIntervalSince1970 * 1e9)
        var stamps: [SourceStamp] = []
        var contentHasLinks = false
        var visited: Set<String> = []
        // Links are followed where the load follows them: inside the site, and inside the real
        // folders `Content/` and `Templates/` stand for (either may be a link to a folder elsewhere).
        let roots = [realPath(site) ?? site] + [SiteLoader.contentFolder, "Templates"].compactMap { realPath(site + "/" + $0) }
        func walk(_ relative: String, inContent: Bool) {
            let full = site + "/" + relative
            guard let real = realPath(full), roots.contains(where: { real == $0 || real.hasPrefix($0 == "/" ? "/" : $0 + "/") }),
                  visited.insert(real).inserted, let folder = opendir(full) else { return }
            defer { closedir(folder) }
            var names: [String] = []
            // Each name is examined from its folder, open already, rather than by its whole path.
            let descriptor = dirfd(folder)
            while let entry = readdir(folder) {
                let name = withUnsafePointer(to: entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
                guard name != "." && name != "..", !DirectoryListing.isIgnored(name) else { continue }
                names.append(name)
                if inContent && !contentHasLinks && !isRegularOrFolder(entry.pointee.d_type, name, in: descriptor) { contentHasLinks = true }
            }
            let sorted = names.sortedByUTF8()
            let found = jobs > 1 && sorted.count >= Self.namesExaminedApart
                ? Parallel.map(sorted, jobs: jobs) { Found(name: $0, in: descriptor) }
                : sorted.map { Found(name: $0, in: descriptor) }
            for (name, found) in zip(sorted, found) {
                let path = relative + "/" + name
                switch found {
                case .missing:
                    // A dangling link: stamped as absent, so it still counts as an input.
                    stamps.append(SourceStamp(path: path, size: -1, modified: 0, hash: 0))
                case .folder:
                    // A folder counts by being there: an empty game folder is a game.
                    stamps.append(SourceStamp(path: path, size: Self.folderSize, modified: 0, hash: 0))
                    walk(path, inContent: inContent)
                case let .file(size, modified):
                    stamps.append(stamp(path, size: size, modified: modified, site: site, now: hashingRecent ? now : .min))
                }
            }
        }
        for name in SiteConfigLoader.fileNames {
            var info = stat()
            if stat(site + "/" + name, &info) == 0 {
                stamps.append(stamp(name, size: Int(info.st_size), modified: modificationTime(info), site: site, now: hashingRecent ? now : .min))
            }
        }
        walk(SiteLoader.contentFolder, inContent: true)
        walk("Templates", inContent: false)
        return (stamps, contentHasLinks)
    }

    /// Whether the name a folder listing gave with `type` (its `d_type`) is a regular file or a
    /// folder, not followed if a link; asked of the file itself when the listing does not say.
    private static func isRegularOrFolder(_ type: UInt8, _ name: String, in descriptor: Int32) -> Bool {
        switch Int(type) {
        case Int(DT_REG), Int(DT_DIR): return true
        case Int(DT_UNKNOWN):
            var info = stat()
            guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
            return info.st_mode & S_IFMT == S_IFREG || info.st_mode & S_IFMT == S_IFDIR
        default: return false
        }
    }

    private static func stamp(_ path: String, size: Int, modified: Int64, site: String, now: Int64) -> SourceStamp {
        guard now != .min && now - modified < racyWindow(for: modified) else {
            return SourceStamp(path: path, size: size, modified: modified, hash: 0)
        }
        let hash = hashOfFile(site + "/" + path)
        // Bytes hashed as long as the stamp says are the file's content too.
        return SourceStamp(path: path, size: size, modified: modified, hash: hash?.hash ?? 1, content: hash.map { size == $0.size ? $0.hash : 0 } ?? 0)
    }

    /// How many names a folder must hold to have them examined on more than one thread: fewer
    /// cost less than handing them out.
    static let namesExaminedApart = 256

    /// A name of a folder as examined, links followed.
    private enum Found: Sendable {
        case missing
        case folder
        case file(size: Int, modified: Int64)

        /// `name` in the folder open at `descriptor`.
        init(name: String, in descriptor: Int32) {
            var info = stat()
            if fstatat(descriptor, name, &info, 0) != 0 {
                self = .missing
            } else if info.st_mode & S_IFMT == S_IFDIR {
                self = .folder
            } else {
                self = .file(size: Int(info.st_size), modified: SourceStamp.modificationTime(info))
            }
        }
    }

    /// The file at `path` in `folder` as it is now, without hashing it; nil when it cannot be examined.
    static func current(_ path: String, in folder: String) -> SourceStamp? {
        var info = stat()
        guard stat(folder + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return SourceStamp(path: path, size: Int(info.st_size), modified: modificationTime(info), hash: 0)
    }

    static func modificationTime(_ info: stat) -> Int64 {
        #if canImport(Darwin)
        return Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
    }

    /// The `ContentHash` of the file's bytes (never 0, which means "not hashed") and how many there
    /// were; nil when it cannot be read.
    static func hashOfFile(_ path: String) -> (hash: UInt64, size: Int)? {
        guard let bytes = FileContents.read(path) else { return nil }
        let hash = ContentHash.hash(bytes)
        return (hash == 0 ? 1 : hash, bytes.count)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
