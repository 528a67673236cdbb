import Foundation

/// Replaces a user's file in one step: the new bytes go to a temporary file in the same folder,
/// which `rename(2)` moves over the old one, so a reader sees the old file or the new, never half
/// of one. The permission bits (and, where allowed, the owner) stay; a symbolic link stays a link
/// and its target is replaced. The file must still hold what the edit was made from.
public enum AtomicFileReplace {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The file no longer holds the bytes the edit started from.
        case changedOnDisk
        /// A system call failed: what was being done, and the system's reason.
        case system(String)

        public var description: String {
            switch self {
            case .changedOnDisk: return "the file changed on disk since it was read"
            case let .system(reason): return reason
            }
        }
    }

    /// Replaces the file at `path` with `bytes` if it holds `expected`.
    public static func replace(_ path: String, with bytes: [UInt8], expecting expected: [UInt8]) throws(Failure) {
        let target = resolvedTarget(path)
        var info = stat()
        guard stat(target, &info) == 0 else { throw .system("cannot read \(path): \(reason(errno))") }
        guard OutputFileSystem.holds(expected, at: target) else { throw .changedOnDisk }
        let folder = OutputFileSystem.parentPath(of: target)
        let temporary = folder + "/" + OutputTemporaryName.prefix + "\(getpid())-edit-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .system("cannot write in \(folder): \(reason(errno))") }
        var failure: Failure?
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = .system("cannot write \(path): \(reason(errno))")
                break
            }
            written += count
        }
        if failure == nil {
            _ = fchown(descriptor, info.st_uid, info.st_gid)
            if fchmod(descriptor, info.st_mode & 0o7777) != 0 { failure = .system("cannot set the mode of \(path): \(reason(errno))") }
        }
        // The edit of a user's own file is worth the wait for the disk.
        if failure == nil, fsync(descriptor) != 0 { failure = .system("cannot write \(path): \(reason(errno))") }
        if close(descriptor) != 0, failure == nil, errno != EINTR { failure = .system("cannot write \(path): \(reason(errno))") }
        if failure == nil, !OutputFileSystem.holds(expected, at: target) { failure = .changedOnDisk }
        if failure == nil, rename(temporary, target) != 0 { failure = .system("cannot replace \(path): \(reason(errno))") }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// The file a path names, through symbolic links.
    private static func resolvedTarget(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
