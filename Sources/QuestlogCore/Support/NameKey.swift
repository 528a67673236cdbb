import Foundation

/// The form in which names are compared: case-, width- and (for Latin letters) accent-insensitive,
/// spaces collapsed. Marks on other scripts are kept: a Devanagari vowel sign is part of the word.
public enum NameKey {
    public static func make(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return asciiKey(name) }
        let decomposed = name.precomposedStringWithCompatibilityMapping.lowercased().decomposedStringWithCanonicalMapping
        var folded = String.UnicodeScalarView()
        var afterLatin = false
        for scalar in decomposed.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark {
                if !afterLatin { folded.append(scalar) }
                continue
            }
            afterLatin = isLatin(scalar)
            if let replacement = specialLetters[scalar] {
                folded.append(contentsOf: replacement.unicodeScalars)
            } else {
                folded.append(scalar)
            }
        }
        return String(folded).precomposedStringWithCanonicalMapping
            .split(whereSeparator: { $0.isWhitespace })
            .joined(separator: " ")
    }

    /// The same key for ASCII text, without Unicode machinery (most names and ids are ASCII).
    private static func asciiKey(_ name: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        var pendingSpace = false
        for byte in name.utf8 {
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace { bytes.append(0x20) }
            pendingSpace = false
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Letters of the Latin blocks (Basic Latin to Latin Extended-B, Latin Extended Additional, -C, -D).
    static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF: return true
        default: return false
        }
    }

    /// Letters that diacritic folding keeps because Unicode does not decompose them.
    static func foldSpecialLetters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { specialLetters[$0] != nil }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let replacement = specialLetters[scalar] { out.append(contentsOf: replacement.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }

    private static let specialLetters: [Unicode.Scalar: String] = [
        "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L",
        "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss", "þ": "th", "Þ": "Th", "ı": "i",
    ]
}
