/// Tests of eight bytes at once, read as one word: where text is scanned for the few bytes that
/// need a closer look, most words have none and are passed whole.
///
/// A byte below n (n at most 0x80) has its high bit set in (x - n·ones) where x's own high bit is
/// clear; a byte equal to c is a zero byte of x ^ c·ones, so below 1 there. Each test is exact as a
/// whole (whether any byte is marked), though not byte by byte: a borrow can only mark a byte above
/// one it truly marked. Bytes from 0x80 up are never below n.
enum ByteWord {
    @inline(__always) static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inline(__always) static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// Nonzero when a byte of `word` is below `bound` (at most 0x80).
    @inline(__always)
    static func below(_ word: UInt64, _ bound: UInt64) -> UInt64 {
        (word &- bound &* ones) & ~word & highs
    }

    /// Nonzero when a byte of `word` is `byte`.
    @inline(__always)
    static func equal(_ word: UInt64, _ byte: UInt64) -> UInt64 {
        below(word ^ (byte &* ones), 1)
    }

    /// Whether one of the bytes of `utf8` makes `marks` true for the word it is read in: read eight
    /// at a time, the last ones padded with spaces (so `marks` must not mark a space).
    @inline(__always)
    static func any(in utf8: UnsafeBufferPointer<UInt8>, _ marks: (UInt64) -> Bool) -> Bool {
        guard let base = utf8.baseAddress else { return false }
        let count = utf8.count
        var index = 0
        while count - index >= 8 {
            if marks(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) { return true }
            index += 8
        }
        guard index < count else { return false }
        var last: UInt64 = 0x2020_2020_2020_2020
        withUnsafeMutableBytes(of: &last) { $0.copyMemory(from: UnsafeRawBufferPointer(start: base + index, count: count - index)) }
        return marks(last)
    }
}
