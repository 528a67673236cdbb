import Foundation

/// A strict RFC 4180 reader for tests: CRLF between records, quotes doubled inside quoted fields,
/// line breaks allowed only inside quotes. Nil when the text breaks a rule.
enum CSVReader {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    static func read(_ bytes: [UInt8]) -> [[String]]? {
        let body = bytes.starts(with: byteOrderMark) ? Array(bytes.dropFirst(3)) : bytes
        guard let text = String(bytes: body, encoding: .utf8) else { return nil }
        return read(text)
    }

    static func read(_ text: String) -> [[String]]? {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var scalars = text.unicodeScalars[...]
        var atFieldStart = true
        while let scalar = scalars.popFirst() {
            if atFieldStart && scalar == "\"" {
                // A quoted field runs to a quote that is not doubled.
                while true {
                    guard let inner = scalars.popFirst() else { return nil }
                    if inner == "\"" {
                        if scalars.first == "\"" {
                            scalars.removeFirst()
                            field.unicodeScalars.append("\"")
                        } else {
                            break
                        }
                    } else {
                        field.unicodeScalars.append(inner)
                    }
                }
                atFieldStart = false
                guard let next = scalars.first, next == "," || next == "\r" else { return nil }
                continue
            }
            switch scalar {
            case ",":
                row.append(field)
                field = ""
                atFieldStart = true
            case "\r":
                guard scalars.popFirst() == "\n" else { return nil }
                row.append(field)
                rows.append(row)
                row = []
                field = ""
                atFieldStart = true
            case "\n", "\"":
                return nil
            default:
                field.unicodeScalars.append(scalar)
                atFieldStart = false
            }
        }
        // Every record, the last included, ends with CRLF.
        guard row.isEmpty, field.isEmpty, atFieldStart else { return nil }
        return rows
    }
}
