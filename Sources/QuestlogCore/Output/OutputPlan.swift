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
        produced = Set(files.map(\.path))
        previous = Set(destination.manifest?.paths ?? [])
        var folders: Set<String> = []
        for file in files {
            file.path.forEachPathFolder { folders.insert($0).inserted }
        }
        self.folders = folders.sorted { $0.utf8Precedes($1) }
    }

    /// Listed files that are no longer produced, sorted by path.
    var stale: [String] {
        (destination.manifest?.paths ?? []).filter { !produced.contains($0) }
    }
}
