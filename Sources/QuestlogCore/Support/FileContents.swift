import Foundation

/// Reads files with plain POSIX calls: Foundation's readers leak memory on empty files, and a
/// build reads every file of the site.
enum FileContents {
    /// The first `limit` bytes of the file at `path` (all of it by default), or nil when it cannot be read.
    static func read(_ path: String, limit: Int = .max) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes: [UInt8] = []
        // One byte more than the size, so a file that grew since fstat is read whole.
        var chunk = [UInt8](repeating: 0, count: min(limit, max(Int(info.st_size), 4096)) + 1)
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }
}
