/// A note's source as the UTF-8 bytes cmark-gfm reads, with a table of line starts.
///
/// Lines end at `\n`, `\r\n` or `\r`, as they do for cmark-gfm. Byte offsets convert to
/// 1-based line numbers and 1-based columns counted in Unicode scalars.
struct SourceText {
    let bytes: [UInt8]
    /// Byte offset of the first byte of each line; never empty.
    private let lineStarts: [Int]

    init(_ source: String) {
        bytes = Array(source.utf8)
        var starts = [0]
        // cmark-gfm skips a leading byte order mark, so columns on the first line do not count it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            starts[0] = 3
        }
        var index = starts[0]
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                starts.append(index + 1)
            case UInt8(ascii: "\r"):
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                    index += 1
                }
                starts.append(index + 1)
            default:
                break
            }
            index += 1
        }
        lineStarts = starts
    }

    var lineCount: Int { lineStarts.count }

    /// The byte offset of a 1-based line and 1-based byte column (cmark-gfm's block positions),
    /// clamped into the source.
    func offset(line: Int, byteColumn: Int) -> Int {
        let lineIndex = min(max(line - 1, 0), lineStarts.count - 1)
        let start = lineStarts[lineIndex]
        return min(start + max(byteColumn - 1, 0), lineEnd(lineIndex))
    }

    /// The 0-based index of the line holding `offset`.
    func lineIndex(containing offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low
    }

    /// The offset just past the content of a 0-based line (where its line ending begins).
    func lineEnd(_ lineIndex: Int) -> Int {
        guard lineIndex + 1 < lineStarts.count else { return bytes.count }
        var end = lineStarts[lineIndex + 1]
        if bytes[end - 1] == UInt8(ascii: "\n") {
            end -= 1
        }
        if end > lineStarts[lineIndex], bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return end
    }

    /// The start of the line after the one holding `offset`, or the end of the source.
    func nextLineStart(after offset: Int) -> Int {
        let next = lineIndex(containing: offset) + 1
        return next < lineStarts.count ? lineStarts[next] : bytes.count
    }

    /// The 1-based line and 1-based column, in Unicode scalars, of a byte offset.
    func position(of offset: Int) -> (line: Int, column: Int) {
        let lineIndex = lineIndex(containing: offset)
        var column = 1
        var index = lineStarts[lineIndex]
        let end = min(offset, bytes.count)
        while index < end {
            // Every byte that is not a UTF-8 continuation byte starts a scalar.
            if bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (lineIndex + 1, column)
    }
}
