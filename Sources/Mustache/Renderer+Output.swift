extension Renderer {
    /// Writes an interpolated value, HTML-escaped when `escaped`.
    mutating func append(_ value: MustacheValue, escaped: Bool) {
        switch value {
        case .null, .list, .object:
            return
        case .string(var text):
            text.withUTF8 { bytes in
                if escaped {
                    appendEscaped(bytes)
                } else {
                    output.append(contentsOf: bytes)
                }
            }
        case .bool, .int, .double:
            // Numbers and booleans contain nothing to escape.
            if var text = value.interpolationText {
                text.withUTF8 { output.append(contentsOf: $0) }
            }
        }
    }

    /// Writes UTF-8 text with `&`, `<`, `>`, `"` and `'` replaced by character references,
    /// copying the runs between them whole.
    private mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in 0..<bytes.count {
            let replacement: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            default: continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            replacement.withUTF8Buffer { output.append(contentsOf: $0) }
            runStart = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }

    /// Writes literal text, prefixing each source line it starts with the current indentation.
    /// Empty lines stay empty.
    mutating func appendIndented(_ text: ArraySlice<UInt8>, startsLine: Bool) {
        var runStart = text.startIndex
        if startsLine, !Self.isEmptyLine(text, at: runStart) {
            output.append(contentsOf: indentation)
        }
        for index in text.indices where text[index] == UInt8(ascii: "\n") {
            let next = index + 1
            guard next < text.endIndex, !Self.isEmptyLine(text, at: next) else { continue }
            output.append(contentsOf: text[runStart..<next])
            output.append(contentsOf: indentation)
            runStart = next
        }
        output.append(contentsOf: text[runStart...])
    }

    private static func isEmptyLine(_ text: ArraySlice<UInt8>, at index: Int) -> Bool {
        text[index] == UInt8(ascii: "\n")
            || (text[index] == UInt8(ascii: "\r") && index + 1 < text.endIndex && text[index + 1] == UInt8(ascii: "\n"))
    }
}
