/// Where the input's last line ends, as libyaml counts lines.
///
/// libyaml places the end of a stream that lacks a final line break at the start of a line after
/// the last one. Positions there are moved back to the end of the last line, so every mark
/// names a place that exists in the file.
struct LibYAMLEndOfInput {
    /// The 0-based index of the last line.
    private(set) var lastLine = 0
    /// The number of Unicode scalars on the last line (a leading byte order mark excluded).
    private(set) var lastLineLength = 0

    init(utf8 bytes: some Collection<UInt8>) {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in bytes {
            switch byte {
            case 0x0A:
                // LF ends a line, unless it completes a CRLF the CR already counted.
                if previous != 0x0D { lastLine += 1 }
                lastLineLength = 0
            case 0x0D:
                lastLine += 1
                lastLineLength = 0
            case 0x85 where previous == 0xC2,
                 0xA8 where previous == 0x80 && beforePrevious == 0xE2,
                 0xA9 where previous == 0x80 && beforePrevious == 0xE2:
                // NEL, LS and PS: libyaml ends lines there too.
                lastLine += 1
                lastLineLength = 0
            case 0x80...0xBF:
                // A continuation byte belongs to a scalar its lead byte already counted.
                break
            default:
                lastLineLength += 1
            }
            beforePrevious = previous
            previous = byte
        }
        if lastLine == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { lastLineLength -= 1 }
    }

    /// A libyaml 0-based line and column, moved to the end of the last line when past it.
    func clamped(line: Int, column: Int) -> (line: Int, column: Int) {
        line > lastLine ? (lastLine, lastLineLength) : (line, column)
    }
}
