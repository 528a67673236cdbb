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
