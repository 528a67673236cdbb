import Foundation

/// The bytes of a memo file read in place: the file mapped into memory, read-only, rather than
/// copied into an array. A memo of tens of megabytes (the site's, 23 MB at 10,000 entries) is then
/// in memory in a millisecond, where reading it into fresh memory takes 13–20 ms, most of it the
/// kernel clearing and filling page after page.
///
/// A memo file is only ever replaced by a rename, never changed in place, so the file mapped stays
/// as it was while it is read, whatever a later build writes. Where a file cannot be mapped, its
/// bytes are read into an array as usual.
final class MemoBytes: @unchecked Sendable {
    // Unchecked: neither the mapping nor the array changes once made, and any thread may read them.
    private let mapping: UnsafeRawBufferPointer?
    private let array: [UInt8]

    init(_ array: [UInt8]) {
        self.array = array
        mapping = nil
    }

    private init(mapping: UnsafeRawBufferPointer) {
        self.mapping = mapping
        array = []
    }

    deinit {
        if let mapping, let base = mapping.baseAddress {
            munmap(UnsafeMutableRawPointer(mutating: base), mapping.count)
        }
    }

    /// The regular file at `path`, mapped, or read when it cannot be; nil when it cannot be read.
    static func map(_ path: String) -> MemoBytes? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        let size = fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : -1
        guard size > 0 else {
            close(descriptor)
            return size == 0 ? MemoBytes([]) : nil
        }
        #if os(Linux)
        // Its pages all found at once, rather than one fault at a time as they are read.
        let flags = MAP_PRIVATE | MAP_POPULATE
        #else
        let flags = MAP_PRIVATE
        #endif
        let base = mmap(nil, size, PROT_READ, flags, descriptor, 0)
        close(descriptor)
        guard let base, base != MAP_FAILED else { return FileContents.read(path).map(MemoBytes.init) }
        return MemoBytes(mapping: UnsafeRawBufferPointer(start: base, count: size))
    }

    var count: Int {
        mapping?.count ?? array.count
    }

    /// Runs `body` with the bytes.
    @inline(__always)
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        if let mapping { return try body(mapping) }
        return try array.withUnsafeBytes(body)
    }
}
