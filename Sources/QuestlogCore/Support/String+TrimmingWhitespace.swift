import Foundation

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// `trimmingCharacters(in: .whitespaces)`, answered without Foundation when the text starts and
    /// ends with a printable ASCII character, as names, ids and link targets nearly always do.
    var trimmingWhitespace: String {
        guard let first = utf8.first, let last = utf8.last else { return "" }
        if first > 0x20 && first < 0x7F && last > 0x20 && last < 0x7F { return String(self) }
        return trimmingCharacters(in: .whitespaces)
    }
}

extension String {
    /// `trimmingCharacters(in: .whitespacesAndNewlines)`, found among the scalars at the ends
    /// alone: every character of that set is one scalar of the Basic Multilingual Plane, so what
    /// Foundation trims unit by unit is what this trims scalar by scalar, without bridging the
    /// whole text.
    var trimmingWhitespaceAndNewlines: String {
        let scalars = unicodeScalars
        let set = CharacterSet.whitespacesAndNewlines
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end && set.contains(scalars[start]) { start = scalars.index(after: start) }
        while end > start && set.contains(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return start == scalars.startIndex && end == scalars.endIndex ? self : String(scalars[start..<end])
    }
}
