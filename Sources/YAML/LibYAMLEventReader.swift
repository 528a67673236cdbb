import CYAML

/// The only code that touches libyaml. It runs the event parser over a string and hands each
/// event to a Swift closure as a `YAMLEvent`; every C pointer lives and dies inside `read`.
enum LibYAMLEventReader {
    /// Parses `text` and calls `handle` with each event in order, up to and including the end of
    /// the stream. An error thrown by `handle` stops the parse and is rethrown; a libyaml error is
    /// turned into a `YAMLError` positioned in `text`.
    static func read(
        _ text: String,
        lineOffset: Int,
        handle: (YAMLEvent) throws(YAMLError) -> Void
    ) throws(YAMLError) {
        var contiguous = text
        // `withUTF8` only rethrows untyped errors, so the typed error travels out in a Result.
        let outcome: Result<LibYAMLProblem?, YAMLError> = contiguous.withUTF8 { bytes in
            Result { () throws(YAMLError) in
                try read(bytes: bytes, lineOffset: lineOffset, handle: handle)
            }
        }
        if let problem = try outcome.get() {
            throw YAMLError(problem, in: text, lineOffset: lineOffset)
        }
    }

    /// Returns libyaml's problem when it rejects the input, nil when the stream ended normally.
    private static func read(
        bytes: UnsafeBufferPointer<UInt8>,
        lineOffset: Int,
        handle: (YAMLEvent) throws(YAMLError) -> Void
    ) throws(YAMLError) -> LibYAMLProblem? {
        // libyaml asserts on a null input pointer; an empty input has no events worth reading.
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }

        // The parser keeps pointers into itself, so it must not move: it lives on the heap.
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else {
            throw YAMLError("out of memory while parsing YAML", at: Mark(line: 1 + lineOffset, column: 1))
        }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_input_string(parser, base, bytes.count)

        let end = LibYAMLEndOfInput(utf8: bytes)
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        defer { event.deallocate() }

        while true {
            guard yaml_parser_parse(parser, event) != 0 else { return problem(of: parser.pointee) }
            let converted = convert(event.pointee, end: end, lineOffset: lineOffset)
            yaml_event_delete(event)
            try handle(converted)
            if converted == .streamEnd { return nil }
        }
    }

    private static func convert(_ event: yaml_event_t, end: LibYAMLEndOfInput, lineOffset: Int) -> YAMLEvent {
        let start = end.clamped(line: Int(event.start_mark.line), column: Int(event.start_mark.column))
        let mark = Mark(line: start.line + 1 + lineOffset, column: start.column + 1)
        switch event.type {
        case YAML_STREAM_START_EVENT:
            return .streamStart
        case YAML_DOCUMENT_START_EVENT:
            return .documentStart(mark)
        case YAML_DOCUMENT_END_EVENT:
            return .documentEnd
        case YAML_ALIAS_EVENT:
            return .alias(anchor: string(event.data.alias.anchor) ?? "", mark: mark)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let value = String(
                decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)),
                as: UTF8.self
            )
            return .scalar(
                value,
                style: style(scalar.style),
                tag: string(scalar.tag),
                anchor: string(scalar.anchor),
                mark: mark
            )
        case YAML_SEQUENCE_START_EVENT:
            let start = event.data.sequence_start
            return .sequenceStart(tag: string(start.tag), anchor: string(start.anchor), mark: mark)
        case YAML_SEQUENCE_END_EVENT:
            return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let start = event.data.mapping_start
            return .mappingStart(tag: string(start.tag), anchor: string(start.anchor), mark: mark)
        case YAML_MAPPING_END_EVENT:
            return .mappingEnd
        default:
            // libyaml signals the end with STREAM-END; any other value would be a library bug,
            // and ending the stream is the safe reading of it.
            return .streamEnd
        }
    }

    static func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }

    static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    static func problem(of parser: yaml_parser_t) -> LibYAMLProblem {
        let kind: LibYAMLProblem.Kind
        switch parser.error {
        case YAML_READER_ERROR:
            kind = .reader(byteOffset: Int(parser.problem_offset), value: Int(parser.problem_value))
        case YAML_MEMORY_ERROR:
            kind = .memory
        default:
            kind = .syntax
        }
        let context = parser.context.map { String(cString: $0) }
        return LibYAMLProblem(
            kind: kind,
            problem: parser.problem.map { String(cString: $0) } ?? "invalid YAML",
            problemMark: rawMark(parser.problem_mark),
            context: context,
            contextMark: context == nil ? nil : rawMark(parser.context_mark)
        )
    }

    static func rawMark(_ mark: yaml_mark_t) -> LibYAMLProblem.RawMark {
        LibYAMLProblem.RawMark(index: Int(mark.index), line: Int(mark.line), column: Int(mark.column))
    }
}
