/// Where a writer of bytes appends them: an array, or a `ByteBuffer`.
///
/// The writers of text formats that are used both ways (a JSON string) are generic over it, so a
/// writer of many small pieces can take the buffer and the rest keep their arrays.
protocol ByteSink: ~Copyable {
    mutating func appendByte(_ byte: UInt8)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {
    @inline(__always)
    mutating func appendByte(_ byte: UInt8) {
        append(byte)
    }

    @inline(__always)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}

/// A growable run of bytes written through a pointer, for writers of many small pieces (the
/// entries of a JSON document: keys, short strings, line breaks and indents).
///
/// An array's append checks its buffer is its own and goes through the generic append for each
/// piece, about a hundred instructions for a few bytes; here an append is a bounds check and a copy.
struct ByteBuffer: ~Copyable, ByteSink {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The bytes written.
    private(set) var count = 0

    init(capacity: Int = 4096) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes written, in an array of their own size.
    var bytes: [UInt8] {
        [UInt8](UnsafeBufferPointer(start: base, count: count))
    }

    /// Takes the bytes written (in an array of their own size), leaving the buffer empty, its room kept.
    mutating func take() -> [UInt8] {
        defer { count = 0 }
        return bytes
    }

    /// Room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    @inline(__always)
    mutating func appendByte(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Markup written in the code, its bytes copied as they are.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { appendBytes($0) }
    }

    /// `count` spaces.
    @inline(__always)
    mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        reserve(count)
        (base + self.count).update(repeating: 0x20, count: count)
        self.count += count
    }

    /// A whole number in decimal, as `String(value)` writes it.
    mutating func appendDecimal(_ value: Int) {
        reserve(21)
        if value < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        count += BuildCache.writeDecimal(UInt64(value.magnitude), at: base + count)
    }
}
