extension TemplateCompiler {
    /// The name of an interpolation or section: `.` or dot-separated keys.
    mutating func dottedName(_ content: String, of tag: Tag) throws(MustacheError) -> DottedName {
        let position = lines.position(of: tag.range.lowerBound)
        if content == "." {
            return DottedName(keys: keys.count..<keys.count, position: position)
        }
        let name = try plainName(content, of: tag)
        let components = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !components.contains(where: \.isEmpty) else {
            throw error(at: tag.range.lowerBound, "invalid name '\(name)': empty part between dots")
        }
        let first = keys.count
        keys.append(contentsOf: components.map(LookupKey.init))
        return DottedName(keys: first..<keys.count, position: position)
    }

    /// A name that must be present and free of whitespace.
    func plainName(_ content: String, of tag: Tag) throws(MustacheError) -> String {
        guard !content.isEmpty else {
            throw error(at: tag.range.lowerBound, "missing name in tag")
        }
        guard !content.containsWhitespace else {
            throw error(at: tag.range.lowerBound, "invalid name '\(content)': names cannot contain whitespace")
        }
        return content
    }

    /// The template a partial or parent tag includes: a fixed name, or `*` and the name of the
    /// value that holds it.
    mutating func reference(_ tag: Tag) throws(MustacheError) -> TemplateReference {
        guard tag.content.hasPrefix("*") else {
            return .named(try plainName(tag.content, of: tag))
        }
        return .dynamic(try dottedName(tag.content.dropFirst().trimmingWhitespace(), of: tag))
    }
}
