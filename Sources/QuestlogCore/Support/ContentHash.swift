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
        let total = chunks.reduce(0) { $0 + $1.count }
        var state: UInt64 = 0x243F_6A88_85A3_08D3 ^ (UInt64(total) &* multiplier)
        // Bytes carried over from the end of one piece to the next, to make whole words.
        var carry: UInt64 = 0
        var carried: UInt64 = 0
        for chunk in chunks {
            chunk.withUnsafeBytes { buffer in
                var offset = 0
                let count = buffer.count
                while carried > 0 && carried < 8 && offset < count {
                    carry |= UInt64(buffer[offset]) << (carried * 8)
                    carried += 1
                    offset += 1
                }
                if carried == 8 {
                    state = mix(state ^ carry)
                    carry = 0
                    carried = 0
                }
                guard carried == 0 else { return }
                while offset + 8 <= count {
                    state = mix(state ^ UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                    offset += 8
                }
                while offset < count {
                    carry |= UInt64(buffer[offset]) << (carried * 8)
                    carried += 1
                    offset += 1
                }
            }
        }
        if carried > 0 { state = mix(state ^ carry ^ 0x80) }
        return finish(state)
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

    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: multiplier)
        return product.high ^ product.low
    }

    /// The final avalanche of SplitMix64, so every input bit reaches every output bit.
    private static func finish(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
