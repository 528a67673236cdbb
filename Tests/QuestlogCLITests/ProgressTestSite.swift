import Foundation

/// A small site with quests, locations, an NPC and playthrough files, for the commands that
/// edit progress.
enum ProgressTestSite {
    /// Creates the site in a new temporary folder and returns its path.
    static func make(playthroughs: [String: String] = [:]) throws -> String {
        let root = makeTemporaryFolder()
        var files: [String: String] = [
            "Content/elden-ring/game.md": "---\ntitle: Elden Ring\n---\n",
            "Content/elden-ring/quests/go-to-the-castle.md": "---\nname: Go to the Castle\n---\n",
            "Content/elden-ring/quests/ranni-the-witch.md": "---\nname: Ranni the Witch\n---\n",
            "Content/elden-ring/quests/stormveil.md": "---\nname: Stormveil\n---\n",
            "Content/elden-ring/locations/stormveil-castle.md": "---\nname: Stormveil\n---\n",
            "Content/elden-ring/locations/church-of-elleh.md": "---\nname: Church of Elleh\n---\n",
            "Content/elden-ring/npcs/ranni.md": "---\nname: Ranni\n---\n",
        ]
        for (id, text) in playthroughs { files["Content/elden-ring/playthroughs/\(id).md"] = text }
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
        return root
    }

    static func read(_ root: String, _ id: String) -> String {
        String(decoding: FileManager.default.contents(atPath: root + "/Content/elden-ring/playthroughs/\(id).md") ?? Data(), as: UTF8.self)
    }

    static func inode(_ root: String, _ id: String) -> UInt64 {
        var info = stat()
        stat(root + "/Content/elden-ring/playthroughs/\(id).md", &info)
        return UInt64(info.st_ino)
    }
}

func removeTemporaryFolder(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}
