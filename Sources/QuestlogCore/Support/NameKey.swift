import Foundation

/// The form in which names are compared: case-, accent- and width-insensitive, spaces collapsed.
public enum NameKey {
    public static func make(_ name: String) -> String {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return foldSpecialLetters(folded)
            .split(whereSeparator: { $0.isWhitespace })
            .joined(separator: " ")
    }

    /// Letters that diacritic folding keeps because Unicode does not decompose them.
    static func foldSpecialLetters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { specialLetters[$0] != nil }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if let replacement = specialLetters[scalar] { out += replacement } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    private static let specialLetters: [Unicode.Scalar: String] = [
        "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L",
        "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss", "þ": "th", "Þ": "Th", "ı": "i",
    ]
}
