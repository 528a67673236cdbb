import YAML

/// The top-level fields of a front matter and, for one of them, the shape of its list with the
/// byte span of every item: what the list editor needs to change the list and nothing else.
struct FrontMatterLayout {
    /// A scalar item of a list.
    struct Item: Equatable {
        var value: String
        var style: ScalarStyle
        /// Byte offsets in the YAML text.
        var start: Int
        var end: Int
        var mark: Mark
    }

    /// What a field holds, as far as the editor cares.
    enum List: Equatable {
        /// No such field.
        case absent
        /// `key:` with no value; `colonEnd` is just after the colon.
        case empty(colonEnd: Int)
        /// `key: ~` or `key: null`, the value at `start..<end`.
        case null(start: Int, end: Int)
        /// `[a, b]`: the offsets of the brackets.
        case flow(open: Int, close: Int, items: [Item])
        /// `- a` lines; `colonEnd` is just after the key's colon.
        case block(colonEnd: Int, items: [Item])

        var items: [Item] {
            switch self {
            case .absent, .empty, .null: return []
            case let .flow(_, _, items), let .block(_, items): return items
            }
        }
    }

    private struct Field {
        var name: String
        var key: YAMLSpanEvent
        /// The value's events, in order.
        var value: ArraySlice<YAMLSpanEvent>
    }

    let yaml: [UInt8]
    let path: String
    let lineOffset: Int
    private var fields: [Field] = []

    /// Reads the YAML text of a front matter (its own bytes; `lineOffset` lines precede it in the file).
    init(yaml: [UInt8], path: String, lineOffset: Int) throws(Diagnostic) {
        self.yaml = yaml
        self.path = path
        self.lineOffset = lineOffset
        let text = String(decoding: yaml, as: UTF8.self)
        let events: [YAMLSpanEvent]
        do {
            events = try YAMLParser.spanEvents(text, lineOffset: lineOffset)
        } catch {
            throw Diagnostic.error(error.message, code: "yaml-syntax", at: location(error.mark))
        }
        let documents = events.filter { if case .documentStart = $0.kind { return true } else { return false } }
        if documents.count > 1 {
            throw refusal("the front matter holds several YAML documents", at: documents[1].mark)
        }
        // The composing parser too: its messages name duplicate keys and unknown aliases.
        do {
            _ = try YAMLParser.parse(text.replacingCRLF(), lineOffset: lineOffset)
        } catch {
            throw Diagnostic.error(error.message, code: "yaml-syntax", at: location(error.mark))
        }
        guard let rootIndex = events.firstIndex(where: { if case .documentStart = $0.kind { return false } else { return true } }) else {
            return
        }
        let root = events[rootIndex]
        switch root.kind {
        case .scalar("", .plain) where root.tag == nil && root.anchor == nil:
            return
        case .mappingStart(flow: false) where root.anchor == nil && root.tag == nil:
            break
        default:
            throw refusal("the front matter is not a list of 'field: value' lines", at: root.mark)
        }
        var index = rootIndex + 1
        while index < events.count, events[index].kind != .mappingEnd {
            let key = events[index]
            let valueStart = index + 1
            let valueEnd = Self.skipNode(events, from: valueStart)
            if case let .scalar(name, _) = key.kind {
                fields.append(Field(name: name, key: key, value: events[valueStart..<valueEnd]))
            } else if case .alias = key.kind {
                throw refusal("a key of the front matter is an alias", at: key.mark)
            }
            index = valueEnd
        }
    }

    /// The index after the node starting at `index`.
    private static func skipNode(_ events: [YAMLSpanEvent], from index: Int) -> Int {
        var depth = 0
        var index = index
        repeat {
            guard index < events.count else { return index }
            switch events[index].kind {
            case .sequenceStart, .mappingStart: depth += 1
            case .sequenceEnd, .mappingEnd: depth -= 1
            default: break
            }
            index += 1
        } while depth > 0
        return index
    }

    /// Whether the front matter has a top-level field `name`.
    func hasField(_ name: String) -> Bool {
        fields.contains { $0.name == name }
    }

    /// Whether a `<<` merge key could supply fields.
    var hasMergeKey: Bool { hasField("<<") }

    /// The list of field `name`, or a located refusal when it is not a list the editor can change safely.
    func list(_ name: String) throws(Diagnostic) -> List {
        guard let field = fields.first(where: { $0.name == name }) else {
            if hasMergeKey, let merge = fields.first(where: { $0.name == "<<" }) {
                throw refusal("the front matter merges fields with '<<', so '\(name)' may come from there", at: merge.key.mark)
            }
            return .absent
        }
        guard let value = field.value.first else { return .absent }
        if case .alias(let anchor) = value.kind {
            throw refusal("'\(name)' is an alias (*\(anchor)); write the list out to edit it", at: value.mark)
        }
        if let anchor = value.anchor {
            throw refusal("'\(name)' has an anchor (&\(anchor)) that other fields may repeat; remove it to edit the list", at: value.mark)
        }
        if let tag = value.tag {
            throw refusal("'\(name)' has a tag (\(tag)); remove it to edit the list", at: value.mark)
        }
        switch value.kind {
        case .scalar("", .plain):
            return .empty(colonEnd: try colonEnd(after: field.key, name: name))
        case .scalar("~", .plain), .scalar("null", .plain), .scalar("Null", .plain), .scalar("NULL", .plain):
            return .null(start: value.start, end: value.end)
        case .scalar(let text, _):
            throw Diagnostic.error("'\(name)' is a single value ('\(text)'), not a list; write it as \(name): [\(text)]",
                                   code: "not-a-list", at: location(value.mark))
        case .mappingStart:
            throw Diagnostic.error("'\(name)' is a mapping, not a list", code: "not-a-list", at: location(value.mark))
        case .sequenceStart(let flow):
            var items: [Item] = []
            for event in field.value.dropFirst().dropLast() {
                switch event.kind {
                case let .scalar(text, style) where event.anchor == nil && event.tag == nil:
                    if !flow && (style == .literal || style == .folded || lineNumber(event.start) != lineNumber(event.end)) {
                        throw refusal("item '\(text)' of '\(name)' spans several lines", at: event.mark)
                    }
                    items.append(Item(value: text, style: style, start: event.start, end: event.end, mark: event.mark))
                case .alias(let anchor):
                    throw refusal("an item of '\(name)' is an alias (*\(anchor))", at: event.mark)
                case .scalar:
                    throw refusal("an item of '\(name)' has an anchor or a tag", at: event.mark)
                default:
                    throw refusal("an item of '\(name)' is not a single value", at: event.mark)
                }
            }
            guard let end = field.value.last else { return .absent }
            if flow {
                guard yaml[value.start] == UInt8(ascii: "["), yaml[end.start] == UInt8(ascii: "]") else {
                    throw refusal("cannot find the brackets of '\(name)'", at: value.mark)
                }
                return .flow(open: value.start, close: end.start, items: items)
            }
            for item in items {
                let line = LineCursor.line(containing: item.start, in: yaml)
                let prefix = yaml[line.start..<item.start]
                let dash = prefix.firstIndex { $0 != 0x20 && $0 != 0x09 }
                guard let dash, yaml[dash] == UInt8(ascii: "-"), prefix[(dash + 1)...].allSatisfy({ $0 == 0x20 || $0 == 0x09 }),
                      dash + 1 < item.start else {
                    throw refusal("item '\(item.value)' of '\(name)' does not start its line with '- '", at: item.mark)
                }
            }
            return .block(colonEnd: try colonEnd(after: field.key, name: name), items: items)
        default:
            throw refusal("'\(name)' is not a list", at: value.mark)
        }
    }

    /// Just after the `:` that follows a key.
    private func colonEnd(after key: YAMLSpanEvent, name: String) throws(Diagnostic) -> Int {
        var index = key.end
        while index < yaml.count, yaml[index] == 0x20 || yaml[index] == 0x09 { index += 1 }
        guard index < yaml.count, yaml[index] == UInt8(ascii: ":") else {
            throw refusal("cannot find the ':' after '\(name)'", at: key.mark)
        }
        return index + 1
    }

    private func lineNumber(_ offset: Int) -> Int {
        var cursor = LineCursor(bytes: yaml, position: 0)
        var number = 0
        while let line = cursor.next() {
            if offset <= line.end { return number }
            number += 1
        }
        return number
    }

    func location(_ mark: Mark) -> SourceLocation {
        SourceLocation(path: path, line: mark.line, column: mark.column)
    }

    private func refusal(_ message: String, at mark: Mark) -> Diagnostic {
        .error("cannot edit safely: \(message)", code: "uneditable-front-matter", at: location(mark))
    }
}
