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
    /// The paths of `files` the previous manifest does not list, sorted, each once.
    var unlisted: [String]
    /// Listed files that are no longer produced, sorted by path.
    var stale: [String]
    /// Every folder the files need, sorted so that a parent comes before its children.
    var folders: [String]

    init(destination: OutputDestination, files: [Item]) {
        self.destination = destination
        // Most often already sorted (`OutputStage`): checked before sorting.
        let sorted = files.indices.dropFirst().allSatisfy { !files[$0].path.utf8Precedes(files[$0 - 1].path) }
        self.files = sorted ? files : files.sorted { $0.path.utf8Precedes($1.path) }
        let paths = self.files.map(\.path)
        // Both lists sorted by bytes (a manifest's paths are), walked side by side rather than
        // each path hashed into a set: 11,000 paths a list, at every build that writes.
        let listed = destination.manifest?.paths ?? []
        var unlisted: [String] = [], stale: [String] = []
        var next = 0
        for path in paths {
            while next < listed.count && listed[next].utf8Precedes(path) {
                stale.append(listed[next])
                next += 1
            }
            if next < listed.count && !path.utf8Precedes(listed[next]) {
                // Neither before the other: the same bytes.
                next += 1
                continue
            }
            // A path produced twice, listed and met already, or unlisted and kept already.
            if next > 0 && !listed[next - 1].utf8Precedes(path) { continue }
            if let last = unlisted.last, !last.utf8Precedes(path) { continue }
            unlisted.append(path)
        }
        stale.append(contentsOf: listed[next...])
        self.unlisted = unlisted
        self.stale = stale
        self.folders = Self.folders(of: paths)
    }

    /// Whether the previous manifest lists `path`.
    func isListed(_ path: String) -> Bool {
        let listed = destination.manifest?.paths ?? []
        let at = listed.utf8Place(of: path)
        return at < listed.count && !path.utf8Precedes(listed[at])
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
}
