import Foundation
import FuzzSupport
import QuestlogCore

// A whole site of one note, loaded, resolved and rendered in memory, and its files checked
// against the output rules: the input is the note's file (front matter and Markdown), written
// anew into one temporary site per process before each run. The first byte picks the settings.
let site = (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
    + "/questlog-fuzz-site-\(getpid())"
let settings = [
    "title: Fuzz\n",
    "title: Fuzz\nunsafe_html: true\ndangling_links: warning\n",
    "title: Fuzz\nkinds:\n  npc:\n    fields:\n      boss: { type: bool, progress: true }\n      site: url\n      friend: ref npc\n",
    "language: ja\nunsafe_html: true\n",
]
func write(_ path: String, _ bytes: some Sequence<UInt8>) {
    precondition(FileManager.default.createFile(atPath: site + "/" + path, contents: Data(bytes)), "cannot write \(path)")
}
try? FileManager.default.createDirectory(atPath: site + "/Content/g/npcs", withIntermediateDirectories: true)
write("Content/g/game.md", "---\ntitle: G\n---\nSee [[Other]].\n".utf8)
write("Content/g/npcs/other.md", "---\nname: Other\n---\n# Head\n".utf8)
atexit { try? FileManager.default.removeItem(atPath: site) }

FuzzDriver.run { input in
    let flags = Int(input.first ?? 0)
    write("questlog.yml", settings[flags % settings.count].utf8)
    write("Content/g/npcs/fuzz.md", input.dropFirst())
    let options = BuildOptions(site: site, output: site + "/Output", includeDrafts: flags & 4 != 0)
    let rendered = SiteBuild(options: options).render()
    _ = OutputWriter(directory: options.output, siteRoot: site).validate(rendered.files)
}
