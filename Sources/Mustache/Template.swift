/// A compiled Mustache template: parsed once, rendered any number of times from any thread.
///
/// Rendering goes through a ``MustacheLibrary``, which supplies the partials and parents the
/// template names.
public final class Template: @unchecked Sendable {
    // Unchecked: `text` is written only by `init` and freed only by `deinit`; all else is `let`.

    /// The name errors report, and by which partial and parent tags include the template.
    public let name: String
    /// Literal text, with standalone lines and block indentation already removed. It lives in
    /// memory of its own so that rendering copies from it without reference counting.
    let text: UnsafeBufferPointer<UInt8>
    /// Offsets into `text` where text nodes start lines: where indentation goes.
    let lineStarts: [Int]
    /// The indentation already written into `text` at each line start, for a copy of a partial
    /// made to be expanded with that indentation; empty for a template as compiled.
    let indentation: [UInt8]
    /// The template as compiled, when this is an indented copy of it.
    let compiled: Template?
    let nodes: [Node]
    let names: [DottedName]
    /// The parts of every dotted name, hashed.
    let keys: [LookupKey]
    let partials: [PartialTag]
    let parents: [ParentTag]
    let blocks: [BlockTag]

    /// Compiles a template.
    ///
    /// - Parameters:
    ///   - name: the template's name, used in errors and by tags that include it.
    ///   - source: the template text.
    /// - Throws: ``MustacheError`` for a syntax error, located in this template.
    public init(name: String, source: String) throws(MustacheError) {
        var compiler = TemplateCompiler(name: name, source: source)
        try compiler.compile()
        self.name = name
        let text = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: compiler.text.count)
        _ = text.initialize(from: compiler.text)
        self.text = UnsafeBufferPointer(text)
        lineStarts = compiler.lineStarts
        indentation = []
        compiled = nil
        nodes = compiler.nodes
        names = compiler.names
        keys = compiler.keys
        partials = compiler.partials
        parents = compiler.parents
        blocks = compiler.blocks
    }

    /// Makes a copy of `template` whose text carries `indentation` at each line start, so that
    /// expanding it with that indentation is a plain copy of its text.
    init(indenting template: Template, by indentation: [UInt8]) {
        var text: [UInt8] = []
        var lineStarts: [Int] = []
        var nodes = template.nodes
        for (index, node) in nodes.enumerated() {
            guard case .text(let span) = node else { continue }
            let start = text.count
            let firstLineStart = lineStarts.count
            var copied = span.bytes.lowerBound
            let breaks = span.lineStarts.map { template.lineStarts[$0] }
            for lineStart in (span.startsLine ? [span.bytes.lowerBound] : []) + breaks {
                text.append(contentsOf: template.text[copied..<lineStart])
                text.append(contentsOf: indentation)
                // Further indentation, of blocks within this copy, goes after what is written.
                lineStarts.append(text.count)
                copied = lineStart
            }
            text.append(contentsOf: template.text[copied..<span.bytes.upperBound])
            nodes[index] = .text(TextSpan(
                bytes: start..<text.count, lineStarts: firstLineStart..<lineStarts.count, startsLine: false
            ))
        }
        name = template.name
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count)
        _ = storage.initialize(from: text)
        self.text = UnsafeBufferPointer(storage)
        self.lineStarts = lineStarts
        self.indentation = template.indentation + indentation
        compiled = template.compiled ?? template
        self.nodes = nodes
        names = template.names
        keys = template.keys
        partials = template.partials
        parents = template.parents
        blocks = template.blocks
    }

    deinit {
        text.deallocate()
    }

    /// The template as compiled: itself, or the template this is an indented copy of.
    var unindented: Template {
        compiled ?? self
    }

    /// The templates this one includes by a fixed name, with where it names them, in source order.
    var namedReferences: [(name: String, position: SourcePosition)] {
        let references = partials.map { ($0.target, $0.position) } + parents.map { ($0.target, $0.position) }
        return references
            .compactMap { target, position in
                if case .named(let name) = target { (name, position) } else { nil }
            }
            .sorted { ($0.position.line, $0.position.column) < ($1.position.line, $1.position.column) }
    }
}
