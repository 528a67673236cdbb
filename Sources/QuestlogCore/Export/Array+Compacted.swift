extension Array where Element == UInt8 {
    /// The same bytes in a buffer of their own size, when growing left this one much larger, so
    /// that bytes kept for long do not hold the room they grew into.
    func compacted() -> [UInt8] {
        guard capacity - count > count / 8 + 4096 else { return self }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = withUnsafeBufferPointer { buffer.initialize(fromContentsOf: $0) }
        }
    }
}
