import Foundation
@testable import QuestlogCore
import Testing

/// Replacing a user's file: by rename, keeping its mode, through links, refusing a changed file.
struct AtomicFileReplaceTests {
    private func folder() -> String {
        let path = NSTemporaryDirectory() + "questlog-replace-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func replacesByRenameKeepingTheMode() throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/pt.md"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o640)
        var before = stat()
        stat(path, &before)
        try AtomicFileReplace.replace(path, with: Array("new".utf8), expecting: Array("old".utf8))
        var after = stat()
        stat(path, &after)
        #expect(String(decoding: FileManager.default.contents(atPath: path)!, as: UTF8.self) == "new")
        #expect(after.st_mode & 0o7777 == 0o640)
        #expect(after.st_ino != before.st_ino)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["pt.md"])
    }

    @Test func refusesAFileThatChanged() throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/pt.md"
        try Data("changed".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: AtomicFileReplace.Failure.changedOnDisk) {
            try AtomicFileReplace.replace(path, with: Array("new".utf8), expecting: Array("old".utf8))
        }
        #expect(String(decoding: FileManager.default.contents(atPath: path)!, as: UTF8.self) == "changed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["pt.md"])
    }

    @Test func replacesTheTargetOfALink() throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("old".utf8).write(to: URL(fileURLWithPath: root + "/real.md"))
        try FileManager.default.createSymbolicLink(atPath: root + "/link.md", withDestinationPath: "real.md")
        try AtomicFileReplace.replace(root + "/link.md", with: Array("new".utf8), expecting: Array("old".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/link.md") == "real.md")
        #expect(String(decoding: FileManager.default.contents(atPath: root + "/real.md")!, as: UTF8.self) == "new")
    }
}
