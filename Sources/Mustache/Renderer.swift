/// Renders compiled templates into one growing byte buffer: the state of a single render call.
struct Renderer: ~Copyable {
    let library: MustacheLibrary
    var output: OutputBuffer
    var context: ContextStack
    /// What each source line of the template being rendered is prefixed with: the indentation of
    /// the standalone partials, parents and blocks it is being expanded into.
    var indentation: [UInt8] = []
    /// The blocks passed by the parent tags being expanded, outermost first.
    var overrides: [OverrideFrame] = []
    /// Templates loaded during this render, by name and indentation, so each goes to the shared
    /// cache once; a page uses few partials, so a list beats hashing.
    var loaded: [(name: String, indentation: [UInt8], template: Template?)] = []
    var depth = 0
    var expansions = 0

    init(library: MustacheLibrary, data: UnsafePointer<MustacheValue>, capacity: Int) {
        self.library = library
        output = OutputBuffer(capacity: capacity)
        context = ContextStack(data: data)
    }

    /// Renders the nodes at `range` of `template`.
    mutating func render(_ template: Template, _ range: Range<Int>) throws(MustacheError) {
        var index = range.lowerBound
        while index < range.upperBound {
            switch template.nodes[index] {
            case .text(let span):
                // The current indentation starts with what the template carries written in (an
                // indented copy of a partial carries all of it), so only the rest is added here.
                if indentation.count == template.indentation.count || (!span.startsLine && span.lineStarts.isEmpty) {
                    output.append(UnsafeBufferPointer(rebasing: template.text[span.bytes]))
                } else {
                    appendIndented(span, of: template)
                }
            case .lineStart:
                output.append(indentation)
            case .variable(let name, let escaped):
                if let value = context.lookup(template.names[name], in: template) {
                    append(at: value, escaped: escaped)
                }
            case .section(let name, let end):
                try renderSection(template, name: template.names[name], body: index + 1..<end)
                index = end
                continue
            case .invertedSection(let name, let end):
                let dottedName = template.names[name]
                if !(context.lookup(dottedName, in: template)?.pointee.isTruthy ?? false) {
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

    private mutating func renderSection(_ template: Template, name: DottedName, body: Range<Int>) throws(MustacheError) {
        guard let value = context.lookup(name, in: template) else { return }
        if let elements = Self.elementsInPlace(value) {
            for index in elements.indices {
                context.push(elements.baseAddress! + index)
                try nest(template, body, at: name.position)
                context.pop()
            }
        } else if case .sequence(let elements) = value.pointee {
            for index in elements.indices {
                // The element lives until its section is rendered, and no longer.
                let element = elements[index]
                try withUnsafePointer(to: element) { (element) throws(MustacheError) in
                    context.push(element)
                    try nest(template, body, at: name.position)
                    context.pop()
                }
            }
        } else if value.pointee.isTruthy {
            context.push(value)
            try nest(template, body, at: name.position)
            context.pop()
        }
    }

    /// The elements of the list at `value`, read where the list keeps them: valid while the data
    /// lives, as it does throughout a render. Nil for any other value.
    ///
    /// A list matched out of `value.pointee` in the mutating render was copied, its count raised
    /// and lowered again for every section over a list of every page.
    @inline(__always)
    private static func elementsInPlace(_ value: UnsafePointer<MustacheValue>) -> UnsafeBufferPointer<MustacheValue>? {
        guard case .list(let elements) = value.pointee else { return nil }
        return elements.withUnsafeBufferPointer { $0 }
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
