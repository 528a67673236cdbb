import Foundation
@testable import QuestlogCore

extension TestSite {
    /// Writes `bytes` at `path` in the site, creating its folders.
    func write(_ path: String, bytes: [UInt8]) {
        let full = root + "/" + path
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        precondition(FileManager.default.createFile(atPath: full, contents: Data(bytes)))
    }

    /// Makes `path` in the site a symbolic link holding `target` as written.
    func link(_ path: String, to target: String) {
        let full = root + "/" + path
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        precondition(symlink(target, full) == 0, "symlink failed")
    }

    func load() -> LoadedSite {
        SiteLoader(root: root, jobs: 2).load()
    }
}

extension DiagnosticList {
    /// The diagnostics as `path [code]`, sorted, for compact expectations.
    var codes: [String] {
        sorted.map { "\($0.location?.path ?? "-") [\($0.code)]" }
    }
}
