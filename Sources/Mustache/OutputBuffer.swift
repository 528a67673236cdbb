/// A growable byte buffer that appends with plain memory copies and no reference counting.
struct OutputBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let length = bytes.count
        if count + length > capacity { grow(toHold: length) }
        let target = base + count
        // Most pieces are short runs of text between tags, cheaper to copy by words than to
        // hand to memcpy.
        if length <= 32 {
            Self.copyShort(from: UnsafeRawPointer(source), to: UnsafeMutableRawPointer(target), count: length)
        } else {
            target.update(from: source, count: length)
        }
        count += length
    }

    /// Copies 1 to 32 bytes with possibly overlapping word-sized loads and stores.
    @inline(__always)
    private static func copyShort(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        if count >= 8 {
            let last = count - 8
            let tail = source.loadUnaligned(fromByteOffset: last, as: UInt64.self)
            var offset = 0
            while offset < last {
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            target.storeBytes(of: tail, toByteOffset: last, as: UInt64.self)
        } else if count >= 4 {
            let tail = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        } else {
            for offset in 0..<count {
                target.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
            }
        }
    }

    @inline(__always)
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Drops the bytes after the first `newCount`.
    mutating func truncate(to newCount: Int) {
        count = min(count, newCount)
    }

    /// Calls `body` with the bytes written so far.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: base, count: count))
    }

    @inline(never)
    private mutating func grow(toHold extra: Int) {
        var newCapacity = capacity * 2
        while newCapacity < count + extra { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
