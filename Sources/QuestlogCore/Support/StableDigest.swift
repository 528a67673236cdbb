/// A 64-bit digest of values written one after another, the same in every process and on every
/// machine: `Hasher` is seeded anew in each process, so its values cannot be kept for the next
/// build. Every value is written with its length or a tag before it, so two different sequences of
/// values do not write the same bytes. The bytes are hashed as they come, eight at a time with
/// `ContentHash`'s mixing, and never held: the digest is a function of the bytes alone, however
/// the values cut them.
struct StableDigest {
    private var state: UInt64 = 0x243F_6A88_85A3_08D3
    /// The bytes written since the last whole word, the first in the lowest bits, and how many.
    private var pending: UInt64 = 0
    private var pendingCount = 0
    /// How many bytes were written.
    private var count = 0

    init() {}

    /// The digest of what was written so far.
    var value: UInt64 {
        var state = self.state
        if pendingCount > 0 {
            // The last bytes, followed by one set bit, as a word of their own.
            state = ContentHash.mix(state ^ pending ^ (UInt64(0x80) << UInt64(pendingCount * 8)))
        }
        return ContentHash.finish(ContentHash.mix(state ^ UInt64(count)))
    }

    private mutating func word(_ word: UInt64) {
        state = ContentHash.mix(state ^ word)
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        let total = bytes.count
        count += total
        var offset = 0
        if pendingCount > 0 {
            while pendingCount < 8 && offset < total {
                pending |= UInt64(bytes[offset]) << UInt64(pendingCount * 8)
                pendingCount += 1
                offset += 1
            }
            guard pendingCount == 8 else { return }
            word(pending)
            pending = 0
            pendingCount = 0
        }
        while offset + 8 <= total {
            word(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        while offset < total {
            pending |= UInt64(bytes[offset]) << UInt64(pendingCount * 8)
            pendingCount += 1
            offset += 1
        }
    }

    private mutating func append(byte: UInt8) {
        count += 1
        pending |= UInt64(byte) << UInt64(pendingCount * 8)
        pendingCount += 1
        if pendingCount == 8 {
            word(pending)
            pending = 0
            pendingCount = 0
        }
    }

    mutating func add(_ text: String) {
        // Through a pointer: a short string's bytes are stored in the string itself, and reading
        // them from its UTF-8 view would go byte by byte.
        var text = text
        text.withUTF8 { utf8 in
            add(utf8.count)
            append(UnsafeRawBufferPointer(utf8))
        }
    }

    mutating func add(_ number: Int) {
        let value = UInt64(bitPattern: Int64(number))
        if pendingCount == 0 {
            // A whole word: the bytes little-endian, as `append` would read them.
            count += 8
            word(value)
        } else {
            withUnsafeBytes(of: value.littleEndian) { append($0) }
        }
    }

    mutating func add(_ number: UInt64) {
        add(Int(bitPattern: UInt(number)))
    }

    mutating func add(_ number: Double) {
        add(Int(bitPattern: UInt(number.bitPattern)))
    }

    mutating func add(_ flag: Bool) {
        append(byte: flag ? 1 : 0)
    }

    mutating func add(_ text: String?) {
        add(text != nil)
        if let text { add(text) }
    }

    /// A tag telling apart what follows (the case of an enum, the start of a part).
    mutating func tag(_ tag: UInt8) {
        append(byte: tag)
    }
}
