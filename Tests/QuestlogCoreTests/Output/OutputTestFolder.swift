import Foundation
import Testing
@testable import QuestlogCore

/// A fresh folder for one test under the system's temporary folder, removed when the test ends.
struct OutputTestFolder {
    /// A file's identity and modification time: a rewrite through a temporary file changes the inode.
    struct Stamp: Equatable {
        var inode: UInt64
        var modified: Date
    }

    let path: String

    /// Runs `body` with a new empty folder and deletes the folder afterwards, whatever happens.
    static func with(_ body: (OutputTestFolder) throws -> Void) throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/questlog-output-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
        try #require(created, "mkdtemp failed")
        let folder = OutputTestFolder(path: template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        defer {
            // A test may leave a folder read-only; open everything up so it can be deleted.
            for sub in (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? [] {
                chmod(folder.path + "/" + sub, 0o755)
            }
            try? FileManager.default.removeItem(atPath: folder.path)
        }
        try body(folder)
    }

    /// The absolute path of `relative` in the folder.
    func path(_ relative: String) -> String {
        relative.isEmpty ? path : path + "/" + relative
    }

    /// A writer for the sub-folder `relative` (shown in messages as that relative path).
    func writer(_ relative: String = "Output", siteRoot: String? = nil, jobs: Int = 1) -> OutputWriter {
        OutputWriter(directory: path(relative), displayName: relative, siteRoot: siteRoot, jobs: jobs)
    }

    /// Creates a file with its folders, the way a user or another tool would.
    func put(_ relative: String, _ text: String) throws {
        let full = path(relative)
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try #require(FileManager.default.createFile(atPath: full, contents: Data(text.utf8)))
    }

    func makeFolder(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    func text(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ relative: String) -> Bool {
        var info = stat()
        return lstat(path(relative), &info) == 0
    }

    /// Every file under `relative`, hidden ones included, by path relative to it.
    func tree(_ relative: String = "Output") -> [String: [UInt8]] {
        let root = path(relative)
        var files: [String: [UInt8]] = [:]
        for sub in (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? [] {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + sub, isDirectory: &isFolder), !isFolder.boolValue {
                files[sub] = FileManager.default.contents(atPath: root + "/" + sub).map { [UInt8]($0) } ?? []
            }
        }
        return files
    }

    /// Every folder under `relative`, by path relative to it.
    func folders(_ relative: String = "Output") -> Set<String> {
        let root = path(relative)
        return Set(((try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []).filter { sub in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + sub, isDirectory: &isFolder) && isFolder.boolValue
        })
    }

    /// Inode and modification time of every file under `relative`.
    func stamps(_ relative: String = "Output") throws -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        for sub in tree(relative).keys {
            let full = path(relative) + "/" + sub
            var info = stat()
            try #require(lstat(full, &info) == 0)
            let modified = try #require(try FileManager.default.attributesOfItem(atPath: full)[.modificationDate] as? Date)
            stamps[sub] = Stamp(inode: UInt64(info.st_ino), modified: modified)
        }
        return stamps
    }

    /// Sets every file's modification time far in the past, so that any rewrite shows in its mtime.
    func backdate(_ relative: String = "Output") throws {
        for sub in tree(relative).keys {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)],
                                                  ofItemAtPath: path(relative) + "/" + sub)
        }
    }

    /// Temporary files of the writer left anywhere in the test folder.
    func leftovers() -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []).filter { $0.contains(".questlog-tmp-") }
    }

    /// The manifest's lines after its header.
    func manifestPaths(_ relative: String = "Output") -> [String]? {
        guard let text = text(relative + "/.questlog-manifest") else { return nil }
        return Array(text.split(separator: "\n").dropFirst().map(String.init))
    }
}
