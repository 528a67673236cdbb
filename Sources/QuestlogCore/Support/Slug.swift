import Foundation

/// URL- and file-name-safe ids: lowercase ASCII letters, digits and single hyphens.
public enum Slug {
    /// `White Mask Varré` → `white-mask-varre`, `Bà Đường` → `ba-duong`; other scripts are transliterated
    /// (`龙王庙` → `long-wang-miao`). Empty when nothing is left (only punctuation).
    public static func make(_ text: String) -> String {
        // File names are mostly slugs already (`merchant-kale.md`): then the slug is the text.
        if isOwnSlug(text) { return text }
        if let slug = asciiSlug(text), !slug.isEmpty { return slug }
        let latin = text.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false) ?? text
        return asciiSlug(NameKey.foldSpecialLetters(latin.folding(options: [.diacriticInsensitive], locale: nil)),
                         lossy: true) ?? ""
    }

    /// Whether `text` is already a slug.
    public static func isSlug(_ text: String) -> Bool {
        !text.isEmpty && make(text) == text
    }

    /// Whether `text` is its own slug, as told from its bytes: lowercase ASCII letters and digits,
    /// with single hyphens between them.
    static func isOwnSlug(_ text: String) -> Bool {
        var previous: UInt8 = UInt8(ascii: "-")
        var ownSlug = true
        for byte in text.utf8 {
            let isAlphanumeric = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            guard isAlphanumeric || byte == UInt8(ascii: "-") && previous != UInt8(ascii: "-") else {
                ownSlug = false
                break
            }
            previous = byte
        }
        return ownSlug && previous != UInt8(ascii: "-")
    }

    /// Slugifies Latin text; nil when a character outside Latin letters, digits and punctuation remains
    /// (unless `lossy`, which drops such characters).
    static func asciiSlug(_ text: String, lossy: Bool = false) -> String? {
        // ASCII has no diacritics to fold, and its capitals are lowered below: folding changes nothing.
        let folded = text.utf8.allSatisfy { $0 < 0x80 } ? text
            : NameKey.foldSpecialLetters(text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil))
        var slug = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) {
                    if pendingHyphen && !slug.isEmpty { slug.append("-") }
                    pendingHyphen = false
                    slug.unicodeScalars.append(scalar)
                } else if byte >= 0x41 && byte <= 0x5A {
                    if pendingHyphen && !slug.isEmpty { slug.append("-") }
                    pendingHyphen = false
                    slug.unicodeScalars.append(Unicode.Scalar(byte + 0x20))
                } else if byte == 0x27 {
                    continue // apostrophes join: "Patches' Betrayal" → patches-betrayal
                } else {
                    pendingHyphen = true
                }
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if !lossy { return nil }
                pendingHyphen = true
            } else if scalar == "\u{2019}" {
                continue
            } else {
                pendingHyphen = true
            }
        }
        return slug
    }
}
