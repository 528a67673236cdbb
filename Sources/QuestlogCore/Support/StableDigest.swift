/// A 64-bit digest of values written one after another, the same in every process and on every
/// machine: `Hasher` is seeded anew in each process, so its values cannot be kept for the next
/// build. Every value is written with its length or a tag before it, so two different sequences of
/// values do not write the same bytes. The bytes are hashed as they come, in `ContentHash`'s
/// rounds, and never held: the digest is a function of the bytes alone, however the values cut
/// them.
struct StableDigest {
    private var blocks = ContentHash.Blocks(state: 0x243F_6A88_85A3_08D3)
    /// How many bytes were written.
    private var count = 0

    init() {}

    /// The digest of what was written so far.
    var value: UInt64 {
        ContentHash.finish(ContentHash.mix(blocks.state ^ UInt64(count)))
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        count += bytes.count
        blocks.add(bytes)
    }

    private mutating func append(byte: UInt8) {
        count += 1
        blocks.add(byte: byte)
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
        count += 8
        blocks.add(word: UInt64(bitPattern: Int64(number)))
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
