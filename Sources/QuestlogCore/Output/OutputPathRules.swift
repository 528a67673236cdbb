/// The rules a path of the output must follow so that it stays inside the output folder, fits in the
/// manifest's one-path-per-line format, and names the same file on every file system.
enum OutputPathRules {
    /// The longest file or folder name most file systems accept, in bytes.
    static let maximumNameLength = 255

    /// Why `path` cannot be an output path, or nil when it can.
    static func problem(with path: String) -> String? {
        // Checked on UTF-8 bytes, in place: every byte of a multi-byte character is 0x80 or above,
        // so ASCII tests cannot match inside one, and a build checks tens of thousands of paths.
        if let found = path.utf8.withContiguousStorageIfAvailable({ problem(bytes: $0) }) { return found }
        var path = path
        return path.withUTF8 { problem(bytes: $0) }
    }

    private static func problem(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        if bytes.isEmpty { return "the path is empty" }
        if bytes[0] == slash { return "it is absolute; output paths are relative to the output folder" }
        var backslash = false
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F { return "it contains a control character" }
            if byte == UInt8(ascii: "\\") { backslash = true }
        }
        if backslash { return "it contains a backslash; separate folders with '/'" }
        var start = 0
        var index = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != slash { end += 1 }
            let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if name.isEmpty { return "it has an empty component ('//' or a '/' at an end)" }
            if name.count > maximumNameLength { return "a name in it is longer than \(maximumNameLength) bytes" }
            if name[0] == dot {
                let text = String(decoding: name, as: UTF8.self)
                if name.count <= 2 && name.allSatisfy({ $0 == dot }) { return "it has a '\(text)' component" }
                let lowercased = text.lowercased()
                if lowercased.hasPrefix(".questlog-") { return "names starting with '.questlog-' are reserved for Questlog" }
                if index == 0 && lowercased == ".git" { return "'.git' belongs to version control and is never written" }
            }
            start = end + 1
            index += 1
        }
        return nil
    }

    /// Every problem of a whole file list: invalid paths in list order, then in path order duplicates,
    /// paths used both as a file and as a folder, and paths that collide where case is ignored.
    static func problems(in files: [OutputFile]) -> [OutputError] {
        problems(inPaths: files.map(\.path))
    }

    /// `problems(in:)` for the paths of the files.
    static func problems(inPaths all: [String]) -> [OutputError] {
        var errors: [OutputError] = []
        var paths: [String] = []
        for path in all {
            if let problem = problem(with: path) {
                errors.append(OutputError(.invalidPath, "invalid output path \(quoted(path)): \(problem)", path: path))
            } else {
                paths.append(path)
            }
        }
        paths = paths.sortedByUTF8()

        var unique: [String] = []
        for path in paths {
            // Sorted: a path equals the last one kept exactly when that one does not sort before it.
            if let last = unique.last, !last.utf8Precedes(path) {
                if errors.last?.kind != .duplicatePath || errors.last?.path != path {
                    errors.append(OutputError(.duplicatePath, "the output path \(quoted(path)) is produced twice", path: path))
                }
            } else {
                unique.append(path)
            }
        }

        let files = Set(unique)
        // Folders already seen, by spelling; strings compare by canonical equivalence, bytes tell spellings apart.
        var folders: [String: String] = [:]
        folders.reserveCapacity(unique.count / 8)
        // Every folder and file once, keyed by its lowercased spelling, to find two spellings of one name.
        var spellings: [String: String] = [:]
        spellings.reserveCapacity(unique.count + unique.count / 8)
        var collided: Set<String> = []
        var previous: String?
        for path in unique {
            // Sorted, the paths of one folder come together: a path whose folder has the bytes of the
            // last path's has had every folder above it seen already.
            if previous.map({ !$0.hasUTF8Parent(of: path) }) ?? true {
                previous = path
                // Folders end at each '/' byte, as the file system has them.
                path.forEachPathFolderFromTop { folder in
                    if let seen = folders[folder], seen.utf8.elementsEqual(folder.utf8) { return true }
                    folders[folder] = folder
                    if files.contains(folder) {
                        errors.append(OutputError(.fileFolderConflict,
                                                  "the output path \(quoted(folder)) is both a file and a folder (of \(quoted(path)))",
                                                  path: folder))
                    }
                    noteSpelling(folder, in: &spellings, collided: &collided, errors: &errors)
                    return true
                }
            }
            noteSpelling(path, in: &spellings, collided: &collided, errors: &errors)
        }
        return errors
    }

    /// Whether `problems(inPaths: paths)` is sure to be empty, knowing that it is for `vetted`
    /// (the paths a build of this same program put in place together): true only when `paths`
    /// are sorted by bytes, none twice, and each path not among `vetted` is valid and meets no
    /// other path as a duplicate, a file where a folder is (or the other way), or another spelling
    /// of the same name. Every problem is of one path or of two, and two paths of `vetted` have none,
    /// so the paths of an edit, most of them the last build's, are checked by the few that are new.
    /// False when that cannot be told cheaply (more than `freshLimit` new paths), for all the paths
    /// to be checked.
    static func allClear(_ paths: [String], vetted: [String], freshLimit: Int = 256) -> Bool {
        guard !vetted.isEmpty else { return false }
        var fresh: [String] = []
        var next = 0
        for (index, path) in paths.enumerated() {
            // Sorted, and none twice.
            if index > 0 && !paths[index - 1].utf8Precedes(path) { return false }
            // A path found in `vetted` is known; the others (all of them, were `vetted` not
            // sorted) are looked at.
            while next < vetted.count && vetted[next].utf8Precedes(path) { next += 1 }
            // Not before the path: the same bytes unless after it.
            if next < vetted.count && !path.utf8Precedes(vetted[next]) { continue }
            fresh.append(path)
            if fresh.count > freshLimit { return false }
        }
        guard !fresh.isEmpty else { return true }
        for path in fresh where problem(with: path) != nil { return false }

        func isFile(_ name: String) -> Bool {
            let at = paths.utf8Place(of: name)
            return at < paths.count && paths[at].utf8.elementsEqual(name.utf8)
        }
        func isFolder(_ name: String) -> Bool {
            let prefix = name + "/"
            let at = paths.utf8Place(of: prefix)
            return at < paths.count && paths[at].utf8.starts(with: prefix.utf8)
        }
        // The spellings that are not their own case folding (capitals, or beyond ASCII), by
        // their folding: every other name is its own, found among `paths` by its bytes.
        var unusual: [String: [String]] = [:]
        func isUsual(_ name: String) -> Bool {
            name.utf8.allSatisfy { $0 < 0x80 && !($0 >= 0x41 && $0 <= 0x5A) }
        }
        for path in paths where !isUsual(path) {
            unusual[path.caseFolded, default: []].append(path)
            path.forEachPathFolder { folder in
                if !isUsual(folder) { unusual[folder.caseFolded, default: []].append(folder) }
                return true
            }
        }
        for path in fresh {
            // A file where another path has a folder, or a folder of it where a file is.
            if isFolder(path) { return false }
            var folderIsFile = false
            path.forEachPathFolder { folder in
                folderIsFile = isFile(folder)
                return !folderIsFile
            }
            if folderIsFile { return false }
            // Another spelling of the path or of one of its folders.
            var names = [path]
            path.forEachPathFolder { names.append($0); return true }
            for name in names {
                let folded = name.caseFolded
                if unusual[folded]?.contains(where: { !$0.utf8.elementsEqual(name.utf8) }) == true { return false }
                if !folded.utf8.elementsEqual(name.utf8) && isUsual(folded) && (isFile(folded) || isFolder(folded)) { return false }
            }
        }
        return true
    }

    /// `'text'`, with control characters shown as escapes so a message stays on one line.
    static func quoted(_ text: String) -> String {
        var out = "'"
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "'"
    }

    /// Records the spelling of `path`, reporting it once when another spelling of the same name came first.
    private static func noteSpelling(_ path: String, in spellings: inout [String: String], collided: inout Set<String>,
                                     errors: inout [OutputError]) {
        let key = path.caseFolded
        guard let first = spellings[key] else {
            spellings[key] = path
            return
        }
        // Swift compares strings by canonical equivalence, so the bytes tell different spellings apart.
        guard !first.utf8.elementsEqual(path.utf8), collided.insert(key).inserted else { return }
        errors.append(OutputError(.caseCollision,
                                  "the output paths \(quoted(first)) and \(quoted(path)) differ only in case or Unicode normalization; they would be one file on macOS and Windows",
                                  path: path))
    }
}
