import Foundation

/// The source line of a diagnostic with a caret under its column, as compilers print it:
///
/// ```
///    4 | locations: [rose-chruch]
///      |             ^
/// ```
///
/// Files are read relative to the site once each; a file that cannot be read as UTF-8, or a line
/// it does not have, gives no excerpt.
public struct SourceExcerpts {
    /// Where tabs stop in the printed line.
    static let tabWidth = 4

    private let root: String
    private var lines: [String: [Substring]?] = [:]

    public init(root: String) {
        self.root = root
    }

    /// The excerpt for `location`, or nil when its line cannot be shown.
    public mutating func excerpt(at location: SourceLocation) -> String? {
        let path = location.path
        if lines[path] == nil {
            let text = FileManager.default.contents(atPath: root + "/" + path).flatMap { String(data: $0, encoding: .utf8) }
            // "\r\n" is one Character, and the YAML reader counts a lone "\r" as a line break too.
            lines[path] = .some(text.map {
                $0.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            })
        }
        guard let fileLines = lines[path] ?? nil, location.line >= 1, location.line <= fileLines.count else { return nil }
        var line = fileLines[location.line - 1]
        if location.line == 1, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
        return Self.render(line: line, number: location.line, column: location.column)
    }

    /// `line` (numbered `number`) and a caret under `column`, counted in Unicode scalars from 1.
    /// Tabs become spaces to the next tab stop and wide characters take two cells, so the caret
    /// lands under the character on a terminal.
    public static func render<Line: StringProtocol>(line: Line, number: Int, column: Int) -> String {
        var shown = ""
        var cells = 0
        var caret = 0
        for (index, scalar) in line.unicodeScalars.enumerated() {
            if index == column - 1 { caret = cells }
            if scalar == "\t" {
                let spaces = tabWidth - cells % tabWidth
                shown += String(repeating: " ", count: spaces)
                cells += spaces
            } else {
                shown.unicodeScalars.append(scalar)
                cells += width(of: scalar)
            }
        }
        // A column just past the end (a missing value) points after the last character.
        if column - 1 >= line.unicodeScalars.count { caret = cells }
        let number = String(number)
        let gutter = String(repeating: " ", count: max(4, number.count))
        return String(gutter.dropFirst(number.count)) + number + " | " + shown + "\n"
            + gutter + " | " + String(repeating: " ", count: caret) + "^"
    }

    /// Terminal cells a scalar takes: none for combining marks and controls, two for East Asian
    /// wide and full-width characters and emoji, one otherwise.
    static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
