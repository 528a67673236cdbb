import YAML

/// Adds values to, or removes them from, one list field of a Markdown file's YAML front matter,
/// changing those bytes only: comments, key order, quoting, indentation, line ends, a byte order
/// mark and the notes stay as they are. A flow list (`[a, b]`) stays a flow list, a block list
/// (`- a` lines) a block list; a missing field is added as `key: [value]` at the end of the front
/// matter. What cannot be changed safely (anchors and aliases, a value where a list is expected,
/// several documents, broken YAML) is refused with a located error, and every edit is checked by
/// parsing the result: the other fields must read exactly as before.
public struct FrontMatterListEditor: Sendable {
    /// The file's path relative to the site root, for diagnostics.
    public let path: String
    /// The file's bytes, edited.
    public private(set) var bytes: [UInt8]

    public init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// The values of list `key`, with where each is written; empty when the field is absent or empty.
    public func items(of key: String) throws(Diagnostic) -> [FrontMatterListItem] {
        let (_, layout) = try read()
        return try layout.list(key).items.map { FrontMatterListItem(value: $0.value, location: layout.location($0.mark)) }
    }

    /// Appends `value` to list `key`, creating the field (and the front matter) when absent.
    public mutating func append(_ value: String, to key: String) throws(Diagnostic) {
        let (span, layout) = try read()
        let list = try layout.list(key)
        let yaml = layout.yaml
        let text = Self.formatted(value, like: list.items)
        let br = span.lineBreak
        var edit: Splice
        switch list {
        case .absent:
            let line = Array(Self.keyText(key).utf8) + Array(": [".utf8) + text + Array("]".utf8) + br
            if !span.exists {
                let fence = Array("---".utf8)
                try commit(Splice(at: 0, insert: fence + br + line + fence + br), span: span, key: key,
                           expected: [value], before: layout)
                return
            }
            edit = Splice(at: yaml.count, insert: line)
        case let .empty(colonEnd):
            edit = Splice(at: colonEnd, insert: Array(" [".utf8) + text + Array("]".utf8))
        case let .null(start, end):
            edit = Splice(from: start, to: end, insert: Array("[".utf8) + text + Array("]".utf8))
        case let .flow(open, close, items):
            edit = Self.appending(text, toFlow: yaml, open: open, close: close, items: items, lineBreak: br)
        case let .block(_, items):
            let last = items[items.count - 1]
            let line = LineCursor.line(containing: last.start, in: yaml)
            let lineBreak = line.breakLength > 0 ? Array(yaml[line.end..<(line.end + line.breakLength)]) : br
            let prefix = Array(yaml[line.start..<last.start])
            if line.breakLength > 0 {
                edit = Splice(at: line.end + line.breakLength, insert: prefix + text + lineBreak)
            } else {
                edit = Splice(at: line.end, insert: lineBreak + prefix + text)
            }
        }
        try commit(edit, span: span, key: key, expected: list.items.map(\.value) + [value], before: layout)
    }

    /// Removes the item at `index` (as `items(of:)` lists them) from list `key`.
    public mutating func remove(itemAt index: Int, from key: String) throws(Diagnostic) {
        let (span, layout) = try read()
        let list = try layout.list(key)
        let yaml = layout.yaml
        var items = list.items
        precondition(items.indices.contains(index), "no item \(index) in '\(key)'")
        let edit: Splice
        switch list {
        case .absent, .empty, .null:
            return
        case let .flow(open, close, _):
            edit = Self.removing(index, fromFlow: yaml, open: open, close: close, items: items)
        case let .block(colonEnd, _):
            let item = items[index]
            let line = LineCursor.line(containing: item.start, in: yaml)
            let rest = Self.skippingBlanks(yaml, from: item.end, to: line.end)
            var removal: Splice
            if rest < line.end, yaml[rest] == UInt8(ascii: "#") {
                // A comment after the item is the user's: it stays, on the item's line.
                let dash = yaml[line.start..<item.start].firstIndex(of: UInt8(ascii: "-"))!
                removal = Splice(from: dash, to: rest)
            } else {
                removal = Splice(from: line.start, to: line.end + line.breakLength)
            }
            if items.count == 1 {
                // An empty block list would read as no value: it becomes `[]`.
                removal = Splice(pieces: [(colonEnd, colonEnd, Array(" []".utf8))] + removal.pieces)
            }
            edit = removal
        }
        items.remove(at: index)
        try commit(edit, span: span, key: key, expected: items.map(\.value), before: layout)
    }

    // MARK: Reading

    private func read() throws(Diagnostic) -> (FrontMatterSpan, FrontMatterLayout) {
        if case let .failure(diagnostic) = SourceText.decode(bytes, path: path) { throw diagnostic }
        let span: FrontMatterSpan
        switch FrontMatterSpan.locate(bytes, path: path) {
        case let .success(found): span = found
        case let .failure(diagnostic): throw diagnostic
        }
        let layout = try FrontMatterLayout(yaml: Array(bytes[span.yamlStart..<span.yamlEnd]), path: path,
                                           lineOffset: span.yamlLineOffset)
        return (span, layout)
    }

    // MARK: Writing

    /// Applies `edit` (offsets in the YAML text) and checks the result: the list reads `expected`,
    /// every other field reads as before, and the bytes around the YAML are untouched.
    private mutating func commit(_ edit: Splice, span: FrontMatterSpan, key: String, expected: [String],
                                 before: FrontMatterLayout) throws(Diagnostic) {
        let original = bytes
        var yaml = before.yaml
        edit.apply(to: &yaml)
        let edited = Array(original[..<span.yamlStart]) + yaml + Array(original[span.yamlEnd...])
        let failed = Diagnostic.error("cannot edit safely: changing '\(key)' would change more than the list, so the file is left as it was",
                                      code: "uneditable-front-matter", at: SourceLocation(path: path, line: 1, column: 1))
        let check = FrontMatterListEditor(bytes: edited, path: path)
        guard let (newSpan, newLayout) = try? check.read(), let list = try? newLayout.list(key),
              list.items.map(\.value) == expected, Self.otherFieldsAgree(before.yaml, newLayout.yaml, except: key) else {
            throw failed
        }
        if span.exists {
            guard edited[..<newSpan.yamlStart].elementsEqual(original[..<span.yamlStart]),
                  edited[newSpan.yamlEnd...].elementsEqual(original[span.yamlEnd...]) else { throw failed }
        } else {
            // A new front matter: what follows its closing fence is the whole file as it was.
            let afterFence = LineCursor.line(containing: newSpan.yamlEnd, in: edited)
            guard edited[(afterFence.end + afterFence.breakLength)...].elementsEqual(original[span.yamlEnd...]) else { throw failed }
        }
        bytes = edited
    }

    /// Whether two front matters have the same fields with the same values, `key` aside (which
    /// the second may add at the end).
    private static func otherFieldsAgree(_ old: [UInt8], _ new: [UInt8], except key: String) -> Bool {
        func fields(_ yaml: [UInt8]) -> [(key: YAMLNode, value: YAMLNode)]? {
            guard let root = try? YAMLParser.parse(String(decoding: yaml, as: UTF8.self).replacingCRLF()) else { return [] }
            guard case let .mapping(entries) = root.content else { return nil }
            return entries.filter { $0.key.string != key }
        }
        guard let before = fields(old), let after = fields(new), before.count == after.count else { return false }
        return zip(before, after).allSatisfy { $0.key.sameContent(as: $1.key) && $0.value.sameContent(as: $1.value) }
    }

    // MARK: Flow lists

    private static func appending(_ text: [UInt8], toFlow yaml: [UInt8], open: Int, close: Int, items: [FrontMatterLayout.Item],
                                  lineBreak br: [UInt8]) -> Splice {
        guard let last = items.last else {
            let inside = yaml[(open + 1)..<close]
            if inside.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return Splice(from: open + 1, to: close, insert: text) }
            return Splice(at: open + 1, insert: text)
        }
        let line = LineCursor.line(containing: last.start, in: yaml)
        let ownLine = line.start > open && yaml[line.start..<last.start].allSatisfy { $0 == 0x20 || $0 == 0x09 }
        let afterItem = skippingBlanks(yaml, from: last.end, to: line.end)
        let hasComma = afterItem < line.end && yaml[afterItem] == UInt8(ascii: ",")
        if ownLine {
            // One item a line: the new one gets a line of its own, indented like the last.
            let indent = Array(yaml[line.start..<last.start])
            let lineBreak = line.breakLength > 0 ? Array(yaml[line.end..<(line.end + line.breakLength)]) : br
            let rest = skippingBlanks(yaml, from: hasComma ? afterItem + 1 : afterItem, to: line.end)
            let restOfLineIsFree = rest == line.end || yaml[rest] == UInt8(ascii: "#")
            if restOfLineIsFree {
                if hasComma { return Splice(at: line.end, insert: lineBreak + indent + text + [UInt8(ascii: ",")]) }
                return Splice(pieces: [(last.end, last.end, [UInt8(ascii: ",")]), (line.end, line.end, lineBreak + indent + text)])
            }
            if !hasComma { return Splice(at: last.end, insert: [UInt8(ascii: ",")] + lineBreak + indent + text) }
        }
        var separator = Array(", ".utf8)
        if items.count >= 2 {
            let previous = items[items.count - 2]
            let gap = yaml[previous.end..<last.start]
            if !gap.contains(0x0A), !gap.contains(0x0D), !gap.contains(UInt8(ascii: "#")) { separator = Array(gap) }
        }
        return Splice(at: last.end, insert: separator + text)
    }

    private static func removing(_ index: Int, fromFlow yaml: [UInt8], open: Int, close: Int,
                                 items: [FrontMatterLayout.Item]) -> Splice {
        let item = items[index]
        let inside = yaml[(open + 1)..<close]
        if items.count == 1, !inside.contains(0x0A), !inside.contains(0x0D), !inside.contains(UInt8(ascii: "#")) {
            return Splice(from: open + 1, to: close)
        }
        let line = LineCursor.line(containing: item.start, in: yaml)
        if index == items.count - 1, index > 0 {
            let previous = items[index - 1]
            let gap = yaml[previous.end..<item.start]
            if !gap.contains(0x0A), !gap.contains(0x0D), !gap.contains(UInt8(ascii: "#")) {
                return Splice(from: previous.end, to: item.end)
            }
        }
        // The item, its comma and the blanks after them; the whole line when nothing else is on it.
        var end = skippingBlanks(yaml, from: item.end, to: line.end)
        let hadComma = end < line.end && yaml[end] == UInt8(ascii: ",")
        if hadComma { end = skippingBlanks(yaml, from: end + 1, to: line.end) }
        let ownLine = yaml[line.start..<item.start].allSatisfy { $0 == 0x20 || $0 == 0x09 } && line.start > open
        var pieces: [(Int, Int, [UInt8])] = []
        if index == items.count - 1, !hadComma, index > 0 {
            // The last item goes: the comma before it would be left trailing.
            let previous = items[index - 1]
            let comma = skippingBlanks(yaml, from: previous.end, to: yaml.count)
            if comma < yaml.count, yaml[comma] == UInt8(ascii: ",") { pieces.append((comma, comma + 1, [])) }
        }
        if ownLine && end == line.end {
            pieces.append((line.start, line.end + line.breakLength, []))
        } else if end == line.end {
            // The line goes on before the item: the blanks before it would be left at its end.
            var start = item.start
            while start > line.start, yaml[start - 1] == 0x20 || yaml[start - 1] == 0x09 { start -= 1 }
            pieces.append((start, end, []))
        } else {
            pieces.append((item.start, end, []))
        }
        return Splice(pieces: pieces)
    }

    // MARK: Text

    /// The first offset from `start` (up to `end`) that is not a space or tab.
    private static func skippingBlanks(_ yaml: [UInt8], from start: Int, to end: Int) -> Int {
        var index = start
        while index < end, yaml[index] == 0x20 || yaml[index] == 0x09 { index += 1 }
        return index
    }

    /// `value` as an item: plain when YAML reads it back as that very string, quoted otherwise;
    /// quoted like the existing items when they all are.
    static func formatted(_ value: String, like items: [FrontMatterLayout.Item]) -> [UInt8] {
        let styles = Set(items.map(\.style))
        if styles == [.singleQuoted], !value.contains(where: { $0.isNewline }) {
            return Array(("'" + value.replacingOccurrences(of: "'", with: "''") + "'").utf8)
        }
        if styles == [.doubleQuoted] || !isPlainSafe(value) {
            var escaped = "\""
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": escaped += "\\\""
                case "\\": escaped += "\\\\"
                case "\n": escaped += "\\n"
                case "\t": escaped += "\\t"
                default:
                    if scalar.value < 0x20 || scalar.value == 0x7F {
                        escaped += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
                    } else {
                        escaped.unicodeScalars.append(scalar)
                    }
                }
            }
            return Array((escaped + "\"").utf8)
        }
        return Array(value.utf8)
    }

    /// A key as written for a new field.
    private static func keyText(_ key: String) -> String {
        isPlainSafe(key) ? key : String(decoding: formatted(key, like: []), as: UTF8.self)
    }

    /// Letters, digits, spaces inside, and `-_.'/` after the first character: such text reads back
    /// as itself in a flow or a block list, unless the core schema gives it another type.
    static func isPlainSafe(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, let last = value.unicodeScalars.last,
              first.properties.isAlphabetic || ("0"..."9").contains(first),
              last != " " else { return false }
        let allowed = value.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./ '".unicodeScalars.contains(scalar)
        }
        guard allowed else { return false }
        return YAMLNode(.scalar(value, .plain), mark: Mark(line: 1, column: 1)).coreScalar == .string(value)
    }
}

/// One value of a front-matter list, and where it is written.
public struct FrontMatterListItem: Sendable, Hashable {
    public var value: String
    public var location: SourceLocation
}

/// Replacements of byte ranges, applied from the last to the first so offsets stay valid.
struct Splice {
    var pieces: [(start: Int, end: Int, bytes: [UInt8])]

    init(pieces: [(Int, Int, [UInt8])]) {
        self.pieces = pieces.map { (start: $0.0, end: $0.1, bytes: $0.2) }
    }

    init(at offset: Int, insert bytes: [UInt8]) {
        self.init(pieces: [(offset, offset, bytes)])
    }

    init(from start: Int, to end: Int, insert bytes: [UInt8] = []) {
        self.init(pieces: [(start, end, bytes)])
    }

    /// Pieces at the same offset end up in the order listed.
    func apply(to bytes: inout [UInt8]) {
        let order = pieces.indices.sorted { a, b in
            pieces[a].start != pieces[b].start ? pieces[a].start > pieces[b].start : a > b
        }
        for index in order {
            bytes.replaceSubrange(pieces[index].start..<pieces[index].end, with: pieces[index].bytes)
        }
    }
}

extension YAMLNode {
    /// The same value written the same way, wherever it stands.
    func sameContent(as other: YAMLNode) -> Bool {
        guard tag == other.tag else { return false }
        switch (content, other.content) {
        case let (.scalar(a, styleA), .scalar(b, styleB)):
            return a == b && styleA == styleB
        case let (.sequence(a), .sequence(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.sameContent(as: $1) }
        case let (.mapping(a), .mapping(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key.sameContent(as: $1.key) && $0.value.sameContent(as: $1.value) }
        default:
            return false
        }
    }
}
