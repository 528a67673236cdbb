/// Parses YAML text into a `YAMLNode` tree with source positions.
///
/// One document per text; the YAML 1.2 core schema is applied on demand by
/// `YAMLNode.coreScalar`, so the tree keeps every scalar as written.
public enum YAMLParser {
    /// The most nodes one document may write out. Each costs at least a byte of source, so this
    /// only bounds what a huge file holds: 100,000 entries of a dozen fields in one data file are
    /// well within it.
    public static let maximumNodeCount = 20_000_000

    /// The most nodes the aliases of one document may add by copying anchored nodes. Caps "billion
    /// laughs" documents whose aliases multiply a few bytes into an enormous tree.
    public static let maximumAliasNodeCount = 1_000_000

    /// The deepest nesting of collections one document may have.
    public static let maximumDepth = 512

    /// Parses one YAML document.
    ///
    /// - Parameters:
    ///   - text: The YAML source. A leading byte order mark and CRLF line endings are accepted.
    ///   - lineOffset: Added to every line number, for text that starts further down a file: with
    ///     0 the first line of `text` is line 1; front matter starting on line 2 passes 1.
    /// - Returns: The document's root node, or nil when the text holds no content (empty, only
    ///   comments and whitespace, or a bare `---`).
    /// - Throws: `YAMLError` at the place to look for: syntax errors, a second document, a
    ///   duplicate key, a key that is not a scalar, an unknown alias, or a document beyond
    ///   `maximumNodeCount` written nodes, `maximumAliasNodeCount` nodes copied by aliases or
    ///   `maximumDepth` levels.
    ///
    /// Marks are 1-based; columns count Unicode scalars (code points), as libyaml does, and a
    /// leading byte order mark is not counted.
    ///
    /// Aliases are replaced by a copy of the anchored node, whose own mark is the alias's
    /// position (its children keep theirs). Explicit tags are kept in `YAMLNode.tag`, with the
    /// standard `tag:yaml.org,2002:` prefix written as `!!` (`!!str`, `!!int`).
    public static func parse(_ text: String, lineOffset: Int = 0) throws(YAMLError) -> YAMLNode? {
        var composer = YAMLComposer(maximumNodeCount: maximumNodeCount, maximumAliasNodeCount: maximumAliasNodeCount,
                                    maximumDepth: maximumDepth)
        try LibYAMLEventReader.read(text, lineOffset: lineOffset) { (event) throws(YAMLError) in
            try composer.consume(event)
        }
        return composer.document
    }
}

extension YAMLParser {
    /// Parses one YAML document as `parse` does, but when its root is a sequence, hands each item
    /// to `item` as soon as it is complete instead of keeping it, so a long list is never held
    /// whole. The root is then returned as an empty sequence (with its mark and tag).
    ///
    /// - Throws: what `parse` throws, and what `item` throws. Items before an error in the text
    ///   have been handed out already.
    public static func parse(_ text: String, lineOffset: Int = 0,
                             eachRootItem item: (YAMLNode) throws(YAMLError) -> Void) throws(YAMLError) -> YAMLNode? {
        var composer = YAMLComposer(maximumNodeCount: maximumNodeCount, maximumAliasNodeCount: maximumAliasNodeCount,
                                    maximumDepth: maximumDepth, streamsRootItems: true)
        try LibYAMLEventReader.read(text, lineOffset: lineOffset) { (event) throws(YAMLError) in
            try composer.consume(event)
            for finished in composer.takeFinishedItems() { try item(finished) }
        }
        return composer.document
    }

    /// The parser events of `text` with the byte span of each, for editing the text in place.
    /// Unlike `parse`, this reads every document and keeps anchors and aliases as written.
    ///
    /// - Throws: `YAMLError` for a syntax error, at its place.
    public static func spanEvents(_ text: String, lineOffset: Int = 0) throws(YAMLError) -> [YAMLSpanEvent] {
        try LibYAMLSpanReader.read(text, lineOffset: lineOffset)
    }
}
