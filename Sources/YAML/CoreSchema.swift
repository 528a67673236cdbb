/// The YAML 1.2 core schema: which texts mean null, a bool, an int or a float.
///
/// Only these exact forms are typed. The YAML 1.1 words (`yes`, `no`, `on`, `off`, `y`, `n`),
/// sexagesimal numbers and `_` separators are not part of the core schema and stay strings.
enum CoreSchema {
    /// Types a plain, untagged scalar.
    static func resolve(_ text: String) -> CoreScalar {
        // Only a text that starts with one of a few bytes can be a null, a boolean or a number:
        // names and most values are strings at their first byte.
        if let first = text.utf8.first, !mayStartNonString(first) { return .string(text) }
        return resolveEveryWay(text)
    }

    /// Whether a plain scalar starting with `byte` may be a null (`~`, `null`), a boolean
    /// (`true`, `false`) or a number (a digit, a sign, or `.` of `.5`, `.inf` and `.nan`).
    static func mayStartNonString(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
             UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return false
        }
    }

    /// `resolve(_:)` trying every kind of scalar in turn.
    static func resolveEveryWay(_ text: String) -> CoreScalar {
        if isNull(text) { return .null }
        if let bool = bool(text) { return .bool(bool) }
        if let number = integer(text) { return number }
        if let float = float(text) { return .float(float) }
        return .string(text)
    }

    /// `~`, `null`, `Null`, `NULL` or the empty text.
    static func isNull(_ text: String) -> Bool {
        switch text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// `true`, `True`, `TRUE`, `false`, `False` or `FALSE`.
    static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`, as `.int`; as `.float` when the value does
    /// not fit in `Int`, so that large numbers keep their magnitude rather than failing.
    static func integer(_ text: String) -> CoreScalar? {
        let bytes = Array(text.utf8)
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "o") {
                return radixInteger(bytes.dropFirst(2), radix: 8)
            }
            if bytes[1] == UInt8(ascii: "x") {
                return radixInteger(bytes.dropFirst(2), radix: 16)
            }
        }
        let digits = bytes.first.map(isSign) == true ? bytes.dropFirst() : bytes[...]
        guard !digits.isEmpty, digits.allSatisfy(isDecimalDigit) else { return nil }
        if let value = Int(text) { return .int(value) }
        return Double(text).map(CoreScalar.float)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?.inf` and `.nan` in their
    /// three spellings each.
    static func float(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        guard isDecimalFloat(Array(text.utf8)[...]) else { return nil }
        return Double(text)
    }

    private static func isDecimalFloat(_ text: ArraySlice<UInt8>) -> Bool {
        var rest = text
        if let first = rest.first, isSign(first) { rest = rest.dropFirst() }
        let integerDigits = rest.prefix(while: isDecimalDigit)
        rest = rest.dropFirst(integerDigits.count)
        var fractionDigits = 0
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            let fraction = rest.prefix(while: isDecimalDigit)
            fractionDigits = fraction.count
            rest = rest.dropFirst(fraction.count)
        }
        // Either digits before the point, or (as in `.5`) after it.
        guard !integerDigits.isEmpty || fractionDigits > 0 else { return false }
        if let marker = rest.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if let sign = rest.first, isSign(sign) { rest = rest.dropFirst() }
            let exponent = rest.prefix(while: isDecimalDigit)
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }

    private static func radixInteger(_ digits: ArraySlice<UInt8>, radix: Int) -> CoreScalar? {
        var value = 0
        var overflowed = false
        var magnitude = 0.0
        for byte in digits {
            guard let digit = digitValue(byte), digit < radix else { return nil }
            magnitude = magnitude * Double(radix) + Double(digit)
            if !overflowed {
                let (shifted, overflowA) = value.multipliedReportingOverflow(by: radix)
                let (sum, overflowB) = shifted.addingReportingOverflow(digit)
                overflowed = overflowA || overflowB
                value = sum
            }
        }
        return overflowed ? .float(magnitude) : .int(value)
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    private static func isDecimalDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isSign(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }
}
