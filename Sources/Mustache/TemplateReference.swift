/// How a partial or parent tag names the template it includes.
enum TemplateReference: Sendable {
    /// `{{>name}}`: a fixed template name.
    case named(String)
    /// `{{>*name}}`: the template named by the value found at this name when rendering.
    case dynamic(DottedName)
}
