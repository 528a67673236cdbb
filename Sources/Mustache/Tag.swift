/// One tag found by the scanner, with what the standalone-line pass learned about its line.
struct Tag {
    let kind: TagKind
    /// The tag's content after the sigil, without surrounding whitespace.
    let content: String
    /// The whole tag, delimiters included, as byte offsets in the source.
    let range: Range<Int>
    /// Whether the tag's line holds only whitespace and tags that may stand alone.
    var isStandalone = false
    /// The leading whitespace of the tag's line, when the tag is standalone.
    var lineIndentation: Range<Int> = 0..<0
    /// For a block opening on a standalone line of its own: the leading whitespace of the line
    /// after it, which is the block's intrinsic indentation.
    var bodyIndentation: Range<Int>?
}
