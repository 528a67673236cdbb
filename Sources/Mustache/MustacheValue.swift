/// The data a template renders: the Mustache view of a Swift value.
///
/// Objects are looked up by key, lists are iterated by sections, and scalars are interpolated as
/// text. Build values with the literal conformances (`["name": "Varré", "merchant": false]`) or
/// with the cases directly.
public enum MustacheValue: Sendable, Equatable {
    /// No value: interpolates as nothing and is falsey.
    case null
    /// A boolean: interpolates as `true` or `false`.
    case bool(Bool)
    /// An integer: interpolates in decimal.
    case int(Int)
    /// A floating-point number: interpolates in its shortest exact form, whole numbers without `.0`.
    case double(Double)
    /// Text: HTML-escaped by `{{name}}`, verbatim by `{{{name}}}` and `{{&name}}`.
    case string(String)
    /// Text as its UTF-8 bytes, rendered as the `string` of those bytes is: how markup made as
    /// bytes (a picture, a table) goes into a page without a `String` made of it and checked.
    /// The bytes must be valid UTF-8; they are not checked.
    case utf8([UInt8])
    /// A list: a section renders once per element, with the element on top of the context stack.
    case list([MustacheValue])
    /// A list whose elements are made as a section reaches them; otherwise like `list`.
    case sequence(MustacheSequence)
    /// An object: its keys are the names that tags look up.
    case object(MustacheObject)
}
