extension [UInt8] {
    /// Appends `value` as little-endian bytes, as ZIP headers store numbers.
    mutating func append<Value: FixedWidthInteger>(le value: Value) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
