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

    public init(path: String, outputPath: String, byteCount: Int, isDraft: Bool = false) {
        self.path = path
        self.outputPath = outputPath
        self.byteCount = byteCount
        self.isDraft = isDraft
    }

    /// The id of the game the file belongs to: the first folder of its output path.
    public var game: String {
        String(outputPath.prefix { $0 != "/" })
    }
}
