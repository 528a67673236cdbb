/// The sheet names of one workbook, made valid for spreadsheet apps: at most 31 characters, none of
/// `[ ] : * ? / \`, not starting or ending with `'`, never `History` (Excel keeps it), and unique
/// regardless of case (a taken name gets ` (2)`, ` (3)`, …).
struct XLSXSheetNames: Sendable {
    static let maximumLength = 31
    static let forbidden: Set<Character> = ["[", "]", ":", "*", "?", "/", "\\"]
    private var used: Set<String> = ["history"]

    /// A valid name made from `wanted`, or from `fallback` when nothing of `wanted` is left; taken from now on.
    mutating func claim(_ wanted: String, fallback: String) -> String {
        var base = Self.cleaned(wanted)
        if base.isEmpty { base = Self.cleaned(fallback) }
        if base.isEmpty { base = "Sheet" }
        var name = Self.fitted(base, suffix: "")
        var number = 2
        while used.contains(name.lowercased()) {
            name = Self.fitted(base, suffix: " (\(number))")
            number += 1
        }
        used.insert(name.lowercased())
        return name
    }

    /// `text` with forbidden characters as `_`, without control characters or surrounding quotes.
    private static func cleaned(_ text: String) -> String {
        let kept = String(XMLText.allowed(text).filter { !$0.isNewline && $0 != "\t" }
            .map { forbidden.contains($0) ? "_" : $0 })
        return trimmed(kept)
    }

    /// `base` cut so that it and `suffix` fit in 31 UTF-16 units (Excel counts those), never
    /// splitting a character, and still not ending with a quote.
    private static func fitted(_ base: String, suffix: String) -> String {
        var cut = ""
        for character in base {
            guard cut.utf16.count + character.utf16.count + suffix.utf16.count <= maximumLength else { break }
            cut.append(character)
        }
        return trimmed(cut) + suffix
    }

    private static func trimmed(_ text: String) -> String {
        var text = Substring(text)
        while text.first == "'" || text.first == " " { text = text.dropFirst() }
        while text.last == "'" || text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
