/// A front-matter field that the entry's kind does not declare, kept with the type its YAML gives it
/// (text, number, bool, date, a list, or a URL for `http(s)` text). Never resolved as a reference.
public struct ExtraField: Sendable, Hashable {
    public var name: String
    public var value: FieldValue

    public init(name: String, value: FieldValue) {
        self.name = name
        self.value = value
    }
}
