extension [UInt8] {
    /// Appends `value` as little-endian bytes, as ZIP headers store numbers.
    mutating func append<Value: FixedWidthInteger>(le value: Value) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    /// The number stored little-endian at `offset`, which the caller has checked lies within.
    func littleEndian<Value: FixedWidthInteger>(_ type: Value.Type, at offset: Int) -> Value {
        var value: Value = 0
        for index in 0..<MemoryLayout<Value>.size { value |= Value(self[offset + index]) << (8 * index) }
        return value
    }
}
