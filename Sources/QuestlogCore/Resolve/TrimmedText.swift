extension String {
    /// `trimmingWhitespace`, answered at once also when the text starts and ends with a letter
    /// beyond ASCII (names in Vietnamese, Japanese, …), as long as neither end can be a space of
    /// any kind; other text is trimmed as `trimmingWhitespace` does.
    var trimmedForLookup: String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return "" }
        if Self.isSurelyNotSpace(first) && Self.isSurelyNotSpace(last) { return self }
        return trimmingWhitespace
    }

    /// Printable ASCII, and ranges of letters and symbols with no space, separator or invisible
    /// format character in them.
    private static func isSurelyNotSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21...0x7E, 0xC0...0x167F, 0x1681...0x17FF, 0x1810...0x1FFF, 0x3001...0xD7FF, 0xF900...0xFDFF, 0x10000...0x10FFFF:
            return true
        default:
            return false
        }
    }
}
