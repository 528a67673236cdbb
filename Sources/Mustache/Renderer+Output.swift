extension Renderer {
    /// Writes an interpolated value, HTML-escaped when `escaped`.
    @inline(__always)
    mutating func append(_ value: MustacheValue, escaped: Bool) {
        switch value {
        case .null, .list, .sequence, .object:
            return
        case .string(let text):
            if escaped {
                Self.withUTF8(text) { appendEscaped($0) }
            } else {
                Self.withUTF8(text) { output.append($0) }
            }
        case .utf8(let bytes):
            append(utf8: bytes, escaped: escaped)
        case .bool, .int, .double:
            // Numbers and booleans contain nothing to escape.
            if let text = value.interpolationText {
                Self.withUTF8(text) { output.append($0) }
            }
        }
    }

    /// Writes text given as its bytes; out of line, so that the common cases stay small.
    @inline(never)
    private mutating func append(utf8 bytes: [UInt8], escaped: Bool) {
        bytes.withUnsafeBufferPointer { bytes in
            if escaped {
                appendEscaped(bytes)
            } else {
                output.append(bytes)
            }
        }
    }

    /// Writes literal text, prefixing each source line it starts with the current indentation,
    /// less what the template carries already. Empty lines stay empty.
    mutating func appendIndented(_ span: TextSpan, of template: Template) {
        let carried = template.indentation.count
        var start = span.bytes.lowerBound
        if span.startsLine {
            appendIndentation(droppingFirst: carried)
        }
        for lineStart in span.lineStarts {
            let end = template.lineStarts[lineStart]
            output.append(UnsafeBufferPointer(rebasing: template.text[start..<end]))
            appendIndentation(droppingFirst: carried)
            start = end
        }
        output.append(UnsafeBufferPointer(rebasing: template.text[start..<span.bytes.upperBound]))
    }

    private mutating func appendIndentation(droppingFirst count: Int) {
        indentation.withUnsafeBufferPointer { output.append(UnsafeBufferPointer(rebasing: $0[count...])) }
    }

    /// Calls `body` with a string's UTF-8 bytes, copying only a string not stored contiguously.
    @inline(__always)
    private static func withUTF8(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if text.utf8.withContiguousStorageIfAvailable(body) == nil {
            var contiguous = text
            contiguous.withUTF8(body)
        }
    }
}
