/// Follows a block's inline content through the source to find where its text came from.
///
/// cmark-gfm's inline source positions are unreliable (wrong after lazy continuation lines,
/// in block quotes, without `CMARK_OPT_SOURCEPOS`), so positions are recovered here instead:
/// starting at the block's position, each inline leaf is matched, in document order, against
/// the source, undoing what the parser did to the text (backslash escapes, entity references,
/// NUL replacement). Markup between leaves (delimiters, link destinations) is skipped by
/// searching forward, within a bounded budget, for the next leaf's text.
struct SourceAligner {
    /// Where a syntax character of a text literal (`[`, `]`, `!` or `#`) was found in the source.
    struct Mark: Equatable {
        /// The byte offset of the character (or of the escape or entity that produced it).
        var offset: Int
        /// Whether the source wrote it as `\[` or an entity, which keeps it literal.
        var isEscaped: Bool
    }

    /// Where one text literal was found.
    struct Alignment {
        /// The byte offset where the literal's text starts in the source.
        var start: Int
        /// The syntax characters of the literal that were matched, by their index in it.
        var marks: [Int: Mark]
    }

    /// How many source bytes a search may skip before giving up; bounds the work per leaf.
    private static let searchBudget = 4096
    /// How far a code span's closing backticks are looked for; a longer span leaves the cursor.
    private static let codeSpanBudget = 1 << 18
    /// How many literal bytes must match before a search accepts a starting point.
    private static let anchorLength = 8
    /// The characters whose source positions and escapes are recorded.
    private static let markBytes: Set<UInt8> = [UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "!"), UInt8(ascii: "#")]

    let source: SourceText
    /// The byte offset up to which the source has been accounted for.
    private(set) var cursor: Int

    init(source: SourceText, cursor: Int) {
        self.source = source
        self.cursor = min(max(cursor, 0), source.bytes.count)
    }

    /// A soft or hard line break: the next inline continues on the following line.
    mutating func breakLine() {
        cursor = source.nextLineStart(after: cursor)
    }

    /// Skips a code span: the next backtick run and the first following run of the same length.
    /// Returns the span's bytes in the source, backticks included, or nil if it was not found.
    @discardableResult
    mutating func skipCodeSpan() -> Range<Int>? {
        let bytes = source.bytes
        let tick = UInt8(ascii: "`")
        let limit = min(bytes.count, cursor + Self.searchBudget)
        var index = cursor
        while index < limit, bytes[index] != tick {
            index += 1
        }
        guard index < limit else { return nil }
        let start = index
        let openerLength = runLength(of: tick, at: index)
        index += openerLength
        let closerLimit = min(bytes.count, index + Self.codeSpanBudget)
        while index < closerLimit {
            if bytes[index] == tick {
                let length = runLength(of: tick, at: index)
                index += length
                if length == openerLength {
                    cursor = index
                    return start..<index
                }
            } else {
                index += 1
            }
        }
        return nil
    }

    /// Moves the cursor forward to `offset`, found by looking ahead.
    mutating func moveCursor(to offset: Int) {
        cursor = max(cursor, min(offset, source.bytes.count))
    }

    /// Skips a footnote reference, `[^label]`, whose literal is a number and not source text.
    mutating func skipFootnoteReference() {
        guard let open = find(UInt8(ascii: "["), from: cursor), open + 1 < source.bytes.count,
              source.bytes[open + 1] == UInt8(ascii: "^"),
              let close = find(UInt8(ascii: "]"), from: open + 2) else { return }
        cursor = close + 1
    }

    /// Finds the `[` that opens a link or image (`![` for an image) and moves the cursor past it;
    /// returns the offset of `[` or `!`, or nil when it cannot be found within the budget.
    mutating func openLink(isImage: Bool) -> Int? {
        guard let open = find(UInt8(ascii: "["), from: cursor) else { return nil }
        cursor = open + 1
        if isImage, open > 0, source.bytes[open - 1] == UInt8(ascii: "!") {
            return open - 1
        }
        return open
    }

    /// Skips what closes a link or image after its text: `]` and then an inline destination
    /// `(url "title")`, a reference `[label]`, or nothing (a shortcut reference).
    mutating func closeLink() {
        let bytes = source.bytes
        guard let close = find(UInt8(ascii: "]"), from: cursor) else { return }
        var index = close + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "(") {
            index = inlineDestinationEnd(from: index + 1) ?? index
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "["), let end = find(UInt8(ascii: "]"), from: index + 1) {
            index = end + 1
        }
        cursor = index
    }

    /// Skips the `>` that closes an autolink written as `<url>`.
    mutating func closeAutolink() {
        if cursor < source.bytes.count, source.bytes[cursor] == UInt8(ascii: ">") {
            cursor += 1
        }
    }

    /// The next unescaped `byte` at or after `start`, within the budget.
    private func find(_ byte: UInt8, from start: Int) -> Int? {
        let bytes = source.bytes
        let limit = min(bytes.count, start + Self.searchBudget)
        var index = start
        while index < limit {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == byte {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The offset after the `)` of an inline link's `(destination "title")`, given the offset
    /// after `(`; nil when the source does not read as one.
    private func inlineDestinationEnd(from start: Int) -> Int? {
        let bytes = source.bytes
        let limit = min(bytes.count, start + Self.searchBudget)
        var index = start
        func skipSpace() {
            while index < limit, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                index += 1
            }
        }
        skipSpace()
        if index < limit, bytes[index] == UInt8(ascii: "<") {
            while index < limit, bytes[index] != UInt8(ascii: ">") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            index += 1
        } else {
            var depth = 0
            while index < limit, bytes[index] > 0x20 {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "(") {
                    depth += 1
                } else if byte == UInt8(ascii: ")") {
                    if depth == 0 { break }
                    depth -= 1
                }
                index += 1
            }
        }
        skipSpace()
        if index < limit, let closer = Self.titleCloser(bytes[index]) {
            index += 1
            while index < limit, bytes[index] != closer {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            index += 1
            skipSpace()
        }
        guard index < limit, bytes[index] == UInt8(ascii: ")") else { return nil }
        return index + 1
    }

    /// Skips raw inline HTML, whose literal is its source text line by line (block prefixes such
    /// as `> ` are not part of it on continuation lines).
    mutating func skipRaw(_ literal: [UInt8]) {
        let segments = literal.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            if index > 0 {
                breakLine()
            }
            _ = align(Array(segment))
        }
    }

    /// Finds `literal` at or after the cursor, records its syntax characters, and moves the cursor past it.
    ///
    /// Returns nil, leaving the cursor in place, when the text cannot be found within the budget.
    /// When the literal stops matching part way (an unexpected transformation), the marks
    /// up to that point are kept.
    mutating func align(_ literal: [UInt8]) -> Alignment? {
        guard !literal.isEmpty else { return Alignment(start: cursor, marks: [:]) }
        let bytes = source.bytes
        let anchor = min(literal.count, Self.anchorLength)
        let limit = min(bytes.count, cursor + Self.searchBudget)
        var start = cursor
        while start < limit {
            if canStart(literal[0], at: start),
               match(literal, upTo: anchor, from: start, recordingMarks: false).matched == anchor {
                let result = match(literal, upTo: literal.count, from: start, recordingMarks: true)
                cursor = result.end
                return Alignment(start: start, marks: result.marks)
            }
            start += 1
        }
        return nil
    }

    private func canStart(_ first: UInt8, at offset: Int) -> Bool {
        let byte = source.bytes[offset]
        return byte == first || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "&") || byte == 0
    }

    private func runLength(of byte: UInt8, at offset: Int) -> Int {
        var end = offset
        while end < source.bytes.count, source.bytes[end] == byte {
            end += 1
        }
        return end - offset
    }

    /// Walks `literal[0..<literalEnd]` against the source from `start`; returns how many literal
    /// bytes matched, the source offset reached and, if asked, the syntax characters met on the way.
    private func match(_ literal: [UInt8], upTo literalEnd: Int, from start: Int,
                       recordingMarks: Bool) -> (matched: Int, end: Int, marks: [Int: Mark]) {
        let bytes = source.bytes
        var marks: [Int: Mark] = [:]
        var i = 0
        var j = start
        func record(_ range: Range<Int>, at offset: Int, escaped: Bool) {
            guard recordingMarks else { return }
            for index in range where Self.markBytes.contains(literal[index]) {
                marks[index] = Mark(offset: offset, isEscaped: escaped)
            }
        }
        while i < literalEnd, j < bytes.count {
            let byte = bytes[j]
            if byte == UInt8(ascii: "\\"), j + 1 < bytes.count, Self.isASCIIPunctuation(bytes[j + 1]),
               bytes[j + 1] == literal[i] {
                record(i..<(i + 1), at: j, escaped: true)
                i += 1
                j += 2
            } else if byte == UInt8(ascii: "&"), let entity = entityMatch(literal, at: i, source: j) {
                // Characters written as entities never act as syntax, like escaped ones.
                record(i..<(i + entity.literalLength), at: j, escaped: true)
                i += entity.literalLength
                j += entity.sourceLength
            } else if byte == literal[i] {
                record(i..<(i + 1), at: j, escaped: false)
                i += 1
                j += 1
            } else if byte == 0, literal.count >= i + 3, literal[i] == 0xEF, literal[i + 1] == 0xBF,
                      literal[i + 2] == 0xBD {
                // cmark-gfm replaces NUL with U+FFFD.
                i += 3
                j += 1
            } else {
                break
            }
        }
        return (min(i, literalEnd), j, marks)
    }

    /// Matches an entity reference at source offset `offset` against the literal at `index`.
    ///
    /// Numeric references are decoded and compared. Named ones are not looked up (that takes
    /// HTML's whole table): they are taken to produce one scalar, or two when that is what lets
    /// the following text line up. References the parser left as they are return nil, so they
    /// match byte by byte.
    private func entityMatch(_ literal: [UInt8], at index: Int,
                             source offset: Int) -> (literalLength: Int, sourceLength: Int)? {
        let bytes = source.bytes
        var end = offset + 1
        var value: UInt32?
        if end < bytes.count, bytes[end] == UInt8(ascii: "#") {
            end += 1
            let isHex = end < bytes.count && (bytes[end] | 0x20) == UInt8(ascii: "x")
            if isHex {
                end += 1
            }
            let digitsStart = end
            var number: UInt32 = 0
            while end < bytes.count, end - digitsStart < (isHex ? 6 : 7),
                  let digit = Self.digitValue(bytes[end], hex: isHex) {
                number = number * (isHex ? 16 : 10) + digit
                end += 1
            }
            guard end > digitsStart else { return nil }
            value = number
        } else {
            while end < bytes.count, end - offset <= 32, Self.isASCIIAlphanumeric(bytes[end]) {
                end += 1
            }
            guard end - offset >= 3 else { return nil }
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { return nil }
        let sourceLength = end + 1 - offset
        if literal[index...].starts(with: bytes[offset..<(offset + sourceLength)]) {
            return nil
        }
        if let value {
            let scalar = Unicode.Scalar(value).flatMap { $0.value == 0 ? nil : $0 } ?? "\u{FFFD}"
            let decoded = Array(String(Character(scalar)).utf8)
            guard literal[index...].starts(with: decoded) else { return nil }
            return (decoded.count, sourceLength)
        }
        let afterEntity = offset + sourceLength
        let one = Self.scalarLength(literal, at: index)
        let two = one + Self.scalarLength(literal, at: index + one)
        func linesUp(_ length: Int) -> Bool {
            length >= literal.count - index
                || (afterEntity < bytes.count && bytes[afterEntity] == literal[index + length])
        }
        if !linesUp(one), two > one, two <= literal.count - index, linesUp(two) {
            return (two, sourceLength)
        }
        return (min(one, literal.count - index), sourceLength)
    }

    private static func titleCloser(_ opener: UInt8) -> UInt8? {
        switch opener {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): opener
        case UInt8(ascii: "("): UInt8(ascii: ")")
        default: nil
        }
    }

    private static func scalarLength(_ literal: [UInt8], at index: Int) -> Int {
        guard index < literal.count else { return 0 }
        switch literal[index] {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }
}
