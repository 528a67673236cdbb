import Foundation
@testable import QuestlogCLI
import Testing

/// The watcher over real files: inotify where there is one, and the polling fallback.
struct SiteWatcherTests {
    /// A fresh `questlog init` site.
    static func withSite(_ body: (String) throws -> Void) throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        try body(folder)
    }

    /// The next burst of changes, waiting for it with a generous deadline; empty when none came.
    static func nextChanges(_ watcher: SiteWatcher) -> [String] {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let changed = watcher.changes()
            if !changed.isEmpty { return changed }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return []
    }

    @Test func aFolderCreatedAfterTheStartIsWatched() throws {
        try Self.withSite { folder in
            let watcher = SiteWatcher(root: folder)
            defer { watcher.stop() }
            #if os(Linux)
            #expect(watcher.usesInotify)
            #endif
            try FileManager.default.createDirectory(atPath: folder + "/Content/my-first-game/npcs/allies/north", withIntermediateDirectories: true)
            #expect(Self.nextChanges(watcher).contains("Content/my-first-game/npcs/allies"))
            try "---\nname: Scout\n---\n".write(toFile: folder + "/Content/my-first-game/npcs/allies/north/scout.md", atomically: true, encoding: .utf8)
            #expect(Self.nextChanges(watcher) == ["Content/my-first-game/npcs/allies/north/scout.md"])
            try FileManager.default.removeItem(atPath: folder + "/Content/my-first-game/npcs/allies")
            #expect(Self.nextChanges(watcher).contains("Content/my-first-game/npcs/allies"))
            try "title: Renamed\n".write(toFile: folder + "/questlog.yml", atomically: true, encoding: .utf8)
            #expect(Self.nextChanges(watcher) == ["questlog.yml"])
            #expect(watcher.changes().isEmpty)
        }
    }

    @Test func pollingSeesAnEditADeletedFileAndANewFile() throws {
        try Self.withSite { folder in
            let watcher = SiteWatcher(root: folder, polling: true, pollInterval: 0.02)
            defer { watcher.stop() }
            #expect(!watcher.usesInotify)
            #expect(watcher.changes().isEmpty, "nothing changed yet")
            let edited = "Content/my-first-game/locations/old-watchtower.md"
            let handle = try #require(FileHandle(forWritingAtPath: folder + "/" + edited))
            handle.seekToEndOfFile()
            handle.write(Data("\nOne more line.\n".utf8))
            try handle.close()
            #expect(Self.nextChanges(watcher) == [edited])
            let deleted = "Content/my-first-game/quests/find-the-lost-ring.md"
            try FileManager.default.removeItem(atPath: folder + "/" + deleted)
            #expect(Self.nextChanges(watcher) == [deleted])
            let added = "Templates/page.mustache"
            try FileManager.default.createDirectory(atPath: folder + "/Templates", withIntermediateDirectories: true)
            try "{{title}}".write(toFile: folder + "/" + added, atomically: true, encoding: .utf8)
            #expect(Self.nextChanges(watcher) == [added])
            #expect(watcher.changes().isEmpty)
        }
    }

    @Test func stopEndsAWait() throws {
        try Self.withSite { folder in
            for polling in [false, true] {
                let watcher = SiteWatcher(root: folder, polling: polling)
                let ended = DispatchSemaphore(value: 0)
                Thread { [watcher] in
                    #expect(watcher.nextChanges() == nil)
                    ended.signal()
                }.start()
                watcher.stop()
                #expect(ended.wait(timeout: .now() + 60) == .success)
            }
        }
    }
}
