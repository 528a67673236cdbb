/// Decodes character references (`&#106;`, `&#x6A`, `&colon;`) in attribute values the way
/// browsers do, so that what is checked is the value they will use.
///
/// Only common named references are known; an unknown one is kept as written, and since the
/// sanitizer escapes every `&` it writes, the browser then reads it as plain text too.
enum HTMLCharacterReference {
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "colon": ":", "tab": "\t", "newline": "\n", "sol": "/", "lpar": "(", "rpar": ")",
        "comma": ",", "period": ".", "excl": "!", "num": "#", "percnt": "%", "plus": "+",
        "equals": "=", "quest": "?", "commat": "@", "lowbar": "_", "semi": ";", "bsol": "\\",
        "lsqb": "[", "rsqb": "]", "lcub": "{", "rcub": "}", "grave": "`", "hyphen": "-", "dash": "‐",
        "copy": "©", "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–",
        "laquo": "«", "raquo": "»", "ldquo": "“", "rdquo": "”", "lsquo": "‘", "rsquo": "’",
        "middot": "·", "times": "×", "divide": "÷", "deg": "°", "shy": "\u{AD}",
    ]
    /// Names browsers also accept without the closing `;`.
    private static let legacy: Set<String> = ["amp", "lt", "gt", "quot", "nbsp", "copy", "reg", "shy", "times", "divide", "deg", "laquo", "raquo", "middot"]

    /// `text` with its character references replaced by the characters they stand for.
    static func decode(_ text: String) -> String {
        guard text.unicodeScalars.contains("&") else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&", let (decoded, length) = reference(in: scalars, at: index) {
                out.append(contentsOf: decoded.unicodeScalars)
                index += length
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }

    /// The reference that starts at `start` (an `&`) and how many scalars it takes, if it is one.
    private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var index = start + 1
        guard index < scalars.count else { return nil }
        if scalars[index] == "#" {
            index += 1
            var radix: UInt32 = 10
            if index < scalars.count, scalars[index] == "x" || scalars[index] == "X" {
                radix = 16
                index += 1
            }
            var value: UInt32 = 0
            var digits = 0
            while index < scalars.count, let digit = digitValue(scalars[index], radix: radix) {
                // Past the last code point the value no longer matters; it stops growing so it cannot overflow.
                value = min(value &* radix &+ digit, 0x110000)
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            if index < scalars.count, scalars[index] == ";" { index += 1 }
            let scalar = value == 0 ? nil : Unicode.Scalar(value)
            return (String(Character(scalar ?? "\u{FFFD}")), index - start)
        }
        var name = ""
        while index < scalars.count, isASCIIAlphanumeric(scalars[index]), name.unicodeScalars.count < 32 {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        let key = name.lowercased()
        guard let decoded = named[key] else { return nil }
        if index < scalars.count, scalars[index] == ";" {
            return (decoded, index + 1 - start)
        }
        return legacy.contains(key) ? (decoded, index - start) : nil
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
    }

    private static func digitValue(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        switch scalar {
        case "0"..."9": return scalar.value - 0x30
        case "a"..."f" where radix == 16: return scalar.value - 0x61 + 10
        case "A"..."F" where radix == 16: return scalar.value - 0x41 + 10
        default: return nil
        }
    }
}
