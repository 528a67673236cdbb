/// One file of the built site: where it goes in the output folder and its exact bytes.
public struct OutputFile: Sendable, Hashable {
    /// The path relative to the output folder, with `/` between folders: `elden-ring/npcs/index.html`.
    public var path: String
    /// The content, written byte for byte.
    public var bytes: [UInt8]

    /// A file with the given bytes at `path`, relative to the output folder.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// A text file, stored as UTF-8.
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}
