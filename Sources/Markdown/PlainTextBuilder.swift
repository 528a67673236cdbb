/// Accumulates a document's text with every run of whitespace collapsed to one space.
struct PlainTextBuilder {
    private var bytes: [UInt8] = []
    private var pendingSpace = false
    /// Whether any text was appended, drained since or not.
    private var hasText = false

    /// Appends text; its whitespace collapses with the whitespace around it.
    mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            var index = 0
            // Text between whitespace is copied a run at a time.
            var runStart = 0
            func flush(upTo end: Int) {
                guard runStart < end else { return }
                appendPendingSpace()
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<end]))
            }
            while index < utf8.count {
                let byte = utf8[index]
                // ASCII needs no Unicode lookup: only space, tab, line feed, vertical tab, form feed and
                // carriage return are whitespace there.
                if byte < 0x80 {
                    if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                        flush(upTo: index)
                        pendingSpace = true
                        runStart = index + 1
                    }
                    index += 1
                    continue
                }
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                let end = min(utf8.count, index + length)
                if Self.isWhitespace(utf8, from: index, to: end) {
                    flush(upTo: index)
                    pendingSpace = true
                    runStart = end
                }
                index = end
            }
            flush(upTo: utf8.count)
        }
    }

    /// Whether the scalar of these bytes (two to four, valid UTF-8) has the Unicode White_Space
    /// property: U+0085, U+00A0, U+1680, U+2000 to U+200A, U+2028, U+2029, U+202F, U+205F, U+3000.
    private static func isWhitespace(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        let lead = utf8[start]
        switch end - start {
        case 2:
            return lead == 0xC2 && (utf8[start + 1] == 0x85 || utf8[start + 1] == 0xA0)
        case 3:
            let value = (UInt32(lead & 0x0F) << 12) | (UInt32(utf8[start + 1] & 0x3F) << 6) | UInt32(utf8[start + 2] & 0x3F)
            switch value {
            case 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
            default: return false
            }
        default:
            return false
        }
    }

    private mutating func appendPendingSpace() {
        if pendingSpace, hasText {
            bytes.append(0x20)
        }
        pendingSpace = false
        hasText = true
    }

    /// Separates what follows from what came before (a block boundary or a line break).
    mutating func separate() {
        pendingSpace = true
    }

    /// The text so far, without leading or trailing whitespace.
    var result: String { String(decoding: bytes, as: UTF8.self) }

    /// Moves the text so far to the end of `string`; what is appended next goes on from it
    /// (a big document's text is then built in `string` without a second copy at the end).
    mutating func drain(into string: inout String) {
        guard !bytes.isEmpty else { return }
        string += String(decoding: bytes, as: UTF8.self)
        bytes.removeAll(keepingCapacity: true)
    }
}
