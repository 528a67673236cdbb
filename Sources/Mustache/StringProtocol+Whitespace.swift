extension StringProtocol {
    /// The string without leading and trailing whitespace.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    var containsWhitespace: Bool {
        unicodeScalars.contains { $0.properties.isWhitespace }
    }
}
