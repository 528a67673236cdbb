/// A file of a game folder that is neither Markdown nor YAML (an image, a PDF, a sound…), published
/// as it is at the same place in the output.
public struct ContentAsset: Sendable, Hashable {
    /// The path relative to the site root: `Content/elden-ring/maps/limgrave.png`.
    public var path: String
    /// The path relative to the output root: the game's id, then the path inside the game folder
    /// (`elden-ring/maps/limgrave.png`).
    public var outputPath: String
    /// The file's size in bytes when it was found.
    public var byteCount: Int
    /// The file or a folder above it is private (its name starts with `_`): published only with drafts.
    public var isDraft: Bool
    /// A picture's size, read from its header when it is loaded (PNG, JPEG, GIF, WebP).
    public var dimensions: ImageDimensions?

    public init(path: String, outputPath: String, byteCount: Int, isDraft: Bool = false, dimensions: ImageDimensions? = nil) {
        self.path = path
        self.outputPath = outputPath
        self.byteCount = byteCount
        self.isDraft = isDraft
        self.dimensions = dimensions
    }

    /// File name endings of the pictures whose size `ImageSize` can read.
    static let measuredExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp"]

    /// Whether the file is a picture whose size can be read from its header.
    var isMeasurable: Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return Self.measuredExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// The id of the game the file belongs to: the first folder of its output path.
    public var game: String {
        String(outputPath.prefix { $0 != "/" })
    }
}
