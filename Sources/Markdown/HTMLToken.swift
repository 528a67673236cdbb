/// A piece of raw HTML as `HTMLTagScanner` reads it.
enum HTMLToken: Equatable {
    /// Text between tags, as written (character references not decoded).
    case text(String)
    /// A start tag: its name lowercased, and its attributes in order with names lowercased and
    /// values decoded; an attribute repeated later in the tag is left out, as browsers do.
    case startTag(name: String, attributes: [HTMLAttribute])
    /// An end tag, name lowercased (attributes are ignored, as browsers do).
    case endTag(name: String)
    /// A comment, doctype, processing instruction, CDATA section or any other markup that is
    /// never kept.
    case ignored
}
