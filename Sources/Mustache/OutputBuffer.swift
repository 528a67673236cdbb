#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A growable byte buffer that appends with plain memory copies and no reference counting.
///
/// It fills one block of memory, then further blocks: what is written is never moved while the
/// page renders, so a big page is held once rather than once in a full block and again in the
/// block twice its size it grows into. Each block is given back as soon as it is copied out, and
/// a block of one piece bigger than a block (a huge note) is mapped from the system and unmapped a
/// slice at a time, so handing the output over as chunks (``move(appendingChunksTo:)``) holds
/// little more than one copy of it at any moment. Ordinary blocks come from the allocator, which
/// reuses their memory from page to page.
struct OutputBuffer: ~Copyable {
    /// The block being filled.
    private var base: UnsafeMutablePointer<UInt8>
    /// The bytes written to the block being filled.
    private var used = 0
    private var capacity: Int
    /// Whether the block being filled is mapped (rather than allocated).
    private var isMapped = false
    /// The blocks filled before, in order: their bytes, the size of their memory, and whether it is mapped.
    private var filled: [(bytes: UnsafeMutableBufferPointer<UInt8>, size: Int, isMapped: Bool)] = []
    /// The bytes in `filled`.
    private var filledCount = 0

    /// Bytes a block after the first has at least (unless one piece needs more): big enough that
    /// a page of tens of megabytes takes a few dozen blocks.
    static let blockSize = 1 << 22

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        Self.release(base, size: capacity, isMapped: isMapped)
        for block in filled {
            Self.release(block.bytes.baseAddress!, size: block.size, isMapped: block.isMapped)
        }
    }

    /// The bytes written so far.
    var count: Int { filledCount + used }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let length = bytes.count
        guard used + length <= capacity else {
            appendInNewBlock(bytes)
            return
        }
        let target = base + used
        // Most pieces are short runs of text between tags, cheaper to copy by words than to
        // hand to memcpy.
        if length <= 32 {
            Self.copyShort(from: UnsafeRawPointer(source), to: UnsafeMutableRawPointer(target), count: length)
        } else {
            target.update(from: source, count: length)
        }
        used += length
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
        while newCount < filledCount {
            // The whole block being filled goes; the last block filled before takes its place.
            Self.release(base, size: capacity, isMapped: isMapped)
            let block = filled.removeLast()
            base = block.bytes.baseAddress!
            capacity = block.size
            isMapped = block.isMapped
            used = block.bytes.count
            filledCount -= used
        }
        used = min(used, newCount - filledCount)
    }

    /// Calls `body` with the bytes written so far, copied into one piece when they span blocks.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if filled.isEmpty { return body(UnsafeBufferPointer(start: base, count: used)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for block in filled { bytes.append(contentsOf: block.bytes) }
        bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: used))
        return bytes.withUnsafeBufferPointer(body)
    }

    /// Appends the bytes written to `output` and empties this buffer, giving back each mapped
    /// block as soon as it is copied.
    mutating func move(appendingTo output: inout [UInt8]) {
        output.reserveCapacity(output.count + count)
        for block in filled {
            Self.move(block, appendingTo: &output)
        }
        filled = []
        filledCount = 0
        Self.move((UnsafeMutableBufferPointer(start: base, count: used), capacity, isMapped), appendingTo: &output)
        capacity = 64
        base = .allocate(capacity: capacity)
        isMapped = false
        used = 0
    }

    /// Appends the bytes written to `chunks`, as pieces of at most a slice each after the first,
    /// and empties this buffer, giving back each piece's memory as soon as it is copied: the
    /// bytes are held about once throughout.
    mutating func move(appendingChunksTo chunks: inout [[UInt8]]) {
        for block in filled {
            Self.move(block) { chunks.append(Array($0)) }
        }
        filled = []
        filledCount = 0
        Self.move((UnsafeMutableBufferPointer(start: base, count: used), capacity, isMapped)) { chunks.append(Array($0)) }
        capacity = 64
        base = .allocate(capacity: capacity)
        isMapped = false
        used = 0
    }

    /// Appends a block's bytes to `output` and gives its memory back; a mapped block a slice at a
    /// time, so that a block of one huge piece is not held twice either.
    private static func move(_ block: (bytes: UnsafeMutableBufferPointer<UInt8>, size: Int, isMapped: Bool),
                             appendingTo output: inout [UInt8]) {
        move(block) { output.append(contentsOf: $0) }
    }

    /// Hands a block's bytes to `take` and gives its memory back; a mapped block a slice at a
    /// time, so that a block of one huge piece is not held twice either.
    private static func move(_ block: (bytes: UnsafeMutableBufferPointer<UInt8>, size: Int, isMapped: Bool),
                             _ take: (UnsafeBufferPointer<UInt8>) -> Void) {
        let base = block.bytes.baseAddress!
        guard block.isMapped else {
            take(UnsafeBufferPointer(block.bytes))
            release(base, size: block.size, isMapped: false)
            return
        }
        // A multiple of the page size, so each slice unmaps whole pages.
        let slice = 1 << 20
        var offset = 0
        while block.bytes.count - offset > slice {
            take(UnsafeBufferPointer(start: base + offset, count: slice))
            release(base + offset, size: slice, isMapped: true)
            offset += slice
        }
        take(UnsafeBufferPointer(start: base + offset, count: block.bytes.count - offset))
        release(base + offset, size: block.size - offset, isMapped: true)
    }

    /// Copies what fits of `bytes` into the block being filled and the rest into a new block.
    @inline(never)
    private mutating func appendInNewBlock(_ bytes: UnsafeBufferPointer<UInt8>) {
        let fitting = capacity - used
        (base + used).update(from: bytes.baseAddress!, count: fitting)
        used += fitting
        let rest = UnsafeBufferPointer(rebasing: bytes[fitting...])
        filled.append((UnsafeMutableBufferPointer(start: base, count: used), capacity, isMapped))
        filledCount += used
        let size = max(Self.blockSize, rest.count)
        if size > Self.blockSize {
            (base, isMapped) = Self.block(size: size)
        } else {
            (base, isMapped) = (.allocate(capacity: size), false)
        }
        capacity = size
        used = rest.count
        base.update(from: rest.baseAddress!, count: rest.count)
    }

    /// A block of `size` bytes for one piece bigger than a block: mapped when the system gives
    /// one, so that it can be given back a slice at a time, else allocated.
    private static func block(size: Int) -> (UnsafeMutablePointer<UInt8>, isMapped: Bool) {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
        if let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), memory != MAP_FAILED {
            return (memory.assumingMemoryBound(to: UInt8.self), true)
        }
        #endif
        return (.allocate(capacity: size), false)
    }

    private static func release(_ block: UnsafeMutablePointer<UInt8>, size: Int, isMapped: Bool) {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
        if isMapped {
            munmap(UnsafeMutableRawPointer(block), size)
            return
        }
        #endif
        block.deallocate()
    }
}
