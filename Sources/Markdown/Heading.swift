/// A heading of a note, with the anchor id given to it in the HTML.
public struct Heading: Sendable, Hashable {
    public var level: Int
    public var text: String
    public var id: String

    public init(level: Int, text: String, id: String) {
        self.level = level
        self.text = text
        self.id = id
    }
}
