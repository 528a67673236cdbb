extension Renderer {
    /// Writes the interpolated value at `value`, HTML-escaped when `escaped`.
    ///
    /// Text with bytes of its own (a string too long to be kept inline, or bytes) is written
    /// from where the data keeps it. Matched out of the value, the text was counted up and down
    /// around the write, for every interpolation of every page: the write is a mutating call,
    /// which for all the compiler knows might free the value.
    @inline(__always)
    mutating func append(at value: UnsafePointer<MustacheValue>, escaped: Bool) {
        if let bytes = Self.bytesInPlace(value) {
            if escaped {
                appendEscaped(bytes)
            } else {
                output.append(bytes)
            }
            return
        }
        switch value.pointee {
        case .null, .list, .sequence, .object:
            return
        case .string(let text):
            if escaped {
                Self.withUTF8(text) { appendEscaped($0) }
            } else {
                Self.withUTF8(text) { output.append($0) }
            }
        case .utf8:
            // Written in place above.
            return
        case .bool, .int, .double:
            // Numbers and booleans contain nothing to escape.
            if let text = value.pointee.interpolationText {
                Self.withUTF8(text) { output.append($0) }
            }
        }
    }

    /// The UTF-8 bytes of the text at `value`, read where the value keeps them: valid while the
    /// value lives, as the data rendered does throughout a render. Nil for other values, and for
    /// a string short enough to be kept inline, whose bytes have no address of their own (and
    /// whose copy counts nothing).
    @inline(__always)
    private static func bytesInPlace(_ value: UnsafePointer<MustacheValue>) -> UnsafeBufferPointer<UInt8>? {
        switch value.pointee {
        case .string(let text):
            guard text.utf8.count > 15 else { return nil }
            return text.utf8.withContiguousStorageIfAvailable { $0 }
        case .utf8(let bytes):
            return bytes.withUnsafeBufferPointer { $0 }
        default:
            return nil
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
