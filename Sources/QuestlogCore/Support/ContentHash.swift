import Foundation

/// A 64-bit hash of a file's bytes, eight bytes at a step: stable across runs and platforms (unlike
/// `Hasher`), for telling whether an output file already on disk holds what a build makes without
/// reading it back. Not for anything an attacker chooses to collide: a wrong "unchanged" only keeps
/// an output file the build would have rewritten with other bytes, and the output folder is the
/// user's own.
enum ContentHash {
    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { hash($0) }
    }

    /// The hash of the pieces one after another: the same as of the joined bytes.
    static func hash(chunks: [[UInt8]]) -> UInt64 {
        if chunks.count == 1 { return hash(chunks[0]) }
        var stream = Stream(total: chunks.reduce(0) { $0 + $1.count })
        for chunk in chunks {
            chunk.withUnsafeBytes { stream.add($0) }
        }
        return stream.value
    }

    /// The hash of the regular file at `path` (not a link), read a block at a time so that a
    /// large file is never held whole: the same as of its bytes. Nil when it cannot be read, or
    /// when it is not as long as it was when opened.
    static func hash(ofFile path: String) -> UInt64? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        var stream = Stream(total: size)
        var buffer = [UInt8](repeating: 0, count: min(size + 1, 1 << 20))
        var done = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            done += count
            guard done <= size else { return nil }
            buffer.withUnsafeBytes { stream.add(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        return done == size ? stream.value : nil
    }

    /// The hash of bytes handed over in parts of any lengths, whose total is known from the start.
    struct Stream {
        private var state: UInt64
        /// Bytes carried over from the end of one part to the next, to make whole words.
        private var carry: UInt64 = 0
        private var carried: UInt64 = 0

        init(total: Int) {
            state = 0x243F_6A88_85A3_08D3 ^ (UInt64(total) &* ContentHash.multiplier)
        }

        mutating func add(_ buffer: UnsafeRawBufferPointer) {
            var offset = 0
            let count = buffer.count
            while carried > 0 && carried < 8 && offset < count {
                carry |= UInt64(buffer[offset]) << (carried * 8)
                carried += 1
                offset += 1
            }
            if carried == 8 {
                state = ContentHash.mix(state ^ carry)
                carry = 0
                carried = 0
            }
            guard carried == 0 else { return }
            while offset + 8 <= count {
                state = ContentHash.mix(state ^ UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            while offset < count {
                carry |= UInt64(buffer[offset]) << (carried * 8)
                carried += 1
                offset += 1
            }
        }

        /// The hash of everything added, which must be as many bytes as the total said.
        var value: UInt64 {
            ContentHash.finish(carried > 0 ? ContentHash.mix(state ^ carry ^ 0x80) : state)
        }
    }

    /// The hash of `buffer`; another `seed` gives another hash of the same bytes, independent of
    /// the first, so two seeds together make a 128-bit hash.
    static func hash(_ buffer: UnsafeRawBufferPointer, seed: UInt64 = 0x243F_6A88_85A3_08D3) -> UInt64 {
        var state: UInt64 = seed ^ (UInt64(buffer.count) &* multiplier)
        var offset = 0
        let count = buffer.count
        while offset + 8 <= count {
            let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            state = mix(state ^ word)
            offset += 8
        }
        if offset < count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                tail |= UInt64(buffer[offset]) << shift
                shift += 8
                offset += 1
            }
            state = mix(state ^ tail ^ 0x80)
        }
        return finish(state)
    }

    static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: multiplier)
        return product.high ^ product.low
    }

    /// The final avalanche of SplitMix64, so every input bit reaches every output bit.
    static func finish(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
