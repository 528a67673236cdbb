/// A note's source as the UTF-8 bytes cmark-gfm reads, with a table of line starts.
///
/// The bytes are borrowed, not copied (a big note is not held twice): whoever makes a
/// `SourceText` keeps the buffer alive and unchanged for as long as the value is used.
///
/// Lines end at `\n`, `\r\n` or `\r`, as they do for cmark-gfm. Byte offsets convert to
/// 1-based line numbers and 1-based columns counted in Unicode scalars.
struct SourceText {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Byte offset of the first byte of each line; never empty.
    private let lineStarts: [Int]
    /// Where columns start counting on the first line: after a byte order mark, which cmark-gfm
    /// skips as content but still counts in its own byte columns.
    private let firstColumnOffset: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        firstColumnOffset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var starts = [0]
        var index = 0
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

    /// A 1-based line and 1-based column, in Unicode scalars, with the byte offset it describes.
    struct Position: Equatable {
        var offset: Int
        var line: Int
        var column: Int
    }

    /// The position of a byte offset. Given an earlier position on the same line, counting
    /// resumes from there, so walking along a long line stays linear.
    func position(of offset: Int, after earlier: Position? = nil) -> Position {
        let lineIndex = lineIndex(containing: offset)
        var column = 1
        var index = lineIndex == 0 ? firstColumnOffset : lineStarts[lineIndex]
        if let earlier, earlier.line == lineIndex + 1, earlier.offset >= index, earlier.offset <= offset {
            column = earlier.column
            index = earlier.offset
        }
        let start = index
        let end = min(offset, bytes.count)
        while index < end {
            // Every byte that is not a UTF-8 continuation byte starts a scalar.
            if bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return Position(offset: max(offset, start), line: lineIndex + 1, column: column)
    }
}
