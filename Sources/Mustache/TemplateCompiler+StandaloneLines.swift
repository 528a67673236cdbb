extension TemplateCompiler {
    /// Applies the specification's standalone rule: on a line holding only whitespace and tags
    /// that may stand alone, the whitespace and the line ending disappear, and each tag learns the
    /// line's indentation. A line holding one block's opening and closing tags keeps its line
    /// ending, since the block's content takes the line's place.
    func markStandaloneLines(_ tokens: [Token]) -> [Token] {
        let lineRanges = self.lineRanges(of: tokens)
        var result: [Token] = []
        result.reserveCapacity(tokens.count)
        for (lineIndex, line) in lineRanges.enumerated() {
            let lineTokens = tokens[line]
            guard isStandalone(lineTokens) else {
                result.append(contentsOf: lineTokens)
                continue
            }
            let tags = lineTokens.compactMap { token -> Tag? in
                if case .tag(let tag) = token { tag } else { nil }
            }
            let leading: Range<Int>
            if case .text(let range)? = lineTokens.first {
                leading = range
            } else {
                leading = tags[0].range.lowerBound..<tags[0].range.lowerBound
            }
            let isBlockPair = tags.count >= 2 && tags[0].kind == .block && tags[tags.count - 1].kind == .closing
                && Self.key(tags[0].content) == Self.key(tags[tags.count - 1].content)
            for var tag in tags {
                tag.isStandalone = true
                tag.lineIndentation = leading
                if tag.kind == .block, !isBlockPair {
                    tag.bodyIndentation = leadingWhitespace(ofLine: lineIndex + 1, in: lineRanges, tokens: tokens)
                }
                result.append(.tag(tag))
            }
            if isBlockPair, case .text(let last)? = lineTokens.last, let ending = lineEnding(of: last) {
                result.append(.text(ending))
            }
        }
        return result
    }

    /// The token ranges of each source line; a line ends with the text token holding its line feed.
    private func lineRanges(of tokens: [Token]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for (index, token) in tokens.enumerated() {
            if case .text(let range) = token, bytes[range.upperBound - 1] == UInt8(ascii: "\n") {
                ranges.append(start..<index + 1)
                start = index + 1
            }
        }
        if start < tokens.count {
            ranges.append(start..<tokens.count)
        }
        return ranges
    }

    private func isStandalone(_ line: ArraySlice<Token>) -> Bool {
        var sawTag = false
        for token in line {
            switch token {
            case .tag(let tag):
                guard tag.kind.canStandAlone else { return false }
                sawTag = true
            case .text(let range):
                let content = lineEnding(of: range).map { range.lowerBound..<$0.lowerBound } ?? range
                guard content.allSatisfy({ Self.isBlank(bytes[$0]) }) else { return false }
            }
        }
        return sawTag
    }

    /// The `\n` or `\r\n` that ends this text, if any.
    private func lineEnding(of range: Range<Int>) -> Range<Int>? {
        guard bytes[range.upperBound - 1] == UInt8(ascii: "\n") else { return nil }
        let crlf = range.count >= 2 && bytes[range.upperBound - 2] == UInt8(ascii: "\r")
        return (range.upperBound - (crlf ? 2 : 1))..<range.upperBound
    }

    /// The spaces and tabs that begin a line; empty when there is no such line.
    private func leadingWhitespace(ofLine index: Int, in lineRanges: [Range<Int>], tokens: [Token]) -> Range<Int> {
        guard index < lineRanges.count else { return bytes.count..<bytes.count }
        switch tokens[lineRanges[index].lowerBound] {
        case .tag(let tag):
            return tag.range.lowerBound..<tag.range.lowerBound
        case .text(let range):
            var end = range.lowerBound
            while end < range.upperBound, Self.isBlank(bytes[end]) {
                end += 1
            }
            return range.lowerBound..<end
        }
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
