extension Array where Element == UInt8 {
    /// The same bytes in a buffer of their own size, when growing left this one much larger, so
    /// that bytes kept for long do not hold the room they grew into. A buffer of 32 MB or more is
    /// kept as it is: the C library maps one that large on its own, the room it was never written
    /// to takes no memory, and a copy would hold the bytes twice for a while.
    func compacted() -> [UInt8] {
        guard count < 32 << 20, capacity - count > count / 8 + 4096 else { return self }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = withUnsafeBufferPointer { buffer.initialize(fromContentsOf: $0) }
        }
    }
}
