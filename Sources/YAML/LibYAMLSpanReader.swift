import CYAML

/// Runs libyaml's event parser and keeps each event's source span, as UTF-8 offsets computed from
/// libyaml's lines and columns (which count Unicode scalars and treat CRLF, CR, LF, NEL, LS and PS
/// as line breaks, as libyaml does).
enum LibYAMLSpanReader {
    static func read(_ text: String, lineOffset: Int) throws(YAMLError) -> [YAMLSpanEvent] {
        var contiguous = text
        let outcome: Result<([YAMLSpanEvent], LibYAMLProblem?), YAMLError> = contiguous.withUTF8 { bytes in
            Result { () throws(YAMLError) in
                try read(bytes: bytes, lineOffset: lineOffset)
            }
        }
        let (events, problem) = try outcome.get()
        if let problem { throw YAMLError(problem, in: text, lineOffset: lineOffset) }
        return events
    }

    private static func read(bytes: UnsafeBufferPointer<UInt8>, lineOffset: Int) throws(YAMLError) -> ([YAMLSpanEvent], LibYAMLProblem?) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return ([], nil) }
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else {
            throw YAMLError("out of memory while parsing YAML", at: Mark(line: 1 + lineOffset, column: 1))
        }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_input_string(parser, base, bytes.count)
        let lines = LineTable(bytes)
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        defer { event.deallocate() }
        var events: [YAMLSpanEvent] = []
        while true {
            guard yaml_parser_parse(parser, event) != 0 else {
                return (events, LibYAMLEventReader.problem(of: parser.pointee))
            }
            let converted = convert(event.pointee, lines: lines, lineOffset: lineOffset)
            let isEnd = event.pointee.type == YAML_STREAM_END_EVENT
            yaml_event_delete(event)
            if let converted { events.append(converted) }
            if isEnd { return (events, nil) }
        }
    }

    private static func convert(_ event: yaml_event_t, lines: LineTable, lineOffset: Int) -> YAMLSpanEvent? {
        let start = lines.offset(line: Int(event.start_mark.line), column: Int(event.start_mark.column))
        let end = lines.offset(line: Int(event.end_mark.line), column: Int(event.end_mark.column))
        let mark = Mark(line: Int(event.start_mark.line) + 1 + lineOffset, column: Int(event.start_mark.column) + 1)
        func span(_ kind: YAMLSpanEvent.Kind, anchor: UnsafeMutablePointer<yaml_char_t>? = nil,
                  tag: UnsafeMutablePointer<yaml_char_t>? = nil) -> YAMLSpanEvent {
            YAMLSpanEvent(kind: kind, anchor: LibYAMLEventReader.string(anchor), tag: normalized(LibYAMLEventReader.string(tag)),
                          start: start, end: end, mark: mark)
        }
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            return span(.documentStart(implicit: event.data.document_start.implicit != 0))
        case YAML_DOCUMENT_END_EVENT:
            return span(.documentEnd(implicit: event.data.document_end.implicit != 0))
        case YAML_ALIAS_EVENT:
            return span(.alias(LibYAMLEventReader.string(event.data.alias.anchor) ?? ""))
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), as: UTF8.self)
            return span(.scalar(value, LibYAMLEventReader.style(scalar.style)), anchor: scalar.anchor, tag: scalar.tag)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            return span(.sequenceStart(flow: data.style == YAML_FLOW_SEQUENCE_STYLE), anchor: data.anchor, tag: data.tag)
        case YAML_SEQUENCE_END_EVENT:
            return span(.sequenceEnd)
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            return span(.mappingStart(flow: data.style == YAML_FLOW_MAPPING_STYLE), anchor: data.anchor, tag: data.tag)
        case YAML_MAPPING_END_EVENT:
            return span(.mappingEnd)
        default:
            return nil
        }
    }

    private static func normalized(_ tag: String?) -> String? {
        let standardPrefix = "tag:yaml.org,2002:"
        guard let tag, tag.hasPrefix(standardPrefix) else { return tag }
        return "!!" + tag.dropFirst(standardPrefix.count)
    }

    /// Byte offsets of line starts, and of each line's Unicode scalars, as libyaml counts them.
    private struct LineTable {
        /// For each line, the byte offset of each scalar on it, plus one past its last scalar.
        var starts: [Int] = [0]
        let bytes: UnsafeBufferPointer<UInt8>

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            var index = 0
            let count = bytes.count
            // A leading byte order mark is not a character libyaml counts.
            if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3; starts = [3] }
            while index < count {
                let byte = bytes[index]
                if byte == 0x0D {
                    index += (index + 1 < count && bytes[index + 1] == 0x0A) ? 2 : 1
                    starts.append(index)
                } else if byte == 0x0A {
                    index += 1
                    starts.append(index)
                } else if byte == 0xC2, index + 1 < count, bytes[index + 1] == 0x85 {
                    index += 2
                    starts.append(index)
                } else if byte == 0xE2, index + 2 < count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                    index += 3
                    starts.append(index)
                } else {
                    index += 1
                }
            }
        }

        /// The byte offset of 0-based `line` and `column` (in scalars), clamped to the text.
        func offset(line: Int, column: Int) -> Int {
            guard line < starts.count else { return bytes.count }
            var index = starts[line]
            var remaining = column
            while remaining > 0, index < bytes.count {
                index += 1
                while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
                remaining -= 1
            }
            return index
        }
    }
}
