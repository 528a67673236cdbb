extension Renderer {
    /// `{{>name}}`: renders the named template in the current context.
    mutating func renderPartial(_ partial: PartialTag, in template: Template) throws(MustacheError) {
        guard let name = resolve(partial.target, in: template) else { return }
        try expand(name, indentedBy: partial.indentation, from: template, at: partial.position)
    }

    /// `{{<name}}…{{/name}}`: renders the named template with the tag's blocks replacing its own.
    mutating func renderParent(_ parent: ParentTag, in template: Template) throws(MustacheError) {
        guard let name = resolve(parent.target, in: template) else { return }
        // The blocks render wherever the parent puts them, under its indentation, so they are
        // taken from the template as compiled rather than from an indented copy.
        overrides.append(OverrideFrame(template: template.unindented, blocks: parent.overrides))
        try expand(name, indentedBy: parent.indentation, from: template, at: parent.position)
        overrides.removeLast()
    }

    /// `{{$name}}…{{/name}}`: renders the outermost parent tag's block of this name if any
    /// passes one (the specification gives the most derived template the last word), else the
    /// block's own content.
    mutating func renderBlock(_ block: BlockTag, in template: Template) throws(MustacheError) {
        var source = template
        var content = block
        search: for frame in overrides {
            for index in frame.blocks where frame.template.blocks[index].name == block.name {
                source = frame.template
                content = frame.template.blocks[index]
                break search
            }
        }
        let savedIndentation = indentation.count
        indentation.append(contentsOf: block.indentation)
        defer { indentation.removeSubrange(savedIndentation...) }
        guard !block.indentation.isEmpty, !content.startsLine else {
            try nest(source, content.body, at: block.position)
            return
        }
        // Content that starts mid-line does not indent its first line itself; indent it here,
        // unless the content turns out to render nothing.
        let start = output.count
        output.append(indentation)
        try nest(source, content.body, at: block.position)
        if output.count == start + indentation.count {
            output.truncate(to: start)
        }
    }

    /// The name of the template a partial or parent tag includes, or `nil` when a dynamic name
    /// resolves to nothing, which renders nothing, even in strict mode.
    private func resolve(_ target: TemplateReference, in template: Template) -> String? {
        switch target {
        case .named(let name):
            return name
        case .dynamic(let dottedName):
            guard let name = context.lookup(dottedName, in: template)?.pointee.interpolationText, !name.isEmpty else {
                return nil
            }
            return name
        }
    }

    /// Renders the template named `name`, indented by `extra` more than the current indentation.
    private mutating func expand(
        _ name: String, indentedBy extra: [UInt8], from template: Template, at position: SourcePosition
    ) throws(MustacheError) {
        let savedIndentation = indentation.count
        indentation.append(contentsOf: extra)
        defer { indentation.removeSubrange(savedIndentation...) }
        guard let included = try load(name, from: template, at: position) else { return }
        expansions += 1
        guard expansions <= MustacheLimits.maximumExpansions else {
            throw MustacheError(
                template: template.name, line: position.line, column: position.column,
                message: "more than \(MustacheLimits.maximumExpansions) partial expansions; does a partial include itself without end?"
            )
        }
        try nest(included, included.nodes.indices, at: position)
    }

    /// The template named `name`, indented by the current indentation; `nil` when there is none
    /// and the library is not strict.
    private mutating func load(
        _ name: String, from template: Template, at position: SourcePosition
    ) throws(MustacheError) -> Template? {
        let found: Template?
        if let known = known(name) {
            found = known
        } else {
            found = try library.cachedTemplate(named: name, indentedBy: indentation).get()
            loaded.append((name, indentation, found))
        }
        if found == nil, library.isStrict {
            throw MustacheError(
                template: template.name, line: position.line, column: position.column,
                message: "no partial named '\(name)'"
            )
        }
        return found
    }

    /// The template loaded before as `name` at the current indentation (itself nil when there was
    /// none); nil when it was not loaded. The names are read in place and told apart by their
    /// lengths first: most differ in length, and a whole comparison of two names is about eighty
    /// instructions, a copy of an element three counts up and down.
    private func known(_ name: String) -> Template?? {
        let length = name.utf8.count
        return loaded.withUnsafeBufferPointer { loaded -> Template?? in
            for index in loaded.indices where loaded[index].name.utf8.count == length {
                if loaded[index].name == name && loaded[index].indentation == indentation { return .some(loaded[index].template) }
            }
            return nil
        }
    }
}
