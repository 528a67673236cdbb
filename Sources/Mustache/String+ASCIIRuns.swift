extension String {
    /// Decodes UTF-8, a long ASCII run at a time.
    ///
    /// Swift checks all-ASCII bytes many times faster than bytes holding any other character,
    /// and checks a whole buffer the slow way if it holds even one. Rendered HTML is mostly
    /// ASCII with the odd accented name, so the long ASCII runs are decoded on their own.
    init(decodingInASCIIRuns bytes: UnsafeBufferPointer<UInt8>) {
        // Shorter runs are not worth a separate decode and append.
        let shortestRun = 64
        self.init()
        reserveCapacity(bytes.count)
        var decoded = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] < 0x80 else {
                index += 1
                continue
            }
            // An ASCII byte always starts a scalar, so the bytes can be split before it.
            let runStart = index
            while index + 8 <= bytes.count,
                  UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            while index < bytes.count, bytes[index] < 0x80 {
                index += 1
            }
            if index - runStart >= shortestRun {
                append(String(decoding: UnsafeBufferPointer(rebasing: bytes[decoded..<runStart]), as: UTF8.self))
                append(String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self))
                decoded = index
            }
        }
        append(String(decoding: UnsafeBufferPointer(rebasing: bytes[decoded...]), as: UTF8.self))
    }
}
