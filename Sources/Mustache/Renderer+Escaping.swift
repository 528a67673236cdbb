extension Renderer {
    /// Writes UTF-8 text with `&`, `<`, `>`, `"` and `'` replaced by character references,
    /// copying the runs between them whole.
    mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        var runStart = 0
        var index = 0
        while index < bytes.count {
            // Eight bytes at a time while none of them needs escaping; then the next eight (which
            // hold one that does) one by one.
            while index + 8 <= bytes.count, !Self.mayNeedEscaping(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
            }
            let stop = min(index + 8, bytes.count)
            while index < stop {
                if let replacement = Self.replacement(for: bytes[index]) {
                    output.append(UnsafeBufferPointer(start: base + runStart, count: index - runStart))
                    output.append(UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                    runStart = index + 1
                }
                index += 1
            }
        }
        output.append(UnsafeBufferPointer(start: base + runStart, count: bytes.count - runStart))
    }

    private static func replacement(for byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }

    /// Whether any of eight bytes is one that needs escaping (`&`, `<`, `>`, `"`, `'`): for each
    /// such byte value, XOR turns matching bytes into zero bytes, which the classic zero-byte test
    /// then finds.
    private static func mayNeedEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ matched: UInt64) -> UInt64 { (matched &- ones) & ~matched & highs }
        return zeroBytes(word ^ (ones &* 0x26)) | zeroBytes(word ^ (ones &* 0x3C)) | zeroBytes(word ^ (ones &* 0x3E))
            | zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x27)) != 0
    }
}
