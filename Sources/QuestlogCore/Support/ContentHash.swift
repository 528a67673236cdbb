import Foundation

/// A 64-bit hash of a file's bytes, sixteen bytes at a step: stable across runs and platforms (unlike
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

    /// The hash of the regular file at `path` (not a link, unless `followingLinks`: then the file
    /// it leads to), read a block at a time so that a large file is never held whole: the same as
    /// of its bytes. Nil when it cannot be read, or when it is not as long as it was when opened.
    static func hash(ofFile path: String, followingLinks: Bool = false) -> UInt64? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return hash(ofOpenFile: descriptor, size: Int(info.st_size))
    }

    /// The hash of the bytes of the regular file open for reading at `descriptor`, read from where it
    /// stands to its end, which must come after `size` bytes (nil otherwise, or when it cannot be read).
    static func hash(ofOpenFile descriptor: Int32, size: Int) -> UInt64? {
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
        private var blocks: Blocks

        init(total: Int) {
            blocks = Blocks(state: 0x243F_6A88_85A3_08D3 ^ (UInt64(total) &* ContentHash.multiplier))
        }

        mutating func add(_ buffer: UnsafeRawBufferPointer) {
            blocks.add(buffer)
        }

        /// The hash of everything added, which must be as many bytes as the total said.
        var value: UInt64 {
            ContentHash.finish(blocks.state)
        }
    }

    /// The hash's rounds over bytes handed over in parts: sixteen bytes at a time (`block`), then
    /// eight, then the last bytes with one set bit after them; `state` is that of all the bytes so
    /// far as if they were all there were.
    struct Blocks {
        private var running: UInt64
        /// The bytes since the last block, the first in the lowest bits of `first`, and how many.
        private var first: UInt64 = 0
        private var second: UInt64 = 0
        private var pending = 0

        init(state: UInt64) {
            running = state
        }

        /// The state once the bytes still pending are taken in.
        var state: UInt64 {
            ContentHash.tail(running, first, second, count: pending)
        }

        mutating func add(_ buffer: UnsafeRawBufferPointer) {
            let count = buffer.count
            var offset = 0
            if pending > 0 {
                // The block begun by earlier parts is filled from this one's first bytes, so that
                // the rest is taken a whole block at a time.
                let wanted = 16 &- pending
                if wanted >= 8 && count >= 8 {
                    put(buffer.loadUnaligned(fromByteOffset: 0, as: UInt64.self).littleEndian, bytes: 8)
                    offset = 8
                }
                let more = pending == 0 ? 0 : min(16 &- pending, count &- offset)
                if more > 0 {
                    put(Self.word(buffer, from: offset, count: more), bytes: more)
                    offset &+= more
                }
                guard pending == 0 else { return }
            }
            while offset &+ 16 <= count {
                running = ContentHash.block(running, UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
                                            UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self)))
                offset &+= 16
            }
            if offset &+ 8 <= count {
                put(UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)), bytes: 8)
                offset &+= 8
            }
            if offset < count { put(Self.word(buffer, from: offset, count: count &- offset), bytes: count &- offset) }
        }

        /// `count` bytes (one to eight) of `buffer` from `offset`, the first in the lowest bits.
        @inline(__always)
        private static func word(_ buffer: UnsafeRawBufferPointer, from offset: Int, count: Int) -> UInt64 {
            if count == 8 { return UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
            var word: UInt64 = 0
            for index in 0..<count { word |= UInt64(buffer[offset &+ index]) << UInt64(truncatingIfNeeded: index &* 8) }
            return word
        }

        mutating func add(byte: UInt8) {
            put(UInt64(byte), bytes: 1)
        }

        /// Eight bytes, little-endian: as `add` would take them.
        mutating func add(word: UInt64) {
            put(word, bytes: 8)
        }

        /// The `count` bytes (one to eight) of `word`, the first in its lowest bits, after those
        /// pending; a block is taken as soon as sixteen are.
        @inline(__always)
        private mutating func put(_ word: UInt64, bytes count: Int) {
            if pending < 8 {
                let shift = UInt64(truncatingIfNeeded: pending &* 8)
                first |= word << shift
                // Past the first word: its other bytes begin the second (`shift` is not 0 then).
                if pending &+ count > 8 { second |= word >> (64 &- shift) }
                pending &+= count
            } else {
                let shift = UInt64(truncatingIfNeeded: (pending &- 8) &* 8)
                second |= word << shift
                let total = pending &+ count
                guard total >= 16 else {
                    pending = total
                    return
                }
                running = ContentHash.block(running, first, second)
                first = total > 16 ? word >> (64 &- shift) : 0
                second = 0
                pending = total &- 16
            }
        }
    }

    /// The hash of `buffer`; another `seed` gives another hash of the same bytes, independent of
    /// the first, so two seeds together make a 128-bit hash.
    static func hash(_ buffer: UnsafeRawBufferPointer, seed: UInt64 = 0x243F_6A88_85A3_08D3) -> UInt64 {
        var state: UInt64 = seed ^ (UInt64(buffer.count) &* multiplier)
        var offset = 0
        let count = buffer.count
        while offset + 16 <= count {
            state = block(state, UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
                          UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
            offset += 16
        }
        var first: UInt64 = 0, second: UInt64 = 0
        for index in 0..<(count - offset) {
            let byte = UInt64(buffer[offset + index])
            if index < 8 { first |= byte << UInt64(index * 8) } else { second |= byte << UInt64((index - 8) * 8) }
        }
        return finish(tail(state, first, second, count: count - offset))
    }

    /// A second multiplier for `block`, whose bytes are rare in text (a word of text equal to it
    /// would make the block forget the state).
    private static let blockKey: UInt64 = 0xE703_7ED1_A0B4_28DB

    /// Sixteen bytes taken in with one multiplication, as wyhash does: the state in one factor,
    /// so every block depends on all before it.
    static func block(_ state: UInt64, _ first: UInt64, _ second: UInt64) -> UInt64 {
        let product = (first ^ blockKey).multipliedFullWidth(by: second ^ state)
        return product.high ^ product.low
    }

    /// The state after the last `count` bytes (fewer than sixteen) in `first` and `second`: a
    /// whole word of eight, then the rest with a set bit after them.
    static func tail(_ state: UInt64, _ first: UInt64, _ second: UInt64, count: Int) -> UInt64 {
        var state = state
        var word = first
        var left = count
        if left >= 8 {
            state = mix(state ^ first)
            word = second
            left -= 8
        }
        if left > 0 { state = mix(state ^ word ^ (UInt64(0x80) << UInt64(left * 8))) }
        return state
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
