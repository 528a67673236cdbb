extension YAMLError {
    /// Turns libyaml's problem into a message and a position a person would look at.
    ///
    /// libyaml reports two places: where it gave up (the problem mark) and the construct it was
    /// reading (the context mark). The problem mark is right for most errors; the context mark is
    /// used when the problem mark says nothing useful: at the end of the input (an unclosed
    /// bracket or quote), inside an unclosed quoted scalar, or the line after a key without ':'.
    init(_ problem: LibYAMLProblem, in text: String, lineOffset: Int) {
        let source = LibYAMLSourceText(text)
        let end = LibYAMLEndOfInput(utf8: text.utf8)
        func mark(_ raw: LibYAMLProblem.RawMark) -> Mark {
            let place = end.clamped(line: raw.line, column: raw.column)
            return Mark(line: place.line + 1 + lineOffset, column: place.column + 1)
        }

        switch problem.kind {
        case .memory:
            self.init("out of memory while parsing YAML", at: Mark(line: 1 + lineOffset, column: 1))

        case .reader(let byteOffset, let value):
            let raw = source.mark(ofByteOffset: byteOffset)
            self.init("\(problem.problem) (found \(Self.codePoint(value)))", at: mark(raw))

        case .syntax:
            let (message, position) = Self.describe(problem, in: source, mark: mark)
            self.init(message, at: mark(position))
        }
    }

    /// The message for a scanner or parser problem, and the raw position to report it at.
    private static func describe(
        _ problem: LibYAMLProblem,
        in source: LibYAMLSourceText,
        mark: (LibYAMLProblem.RawMark) -> Mark
    ) -> (String, LibYAMLProblem.RawMark) {
        let problemMark = problem.problemMark
        let found = source.scalar(at: problemMark.index)
        if problem.problem == "found character that cannot start any token" {
            // The context ("while scanning for the next token") adds nothing to this one.
            return (cannotStartToken(found), problemMark)
        }

        var message = problem.problem
        var position = problemMark
        var hint: String?
        switch problem.problem {
        case "mapping values are not allowed in this context":
            let prefix = source.linePrefix(before: problemMark)
            let indent = prefix.prefix { $0 == " " }.count
            if prefix.contains(": ") {
                hint = "quote a value that contains ': '"
            } else if indent > 0 && indent < prefix.count {
                // An over-indented key: point at the key, where the indentation went wrong.
                position = LibYAMLProblem.RawMark(
                    index: problemMark.index - problemMark.column + indent,
                    line: problemMark.line,
                    column: indent
                )
                hint = "check the indentation of this line"
            }
        case "did not find expected key" where found == "-":
            hint = "a '- ' list item cannot stand among the keys of a mapping"
        default:
            break
        }

        if let context = problem.context, let contextMark = problem.contextMark {
            message += " " + context
            let atEnd = source.isBlank(from: problemMark.index)
            let quoted = context == "while scanning a quoted scalar"
            if atEnd || quoted || problem.problem == "could not find expected ':'" {
                position = contextMark
                if quoted {
                    hint = "is the closing quote missing?"
                } else if let closer = closer(of: context) {
                    hint = "is the closing '\(closer)' missing?"
                } else if atEnd && !problem.problem.contains("end of stream") {
                    hint = "reached the end of the input"
                }
            } else if contextMark.line < position.line {
                let start = mark(contextMark)
                message += " started at line \(start.line), column \(start.column)"
            }
        }
        if let hint { message += " (\(hint))" }
        return (message, position)
    }

    private static func cannotStartToken(_ found: Unicode.Scalar?) -> String {
        switch found {
        case "\t"?:
            return "found a tab character that cannot start any token (YAML indentation must use spaces)"
        case let scalar? where scalar == "@" || scalar == "`":
            return "found character '\(scalar)' that cannot start any token (quote values that start with '@' or '`')"
        case let scalar?:
            return "found character '\(scalar.escaped(asASCII: false))' that cannot start any token"
        case nil:
            return "found character that cannot start any token"
        }
    }

    private static func closer(of context: String) -> Character? {
        switch context {
        case "while parsing a flow sequence": return "]"
        case "while parsing a flow mapping": return "}"
        default: return nil
        }
    }

    private static func codePoint(_ value: Int) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
