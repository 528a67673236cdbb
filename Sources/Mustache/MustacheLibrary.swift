/// A set of named templates that include one another, compiled on first use and cached.
///
/// The library asks its resolver for a template's source the first time a name is needed, by
/// ``template(named:)`` or by a partial or parent tag while rendering, and keeps the compiled
/// result. It is safe to render from many threads at once.
///
/// ```swift
/// let library = MustacheLibrary(templates: ["page": "{{<layout}}{{$body}}Hi {{name}}{{/body}}{{/layout}}",
///                                           "layout": "<main>{{$body}}{{/body}}</main>"])
/// let page = try library.template(named: "page")!
/// let html = try library.render(page, with: ["name": "Varré"])   // <main>Hi Varré</main>
/// ```
public final class MustacheLibrary: Sendable {
    /// Whether a partial or parent the resolver does not know is an error. The specification
    /// renders it as nothing, which is the default.
    public let isStrict: Bool
    private let resolver: @Sendable (String) -> String?
    let cache = TemplateCache()

    /// Creates a library that loads template sources from `resolver`.
    ///
    /// - Parameters:
    ///   - strict: whether a missing partial or parent is an error rather than nothing.
    ///   - resolver: returns the source of the template with the given name, or `nil` when there
    ///     is none. It is called once per name, unless several threads first need a name at the
    ///     same moment; it may be called from any thread.
    public init(strict: Bool = false, resolver: @escaping @Sendable (String) -> String?) {
        isStrict = strict
        self.resolver = resolver
    }

    /// Creates a library over template sources keyed by name.
    public convenience init(templates: [String: String], strict: Bool = false) {
        self.init(strict: strict) { templates[$0] }
    }

    /// The compiled template named `name`, or `nil` when the resolver has no such template.
    ///
    /// - Throws: ``MustacheError`` when its source does not compile.
    public func template(named name: String) throws(MustacheError) -> Template? {
        try cachedTemplate(named: name).get()
    }

    /// Compiles the named templates and every template they include by a fixed name, however
    /// indirectly, and returns all the errors found rather than stopping at the first.
    ///
    /// In strict mode, each tag naming a missing partial or parent is an error. A name in `names`
    /// that the resolver does not know is reported at line 1, column 1 of that name. Templates
    /// chosen at render time by dynamic names (`{{>*name}}`) cannot be checked in advance.
    public func validate(_ names: some Sequence<String>) -> [MustacheError] {
        var errors: [MustacheError] = []
        var visited: Set<String> = []
        var pending: [Template] = []
        // Loads a template the first time it is named; false when the resolver has none.
        func include(_ name: String) -> Bool {
            switch cachedTemplate(named: name) {
            case .success(nil):
                return false
            case .success(let template?):
                if visited.insert(name).inserted { pending.append(template) }
            case .failure(let error):
                if visited.insert(name).inserted { errors.append(error) }
            }
            return true
        }
        for name in names where !include(name) {
            errors.append(MustacheError(template: name, line: 1, column: 1, message: "no template named '\(name)'"))
        }
        while let template = pending.popLast() {
            for (name, position) in template.namedReferences where !include(name) && isStrict {
                errors.append(MustacheError(
                    template: template.name, line: position.line, column: position.column,
                    message: "no partial named '\(name)'"
                ))
            }
        }
        return errors
    }

    /// Renders `template` with `data` as the bottom of the context stack.
    ///
    /// - Throws: ``MustacheError`` for a partial that does not compile, a missing partial in
    ///   strict mode, or partials nested too deeply (a partial that includes itself without end).
    public func render(_ template: Template, with data: MustacheValue) throws(MustacheError) -> String {
        try render(template, with: data, capacity: 0) { String(decodingInASCIIRuns: $0) }
    }

    /// Renders `template` with `data`, appending the UTF-8 output to `output`; on error, `output`
    /// is left as it was.
    ///
    /// This skips making a `String`, which validates the whole output again: use it to write
    /// pages straight to files, or to render many pages into one reused buffer.
    public func render(
        _ template: Template, with data: MustacheValue, appendingTo output: inout [UInt8]
    ) throws(MustacheError) {
        // A buffer reused across pages has room for a page already: render into as much.
        try withUnsafePointer(to: data) { (data) throws(MustacheError) in
            var renderer = Renderer(library: self, data: data, capacity: Self.capacity(for: template, atLeast: output.capacity - output.count))
            try renderer.render(template, template.nodes.indices)
            renderer.output.move(appendingTo: &output)
        }
    }

    /// Renders `template` with `data`, appending the UTF-8 output to `chunks` in pieces that,
    /// joined, are the page; on error, `chunks` is left as it was.
    ///
    /// Unlike ``render(_:with:appendingTo:)`` this never holds a big page twice: each piece is
    /// handed over as soon as it is complete. A page of ordinary size comes as one piece.
    ///
    /// With `memo`, the partials and parents the render looks up are first looked for among those
    /// earlier renders with the same memo looked up (see ``TemplateMemo``), and kept there for the next.
    public func render(
        _ template: Template, with data: MustacheValue, appendingChunksTo chunks: inout [[UInt8]], memo: TemplateMemo? = nil
    ) throws(MustacheError) {
        try withUnsafePointer(to: data) { (data) throws(MustacheError) in
            var renderer = Renderer(library: self, data: data, capacity: Self.capacity(for: template, atLeast: 0))
            if let memo { renderer.loaded = memo.take(for: self) }
            do throws(MustacheError) {
                try renderer.render(template, template.nodes.indices)
            } catch {
                memo?.keep(renderer.loaded, for: self)
                throw error
            }
            memo?.keep(renderer.loaded, for: self)
            renderer.output.move(appendingChunksTo: &chunks)
        }
    }

    /// Renders the template named `name`.
    ///
    /// - Throws: ``MustacheError`` as ``render(_:with:)`` does, when the template does not compile,
    ///   or when there is no such template (reported at line 1, column 1 of that name).
    public func render(named name: String, with data: MustacheValue) throws(MustacheError) -> String {
        guard let template = try template(named: name) else {
            throw MustacheError(template: name, line: 1, column: 1, message: "no template named '\(name)'")
        }
        return try render(template, with: data)
    }

    private func render<Result>(
        _ template: Template, with data: MustacheValue, capacity: Int, finish: (UnsafeBufferPointer<UInt8>) -> Result
    ) throws(MustacheError) -> Result {
        try withUnsafePointer(to: data) { (data) throws(MustacheError) -> Result in
            var renderer = Renderer(library: self, data: data, capacity: Self.capacity(for: template, atLeast: capacity))
            try renderer.render(template, template.nodes.indices)
            return renderer.output.withBytes(finish)
        }
    }

    /// What a render of `template` first makes room for: most pages fit.
    private static func capacity(for template: Template, atLeast capacity: Int) -> Int {
        max(capacity, 4 * template.text.count + 1024)
    }

    func cachedTemplate(named name: String) -> Result<Template?, MustacheError> {
        cache.template(named: name) { resolver(name) }
    }

    /// The template named `name` as expanded with `indentation`: a copy with the indentation
    /// written in, made once per name and indentation.
    func cachedTemplate(named name: String, indentedBy indentation: [UInt8]) -> Result<Template?, MustacheError> {
        cachedTemplate(named: name).map { template in
            guard let template, !indentation.isEmpty else { return template }
            return cache.template(template, named: name, indentedBy: indentation)
        }
    }
}
