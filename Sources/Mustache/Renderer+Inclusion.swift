extension Renderer {
    /// `{{>name}}`: renders the named template in the current context.
    mutating func renderPartial(_ partial: PartialTag, in template: Template) throws(MustacheError) {
        guard let included = try resolve(partial.target, from: template, at: partial.position) else { return }
        try expand(included, indentedBy: partial.indentation, from: template, at: partial.position)
    }

    /// `{{<name}}…{{/name}}`: renders the named template with the tag's blocks replacing its own.
    mutating func renderParent(_ parent: ParentTag, in template: Template) throws(MustacheError) {
        guard let included = try resolve(parent.target, from: template, at: parent.position) else { return }
        overrides.append(OverrideFrame(template: template, blocks: parent.overrides))
        try expand(included, indentedBy: parent.indentation, from: template, at: parent.position)
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
        output.append(contentsOf: indentation)
        try nest(source, content.body, at: block.position)
        if output.count == start + indentation.count {
            output.removeSubrange(start...)
        }
    }

    /// The template a partial or parent tag names, or `nil` when it renders nothing.
    private mutating func resolve(
        _ target: TemplateReference, from template: Template, at position: SourcePosition
    ) throws(MustacheError) -> Template? {
        let name: String
        switch target {
        case .named(let fixed):
            name = fixed
        case .dynamic(let dottedName):
            // A dynamic name that resolves to nothing renders nothing, even in strict mode.
            guard let text = lookup(dottedName)?.interpolationText, !text.isEmpty else { return nil }
            name = text
        }
        if let known = loaded[name] {
            return known
        }
        let found = try library.cachedTemplate(named: name).get()
        loaded[name] = .some(found)
        if found == nil, library.isStrict {
            throw MustacheError(
                template: template.name, line: position.line, column: position.column,
                message: "no partial named '\(name)'"
            )
        }
        return found
    }

    private mutating func expand(
        _ included: Template, indentedBy extra: [UInt8], from template: Template, at position: SourcePosition
    ) throws(MustacheError) {
        expansions += 1
        guard expansions <= MustacheLimits.maximumExpansions else {
            throw MustacheError(
                template: template.name, line: position.line, column: position.column,
                message: "more than \(MustacheLimits.maximumExpansions) partial expansions; does a partial include itself without end?"
            )
        }
        let savedIndentation = indentation.count
        indentation.append(contentsOf: extra)
        defer { indentation.removeSubrange(savedIndentation...) }
        try nest(included, included.nodes.indices, at: position)
    }
}
