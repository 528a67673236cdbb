/// Compiles a template's source into the flat nodes and tables that a `Template` holds.
struct TemplateCompiler {
    let templateName: String
    let bytes: [UInt8]
    let lines: SourceLines

    private(set) var text: [UInt8] = []
    private(set) var lineStarts: [Int] = []
    private(set) var nodes: [Node] = []
    private(set) var names: [DottedName] = []
    var keys: [LookupKey] = []
    private(set) var partials: [PartialTag] = []
    private(set) var parents: [ParentTag] = []
    private(set) var blocks: [BlockTag] = []

    private var openTags: [OpenTag] = []
    /// How many bytes of leading whitespace to remove from each source line: the intrinsic
    /// indentation of the blocks being compiled, which they re-add where they are expanded.
    private var dedent = 0
    /// Whether nothing has been compiled yet on the current source line.
    private var atLineStart = true
    /// Whether the last node is text that more text may extend; not once a body has closed
    /// after it, since text after a closing tag is outside the body.
    private var lastNodeTakesText = false

    init(name: String, source: String) {
        templateName = name
        bytes = Array(source.utf8)
        lines = SourceLines(bytes)
    }

    mutating func compile() throws(MustacheError) {
        let name = templateName
        let lines = lines
        var scanner = TemplateScanner(bytes: bytes) { offset, message in
            let position = lines.position(of: offset)
            return MustacheError(template: name, line: position.line, column: position.column, message: message)
        }
        for token in markStandaloneLines(try scanner.scan()) {
            switch token {
            case .text(let range): appendText(range)
            case .tag(let tag): try append(tag)
            }
        }
        if let unclosed = openTags.last {
            throw error(at: unclosed.tag.range.lowerBound, "unclosed \(unclosed.tag.kind.noun) '\(unclosed.tag.content)'")
        }
        findLineStarts()
    }

    /// Records where each text node's inner lines start, once merging is over, so that rendering
    /// an indented partial never searches its text.
    private mutating func findLineStarts() {
        for (index, node) in nodes.enumerated() {
            guard case .text(let span) = node else { continue }
            let first = lineStarts.count
            for offset in span.bytes.dropLast() where text[offset] == UInt8(ascii: "\n") {
                if !Self.isEmptyLine(text, at: offset + 1, end: span.bytes.upperBound) {
                    lineStarts.append(offset + 1)
                }
            }
            let startsLine = span.startsLine && !Self.isEmptyLine(text, at: span.bytes.lowerBound, end: span.bytes.upperBound)
            nodes[index] = .text(TextSpan(bytes: span.bytes, lineStarts: first..<lineStarts.count, startsLine: startsLine))
        }
    }

    /// Whether the line starting at `offset` is empty: a line ending comes first.
    private static func isEmptyLine(_ text: [UInt8], at offset: Int, end: Int) -> Bool {
        text[offset] == UInt8(ascii: "\n")
            || (text[offset] == UInt8(ascii: "\r") && offset + 1 < end && text[offset + 1] == UInt8(ascii: "\n"))
    }

    func error(at offset: Int, _ message: String) -> MustacheError {
        let position = lines.position(of: offset)
        return MustacheError(template: templateName, line: position.line, column: position.column, message: message)
    }

    private func isLineStart(_ offset: Int) -> Bool {
        offset == 0 || bytes[offset - 1] == UInt8(ascii: "\n")
    }

    /// Text directly inside a parent tag is ignored: only the blocks there mean anything.
    private var isDirectlyInsideParent: Bool {
        openTags.last?.tag.kind == .parent
    }

    private mutating func appendText(_ range: Range<Int>) {
        var lower = range.lowerBound
        if dedent > 0, isLineStart(lower) {
            let limit = min(range.upperBound, lower + dedent)
            while lower < limit, bytes[lower] == UInt8(ascii: " ") || bytes[lower] == UInt8(ascii: "\t") {
                lower += 1
            }
        }
        guard lower < range.upperBound else { return }
        defer { atLineStart = bytes[range.upperBound - 1] == UInt8(ascii: "\n") }
        guard !isDirectlyInsideParent else { return }
        // Consecutive text merges into one node; newlines inside a node still mark line starts.
        if lastNodeTakesText, case .text(let previous)? = nodes.last {
            text.append(contentsOf: bytes[lower..<range.upperBound])
            nodes[nodes.count - 1] = .text(TextSpan(
                bytes: previous.bytes.lowerBound..<text.count, lineStarts: 0..<0, startsLine: previous.startsLine
            ))
        } else {
            let start = text.count
            text.append(contentsOf: bytes[lower..<range.upperBound])
            nodes.append(.text(TextSpan(bytes: start..<text.count, lineStarts: 0..<0, startsLine: atLineStart)))
            lastNodeTakesText = true
        }
    }

    private mutating func append(_ tag: Tag) throws(MustacheError) {
        switch tag.kind {
        case .comment, .setDelimiters:
            return
        case .escapedVariable, .unescapedVariable:
            let name = try dottedName(tag.content, of: tag)
            guard !isDirectlyInsideParent else { return }
            markInlineTag(tag)
            nodes.append(.variable(names.count, escaped: tag.kind == .escapedVariable))
            names.append(name)
        case .section, .invertedSection:
            let name = try dottedName(tag.content, of: tag)
            markInlineTag(tag)
            try open(tag, key: Self.key(tag.content), dedent: 0)
            nodes.append(tag.kind == .section ? .section(names.count, end: 0) : .invertedSection(names.count, end: 0))
            names.append(name)
        case .partial:
            let target = try reference(tag)
            guard !isDirectlyInsideParent else { return }
            markInlineTag(tag)
            nodes.append(.partial(partials.count))
            partials.append(PartialTag(target: target, indentation: indentation(of: tag), position: position(of: tag)))
        case .parent:
            let target = try reference(tag)
            markInlineTag(tag)
            try open(tag, key: Self.key(tag.content), dedent: 0)
            nodes.append(.parent(parents.count))
            parents.append(ParentTag(
                target: target, indentation: indentation(of: tag), overrides: [], end: 0, position: position(of: tag)
            ))
        case .block:
            try appendBlock(tag)
        case .closing:
            try close(tag)
        }
    }

    private mutating func appendBlock(_ tag: Tag) throws(MustacheError) {
        let name = try plainName(tag.content, of: tag)
        let blockIndentation: [UInt8]
        let startsLine: Bool
        if let body = tag.bodyIndentation {
            // The block's content starts on the next line; that line's own indentation (beyond
            // what enclosing blocks remove) is removed from the content and re-added on expansion.
            blockIndentation = body.count > dedent ? Array(bytes[(body.lowerBound + dedent)..<body.upperBound]) : []
            startsLine = true
        } else {
            blockIndentation = indentation(of: tag)
            startsLine = false
        }
        markInlineTag(tag)
        if isDirectlyInsideParent {
            openTags[openTags.count - 1].overrides.append(blocks.count)
        }
        try open(tag, key: name, dedent: tag.bodyIndentation == nil ? 0 : blockIndentation.count)
        nodes.append(.block(blocks.count))
        blocks.append(BlockTag(
            name: name, body: nodes.count..<nodes.count, indentation: blockIndentation,
            startsLine: startsLine, position: position(of: tag)
        ))
    }

    private mutating func open(_ tag: Tag, key: String, dedent added: Int) throws(MustacheError) {
        guard openTags.count < MustacheLimits.maximumDepth else {
            throw error(at: tag.range.lowerBound, "sections, blocks and parents nested more than \(MustacheLimits.maximumDepth) deep")
        }
        openTags.append(OpenTag(tag: tag, key: key, nodeIndex: nodes.count, addedDedent: added))
        dedent += added
    }

    private mutating func close(_ tag: Tag) throws(MustacheError) {
        let key = Self.key(tag.content)
        guard let open = openTags.last else {
            throw error(at: tag.range.lowerBound, "closing tag '\(tag.content)' has no open section to close")
        }
        guard open.key == key else {
            let opened = lines.position(of: open.tag.range.lowerBound)
            throw error(
                at: tag.range.lowerBound,
                "closing tag '\(tag.content)' does not match the open \(open.tag.kind.noun) '\(open.tag.content)' from \(opened.line):\(opened.column)"
            )
        }
        openTags.removeLast()
        dedent -= open.addedDedent
        lastNodeTakesText = false
        let end = nodes.count
        switch nodes[open.nodeIndex] {
        case .section(let name, _):
            nodes[open.nodeIndex] = .section(name, end: end)
        case .invertedSection(let name, _):
            nodes[open.nodeIndex] = .invertedSection(name, end: end)
        case .parent(let index):
            let parent = parents[index]
            parents[index] = ParentTag(
                target: parent.target, indentation: parent.indentation, overrides: open.overrides, end: end,
                position: parent.position
            )
        case .block(let index):
            let block = blocks[index]
            blocks[index] = BlockTag(
                name: block.name, body: block.body.lowerBound..<end, indentation: block.indentation,
                startsLine: block.startsLine, position: block.position
            )
        case .text, .lineStart, .variable, .partial:
            preconditionFailure("an open tag's node is a section, block or parent")
        }
    }

    /// Records that a tag producing output sits on the current line; a standalone tag's line
    /// disappears, so it does not count.
    private mutating func markInlineTag(_ tag: Tag) {
        guard !tag.isStandalone else { return }
        if atLineStart, !isDirectlyInsideParent {
            nodes.append(.lineStart)
        }
        atLineStart = false
    }

    /// The indentation a standalone partial, parent or block adds to each line it expands.
    private func indentation(of tag: Tag) -> [UInt8] {
        guard tag.isStandalone, tag.lineIndentation.count > dedent else { return [] }
        return Array(bytes[(tag.lineIndentation.lowerBound + dedent)..<tag.lineIndentation.upperBound])
    }

    private func position(of tag: Tag) -> SourcePosition {
        lines.position(of: tag.range.lowerBound)
    }

    /// What a closing tag must repeat to close this tag: its content, with the space after a
    /// dynamic name's asterisk ignored.
    static func key(_ content: String) -> String {
        guard content.hasPrefix("*") else { return content }
        return "*" + content.dropFirst().trimmingWhitespace()
    }
}
