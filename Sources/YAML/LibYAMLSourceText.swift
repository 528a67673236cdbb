/// The input as libyaml counts it: Unicode scalars after any byte order mark, with CR, LF, CRLF,
/// NEL, LS and PS as line breaks. Used to place and explain libyaml's errors.
struct LibYAMLSourceText {
    let scalars: [Unicode.Scalar]
    private let byteOrderMarkLength: Int

    init(_ text: String) {
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" {
            scalars.removeFirst()
            byteOrderMarkLength = 3
        } else {
            byteOrderMarkLength = 0
        }
        self.scalars = scalars
    }

    /// The scalar at a libyaml mark index, if the index is inside the text.
    func scalar(at index: Int) -> Unicode.Scalar? {
        scalars.indices.contains(index) ? scalars[index] : nil
    }

    /// Whether nothing but spaces, tabs and line breaks follow `index`.
    func isBlank(from index: Int) -> Bool {
        guard index < scalars.count else { return true }
        return scalars[max(index, 0)...].allSatisfy { $0 == " " || $0 == "\t" || Self.isBreak($0) }
    }

    /// The text of the mark's line before the mark.
    func linePrefix(before mark: LibYAMLProblem.RawMark) -> String {
        let end = min(max(mark.index, 0), scalars.count)
        let start = min(max(end - mark.column, 0), end)
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: scalars[start..<end])
        return String(prefix)
    }

    /// The libyaml position of a UTF-8 byte offset into the original text (BOM included).
    func mark(ofByteOffset offset: Int) -> LibYAMLProblem.RawMark {
        var mark = LibYAMLProblem.RawMark(index: 0, line: 0, column: 0)
        var byte = byteOrderMarkLength
        var index = 0
        while index < scalars.count, byte < offset {
            let scalar = scalars[index]
            if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" {
                byte += 2
                index += 2
                mark.line += 1
                mark.column = 0
            } else {
                byte += UTF8.width(scalar)
                index += 1
                if Self.isBreak(scalar) {
                    mark.line += 1
                    mark.column = 0
                } else {
                    mark.column += 1
                }
            }
            mark.index = index
        }
        return mark
    }

    private static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
