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
            while index < utf8.count {
                let byte = utf8[index]
                // ASCII needs no Unicode lookup: only space, tab, line feed, vertical tab, form feed and
                // carriage return are whitespace there.
                if byte < 0x80 {
                    if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                        pendingSpace = true
                    } else {
                        appendPendingSpace()
                        bytes.append(byte)
                    }
                    index += 1
                    continue
                }
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                let end = min(utf8.count, index + length)
                let scalarBytes = UnsafeBufferPointer(rebasing: utf8[index..<end])
                if let scalar = String(decoding: scalarBytes, as: UTF8.self).unicodeScalars.first, scalar.properties.isWhitespace {
                    pendingSpace = true
                } else {
                    appendPendingSpace()
                    bytes.append(contentsOf: scalarBytes)
                }
                index = end
            }
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
