import Foundation
@testable import QuestlogCore

/// Writes a site from a dictionary of paths and contents into a temporary folder.
struct SiteBuilder {
    let root: String

    init(_ files: [String: String]) {
        root = NSTemporaryDirectory() + "questlog-site-" + UUID().uuidString
        for (path, contents) in files {
            let full = root + "/" + path
            try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                     withIntermediateDirectories: true)
            try! contents.write(toFile: full, atomically: false, encoding: .utf8)
        }
    }

    func resolve(jobs: Int = 2) -> (site: Site, diagnostics: DiagnosticList) {
        Resolver(jobs: jobs).resolve(SiteLoader(root: root).load())
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }
}
