/// Renders compiled templates into one growing byte buffer: the state of a single render call.
struct Renderer {
    let library: MustacheLibrary
    var output: [UInt8]
    /// The context stack; the data is at the bottom, each section's value is pushed above it.
    var context: [MustacheValue]
    /// What each source line of the template being rendered is prefixed with: the indentation of
    /// the standalone partials, parents and blocks it is being expanded into.
    var indentation: [UInt8] = []
    /// The blocks passed by the parent tags being expanded, outermost first.
    var overrides: [OverrideFrame] = []
    /// Templates loaded during this render, so each name goes to the shared cache once.
    var loaded: [String: Template?] = [:]
    var depth = 0
    var expansions = 0

    init(library: MustacheLibrary, data: MustacheValue, output: [UInt8]) {
        self.library = library
        self.output = output
        context = [data]
    }

    /// Hands over the rendered bytes, leaving the renderer empty.
    mutating func takeOutput() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &output)
        return taken
    }

    /// Renders the nodes at `range` of `template`.
    mutating func render(_ template: Template, _ range: Range<Int>) throws(MustacheError) {
        var index = range.lowerBound
        while index < range.upperBound {
            switch template.nodes[index] {
            case .text(let text, let startsLine):
                if indentation.isEmpty {
                    output.append(contentsOf: template.text[text])
                } else {
                    appendIndented(template.text[text], startsLine: startsLine)
                }
            case .lineStart:
                output.append(contentsOf: indentation)
            case .variable(let name, let escaped):
                if let value = lookup(template.names[name]) {
                    append(value, escaped: escaped)
                }
            case .section(let name, let end):
                try renderSection(template, name: name, body: index + 1..<end)
                index = end
                continue
            case .invertedSection(let name, let end):
                let dottedName = template.names[name]
                if !(lookup(dottedName)?.isTruthy ?? false) {
                    try nest(template, index + 1..<end, at: dottedName.position)
                }
                index = end
                continue
            case .partial(let partial):
                try renderPartial(template.partials[partial], in: template)
            case .parent(let parent):
                try renderParent(template.parents[parent], in: template)
                index = template.parents[parent].end
                continue
            case .block(let block):
                try renderBlock(template.blocks[block], in: template)
                index = template.blocks[block].body.upperBound
                continue
            }
            index += 1
        }
    }

    private mutating func renderSection(_ template: Template, name: Int, body: Range<Int>) throws(MustacheError) {
        let dottedName = template.names[name]
        guard let value = lookup(dottedName) else { return }
        if case .list(let elements) = value {
            for element in elements {
                context.append(element)
                try nest(template, body, at: dottedName.position)
                context.removeLast()
            }
        } else if value.isTruthy {
            context.append(value)
            try nest(template, body, at: dottedName.position)
            context.removeLast()
        }
    }

    /// Renders nodes one level deeper, failing rather than exhausting the stack.
    mutating func nest(_ template: Template, _ range: Range<Int>, at position: SourcePosition) throws(MustacheError) {
        guard depth < MustacheLimits.maximumDepth else {
            throw MustacheError(
                template: template.name, line: position.line, column: position.column,
                message: "nesting deeper than \(MustacheLimits.maximumDepth) levels; does a partial include itself without end?"
            )
        }
        depth += 1
        try render(template, range)
        depth -= 1
    }
}
