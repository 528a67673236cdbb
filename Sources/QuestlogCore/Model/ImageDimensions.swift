/// The size of a picture in pixels, read from its file's header.
public struct ImageDimensions: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
