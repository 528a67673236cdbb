/// A compiled Mustache template: parsed once, rendered any number of times from any thread.
///
/// Rendering goes through a ``MustacheLibrary``, which supplies the partials and parents the
/// template names.
public final class Template: Sendable {
    /// The name errors report, and by which partial and parent tags include the template.
    public let name: String
    /// Literal text, with standalone lines and block indentation already removed.
    let text: [UInt8]
    let nodes: [Node]
    let names: [DottedName]
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
        text = compiler.text
        nodes = compiler.nodes
        names = compiler.names
        partials = compiler.partials
        parents = compiler.parents
        blocks = compiler.blocks
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
