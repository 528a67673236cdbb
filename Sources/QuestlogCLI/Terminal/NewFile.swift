import Foundation

/// Creates files that must not exist yet, so scaffolding never overwrites a user's work.
enum NewFile {
    struct Exists: Error {}

    /// Writes `contents` to a new file at `path`, creating folders; throws `Exists` if the file is there.
    static func create(_ path: String, contents: String) throws {
        try create(path, bytes: Array(contents.utf8))
    }

    /// Writes `bytes` to a new file at `path`, creating folders; throws `Exists` if the file is there.
    static func create(_ path: String, bytes: [UInt8]) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        if descriptor < 0 {
            if errno == EEXIST { throw Exists() }
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            written += result
        }
    }
}
