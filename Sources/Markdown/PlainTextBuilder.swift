/// Accumulates a document's text with every run of whitespace collapsed to one space.
struct PlainTextBuilder {
    private var text = String.UnicodeScalarView()
    private var pendingSpace = false

    /// Appends text; its whitespace collapses with the whitespace around it.
    mutating func append(_ string: String) {
        for scalar in string.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = true
            } else {
                if pendingSpace, !text.isEmpty {
                    text.append(" ")
                }
                pendingSpace = false
                text.append(scalar)
            }
        }
    }

    /// Separates what follows from what came before (a block boundary or a line break).
    mutating func separate() {
        pendingSpace = true
    }

    /// The text so far, without leading or trailing whitespace.
    var result: String { String(text) }
}
