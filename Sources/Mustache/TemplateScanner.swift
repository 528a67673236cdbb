/// Splits a template's source into text and tags, following set-delimiter tags as it goes.
struct TemplateScanner {
    private let bytes: [UInt8]
    private let fail: (Int, String) -> MustacheError
    private var opening: [UInt8] = Array("{{".utf8)
    private var closing: [UInt8] = Array("}}".utf8)

    /// - Parameter fail: makes the error for a message at a byte offset.
    init(bytes: [UInt8], fail: @escaping (Int, String) -> MustacheError) {
        self.bytes = bytes
        self.fail = fail
    }

    /// The source's tokens in order; text tokens are split after each line feed.
    mutating func scan() throws(MustacheError) -> [Token] {
        var tokens: [Token] = []
        var position = 0
        while position < bytes.count {
            let tagStart = find(opening, from: position) ?? bytes.count
            appendText(position..<tagStart, to: &tokens)
            guard tagStart < bytes.count else { break }
            let tag = try scanTag(at: tagStart)
            tokens.append(.tag(tag))
            position = tag.range.upperBound
        }
        return tokens
    }

    private func appendText(_ range: Range<Int>, to tokens: inout [Token]) {
        var start = range.lowerBound
        for offset in range where bytes[offset] == UInt8(ascii: "\n") {
            tokens.append(.text(start..<offset + 1))
            start = offset + 1
        }
        if start < range.upperBound {
            tokens.append(.text(start..<range.upperBound))
        }
    }

    private mutating func scanTag(at start: Int) throws(MustacheError) -> Tag {
        let afterOpening = start + opening.count
        let sigil = afterOpening < bytes.count ? bytes[afterOpening] : 0
        let kind: TagKind
        var terminator = closing
        switch sigil {
        case UInt8(ascii: "{"):
            kind = .unescapedVariable
            terminator = [UInt8(ascii: "}")] + closing
        case UInt8(ascii: "&"): kind = .unescapedVariable
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .invertedSection
        case UInt8(ascii: "/"): kind = .closing
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parent
        case UInt8(ascii: "$"): kind = .block
        case UInt8(ascii: "="):
            kind = .setDelimiters
            terminator = [UInt8(ascii: "=")] + closing
        default: kind = .escapedVariable
        }
        let contentStart = kind == .escapedVariable ? afterOpening : afterOpening + 1
        guard contentStart <= bytes.count, let contentEnd = find(terminator, from: contentStart) else {
            let expected = String(decoding: terminator, as: UTF8.self)
            throw fail(start, kind == .setDelimiters
                ? "invalid set-delimiter tag: no '\(expected)' after it, as in {{=<% %>=}}"
                : "unclosed tag: no '\(expected)' after it")
        }
        let content = String(decoding: trimmed(contentStart..<contentEnd), as: UTF8.self)
        if kind == .setDelimiters {
            try setDelimiters(from: content, tagStart: start)
        }
        return Tag(kind: kind, content: content, range: start..<contentEnd + terminator.count)
    }

    /// Applies `{{=open close=}}`: two delimiters separated by whitespace.
    private mutating func setDelimiters(from content: String, tagStart: Int) throws(MustacheError) {
        let parts = content.utf8.split(whereSeparator: Self.isWhitespace)
        guard parts.count == 2 else {
            throw fail(tagStart, "invalid set-delimiter tag '\(content)': expected two delimiters separated by whitespace, as in {{=<% %>=}}")
        }
        opening = Array(parts[0])
        closing = Array(parts[1])
    }

    private func trimmed(_ range: Range<Int>) -> ArraySlice<UInt8> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, Self.isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, Self.isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return bytes[lower..<upper]
    }

    /// The offset of the first occurrence of `needle` at or after `start`.
    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        let lastStart = bytes.count - needle.count
        var offset = start
        while offset <= lastStart {
            if bytes[offset] == first {
                var matched = 1
                while matched < needle.count, bytes[offset + matched] == needle[matched] {
                    matched += 1
                }
                if matched == needle.count { return offset }
            }
            offset += 1
        }
        return nil
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r") || byte == 0x0B || byte == 0x0C
    }
}
