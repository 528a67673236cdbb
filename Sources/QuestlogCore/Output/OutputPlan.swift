/// Everything a build will do to the output folder, worked out before anything is written.
struct OutputPlan {
    /// One file to put in place, and where its bytes are.
    struct Item {
        enum Content {
            /// In memory, as pieces written one after another.
            case bytes([[UInt8]])
            /// Already written, under this absolute path in the staging folder.
            case staged(String)
            /// Already on disk at its path, byte for byte.
            case unchanged
        }

        var path: String
        var content: Content

        init(path: String, content: Content) {
            self.path = path
            self.content = content
        }

        init(_ file: OutputFile) {
            self.init(path: file.path, content: .bytes(file.chunks))
        }
    }

    var destination: OutputDestination
    /// The files to write, sorted by path.
    var files: [Item]
    /// The paths being produced now.
    var produced: Set<String>
    /// The paths the previous manifest lists (empty for a new folder).
    var previous: Set<String>
    /// Every folder the files need, sorted so that a parent comes before its children.
    var folders: [String]

    init(destination: OutputDestination, files: [Item]) {
        self.destination = destination
        // Most often already sorted (`OutputStage`): checked before sorting.
        let sorted = files.indices.dropFirst().allSatisfy { !files[$0].path.utf8Precedes(files[$0 - 1].path) }
        self.files = sorted ? files : files.sorted { $0.path.utf8Precedes($1.path) }
        let paths = self.files.map(\.path)
        produced = Set(paths)
        previous = Set(destination.manifest?.paths ?? [])
        self.folders = Self.folders(of: paths)
    }

    /// Every folder of `paths`, sorted so that a parent comes before its children. A path in the
    /// same folder as the last one looked at adds none: paths sorted by bytes come folder by folder,
    /// and each folder's are looked at once.
    static func folders(of paths: [String]) -> [String] {
        var folders: Set<String> = []
        var last: String?
        for path in paths {
            if let last, last.hasUTF8Parent(of: path) { continue }
            last = path
            path.forEachPathFolder { folders.insert($0).inserted }
        }
        return folders.sorted { $0.utf8Precedes($1) }
    }

    /// Listed files that are no longer produced, sorted by path.
    var stale: [String] {
        (destination.manifest?.paths ?? []).filter { !produced.contains($0) }
    }
}
