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
        // Read straight into the array, one byte more than the size, so that a file that grew
        // since fstat is noticed (and read on to its end): a memo file of tens of megabytes is
        // neither cleared first nor copied once read.
        let wanted = min(limit, Int(info.st_size) + 1)
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            var done = 0
            while done < wanted {
                let count = Foundation.read(descriptor, buffer.baseAddress! + done, wanted - done)
                if count < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    break
                }
                if count == 0 { break }
                done += count
            }
            initialized = done
        }
        if failed { return nil }
        guard bytes.count == wanted, bytes.count < limit else { return bytes }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < limit {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, min($0.count, limit - bytes.count)) }
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
