/// A wiki link to a heading (`[[Page#Heading]]`, `[[#Heading]]`), checked once every note is rendered
/// and its headings are known.
struct HeadingLink: Sendable {
    var target: EntryRef
    /// The heading as written after `#`.
    var heading: String
    /// The link as written, for messages.
    var written: String
    var location: SourceLocation
    var severity: Severity
}
