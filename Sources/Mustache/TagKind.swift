/// What a tag does, from the sigil after its opening delimiter.
enum TagKind: Equatable {
    /// `{{name}}`: HTML-escaped interpolation.
    case escapedVariable
    /// `{{{name}}}` or `{{&name}}`: verbatim interpolation.
    case unescapedVariable
    /// `{{#name}}`
    case section
    /// `{{^name}}`
    case invertedSection
    /// `{{/name}}`
    case closing
    /// `{{! text}}`
    case comment
    /// `{{>name}}` or `{{>*name}}`
    case partial
    /// `{{<name}}` or `{{<*name}}`
    case parent
    /// `{{$name}}`
    case block
    /// `{{=<% %>=}}`
    case setDelimiters

    /// Whether the tag may be standalone: alone on its line with whitespace, which then
    /// disappears together with the line ending. Interpolations never are.
    var canStandAlone: Bool {
        switch self {
        case .escapedVariable, .unescapedVariable: false
        default: true
        }
    }

    /// The word used for the tag's construct in error messages.
    var noun: String {
        switch self {
        case .section, .invertedSection: "section"
        case .block: "block"
        case .parent: "parent"
        default: "tag"
        }
    }
}
