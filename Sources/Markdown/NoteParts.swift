/// Where a long note may be cut into parts that cmark-gfm parses one at a time, with the same
/// blocks as the whole note.
///
/// A candidate is the start of a line that follows a blank line and starts, at its first
/// column, with a character that begins a new block and continues none: not a space or tab
/// (indented code, a list item's continuation), not `-`, `+`, `*` or a digit (another item of
/// a list), not a byte order mark. After a blank line, such a line closes every open block
/// except a fenced code block or raw HTML at the top level, which `CMarkDocument` rules out by
/// parsing the part before it. A note with a link reference or footnote definition (`]:`),
/// which applies to the whole note, or with a carriage return, has no candidates.
enum NoteParts {
    /// The candidates of `bytes`, in order; none within `minimumLength` of the start.
    static func candidateStarts(_ bytes: UnsafeBufferPointer<UInt8>, minimumLength: Int) -> [Int] {
        guard bytes.count > minimumLength, !hasDefinitionOrCarriageReturn(bytes) else { return [] }
        var starts: [Int] = []
        var lineStart = 0
        var previousIsBlank = false
        while lineStart < bytes.count {
            var end = lineStart
            var isBlank = true
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") {
                if bytes[end] != UInt8(ascii: " "), bytes[end] != UInt8(ascii: "\t") {
                    isBlank = false
                }
                end += 1
            }
            if previousIsBlank, !isBlank, lineStart >= minimumLength, startsBlock(bytes[lineStart]) {
                starts.append(lineStart)
            }
            previousIsBlank = isBlank
            lineStart = end + 1
        }
        return starts
    }

    private static func startsBlock(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), 0xEF:
            return false
        default:
            return byte >= 0x20
        }
    }

    private static func hasDefinitionOrCarriageReturn(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\r") || (byte == UInt8(ascii: ":") && previous == UInt8(ascii: "]")) {
                return true
            }
            previous = byte
        }
        return false
    }
}
