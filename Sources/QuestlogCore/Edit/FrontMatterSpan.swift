/// Where the YAML front matter of a Markdown file lies in its bytes, as written: a byte order
/// mark, CRLF or LF line ends and all. The rules are the loader's (`FrontMatter.split`): a first
/// line `---` opens it, the next line `---` or `...` closes it.
struct FrontMatterSpan: Equatable {
    /// The file has front matter (otherwise `yamlStart == yamlEnd` is where it would go).
    var exists: Bool
    /// The YAML's first byte, after the opening fence's line break.
    var yamlStart: Int
    /// The start of the closing fence's line; the YAML is `yamlStart..<yamlEnd`, every line of it
    /// with its line break.
    var yamlEnd: Int
    /// The line break the file uses, taken from its first line (LF when it has none).
    var lineBreak: [UInt8]

    /// Lines before the YAML, to offset its line numbers into the file's.
    var yamlLineOffset: Int { exists ? 1 : 0 }

    static func locate(_ bytes: [UInt8], path: String) -> Result<FrontMatterSpan, Diagnostic> {
        let bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var lines = LineCursor(bytes: bytes, position: bomLength)
        guard let first = lines.next() else {
            return .success(FrontMatterSpan(exists: false, yamlStart: bomLength, yamlEnd: bomLength, lineBreak: [0x0A]))
        }
        let lineBreak = first.breakLength == 2 ? [UInt8(0x0D), 0x0A] : first.breakLength == 1 ? [bytes[first.end]] : [0x0A]
        guard isFence(bytes[first.start..<first.end], allowDots: false) else {
            return .success(FrontMatterSpan(exists: false, yamlStart: bomLength, yamlEnd: bomLength, lineBreak: lineBreak))
        }
        let unclosed = Diagnostic.error("front matter is not closed: add a line '---' after its last field",
                                        code: "unclosed-front-matter", at: SourceLocation(path: path, line: 1, column: 1))
        guard first.breakLength > 0 else { return .failure(unclosed) }
        let yamlStart = first.end + first.breakLength
        while let line = lines.next() {
            if isFence(bytes[line.start..<line.end], allowDots: true) {
                return .success(FrontMatterSpan(exists: true, yamlStart: yamlStart, yamlEnd: line.start, lineBreak: lineBreak))
            }
        }
        return .failure(unclosed)
    }

    private static func isFence(_ line: ArraySlice<UInt8>, allowDots: Bool) -> Bool {
        var line = line
        while let last = line.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { line = line.dropLast() }
        return line.elementsEqual("---".utf8) || (allowDots && line.elementsEqual("...".utf8))
    }
}

/// The lines of a byte array, each ended by LF, CRLF or a lone CR (or the end of the bytes).
struct LineCursor {
    struct Line {
        var start: Int
        /// Where the line break starts (or the end of the bytes).
        var end: Int
        /// 0 at the end of the bytes, 1 for LF or CR, 2 for CRLF.
        var breakLength: Int
    }

    let bytes: [UInt8]
    var position: Int

    mutating func next() -> Line? {
        guard position < bytes.count else { return nil }
        let start = position
        var index = start
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        var length = 0
        if index < bytes.count {
            length = bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
        }
        position = index + length
        return Line(start: start, end: index, breakLength: length)
    }

    /// The line that holds byte `offset`.
    static func line(containing offset: Int, in bytes: [UInt8]) -> Line {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        var cursor = LineCursor(bytes: bytes, position: start)
        return cursor.next() ?? Line(start: start, end: start, breakLength: 0)
    }
}
