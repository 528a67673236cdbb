/// A 64-bit digest of values written one after another, the same in every process and on every
/// machine: `Hasher` is seeded anew in each process, so its values cannot be kept for the next
/// build. Every value is written with its length or a tag before it, so two different sequences of
/// values do not write the same bytes; the bytes are hashed with `ContentHash`.
struct StableDigest {
    private var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(512)
    }

    /// The digest of what was written so far.
    var value: UInt64 {
        ContentHash.hash(bytes)
    }

    mutating func add(_ text: String) {
        // Through a pointer: a short string's bytes are stored in the string itself, and copying
        // them from its UTF-8 view would go byte by byte.
        var text = text
        text.withUTF8 { utf8 in
            add(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func add(_ number: Int) {
        var value = UInt64(bitPattern: Int64(number)).littleEndian
        withUnsafeBytes(of: &value) { bytes.append(contentsOf: $0) }
    }

    mutating func add(_ number: UInt64) {
        add(Int(bitPattern: UInt(number)))
    }

    mutating func add(_ number: Double) {
        add(Int(bitPattern: UInt(number.bitPattern)))
    }

    mutating func add(_ flag: Bool) {
        bytes.append(flag ? 1 : 0)
    }

    mutating func add(_ text: String?) {
        add(text != nil)
        if let text { add(text) }
    }

    /// A tag telling apart what follows (the case of an enum, the start of a part).
    mutating func tag(_ tag: UInt8) {
        bytes.append(tag)
    }
}
