/// One file of the built site: where it goes in the output folder and its exact bytes.
public struct OutputFile: Sendable, Hashable {
    /// The path relative to the output folder, with `/` between folders: `elden-ring/npcs/index.html`.
    public var path: String
    /// The content as pieces written one after another, byte for byte. Most files are one piece; a
    /// large document is several, so that parts it shares with another file (a game's entries in
    /// its JSON document and in `site.json`) are held once and never copied into one buffer.
    public var chunks: [[UInt8]]

    /// A file with the given bytes at `path`, relative to the output folder.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.chunks = [bytes]
    }

    /// A file whose content is `chunks`, one after another.
    public init(path: String, chunks: [[UInt8]]) {
        self.path = path
        self.chunks = chunks.isEmpty ? [[]] : chunks
    }

    /// A text file, stored as UTF-8.
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The whole content in one buffer (the first piece itself, when there is only one).
    public var bytes: [UInt8] {
        get { chunks.count == 1 ? chunks[0] : Array(chunks.joined()) }
        set { chunks = [newValue] }
    }

    /// The size of the content.
    public var byteCount: Int {
        chunks.reduce(0) { $0 + $1.count }
    }

    public static func == (lhs: OutputFile, rhs: OutputFile) -> Bool {
        lhs.path == rhs.path && lhs.byteCount == rhs.byteCount && lhs.bytes == rhs.bytes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(bytes)
    }
}
