/// Finds `[[target]]` and `[[target|label]]` in the literal of a text node.
///
/// The literal is UTF-8; all the syntax is ASCII, so the scan works on bytes. A link holds no
/// brackets: in `[[[x]]]` the link is the inner `[[x]]`. Brackets the source escaped (`\[`) or
/// wrote as entities never open or close a link. The first `|` separates the label, so a
/// table cell can hold `[[target\|label]]`. Target and label are trimmed; an empty target is
/// not a link, an empty label is no label. A `!` right before `[[`, itself not escaped, makes
/// the link an embed (`![[target]]`). Runs in linear time.
enum WikiLinkScanner {
    /// One link found in a literal.
    struct Match: Equatable {
        /// The bytes of `[[…]]` in the literal, with the `!` of an embed.
        var range: Range<Int>
        var target: String
        var label: String?
        var isEmbed = false
    }

    static func scan(_ literal: [UInt8], isEscaped: (Int) -> Bool = { _ in false }) -> [Match] {
        let open = UInt8(ascii: "[")
        let close = UInt8(ascii: "]")
        let pipe = UInt8(ascii: "|")
        var matches: [Match] = []
        var index = 0
        while index + 1 < literal.count {
            guard literal[index] == open, literal[index + 1] == open, !isEscaped(index), !isEscaped(index + 1) else {
                index += 1
                continue
            }
            var end = index + 2
            var separator: Int?
            var closed = false
            while end < literal.count {
                let byte = literal[end]
                if byte == close {
                    closed = end + 1 < literal.count && literal[end + 1] == close && !isEscaped(end) && !isEscaped(end + 1)
                    break
                }
                if byte == open {
                    break
                }
                if byte == pipe, separator == nil {
                    separator = end
                }
                end += 1
            }
            guard closed else {
                // Nothing between here and `end` can open a link, so the scan resumes there.
                index = max(index + 1, end - 1)
                continue
            }
            let target = trimmed(literal[(index + 2)..<(separator ?? end)])
            let label = separator.map { trimmed(literal[($0 + 1)..<end]) }
            if !target.isEmpty {
                let isEmbed = index > 0 && literal[index - 1] == UInt8(ascii: "!") && !isEscaped(index - 1)
                matches.append(Match(range: (isEmbed ? index - 1 : index)..<(end + 2), target: target,
                                     label: label?.isEmpty == false ? label : nil, isEmbed: isEmbed))
            }
            index = end + 2
        }
        return matches
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
