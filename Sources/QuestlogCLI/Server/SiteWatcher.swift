import Foundation

/// Notices changes to a site's content, theme and settings by polling: portable, and cheap enough
/// (one `stat` per file) for a development server that checks twice a second.
struct SiteWatcher: Sendable {
    var root: String

    /// A value that changes when any watched file is added, removed, resized or touched.
    func fingerprint() -> Int {
        var hasher = Hasher()
        for name in ["questlog.yml", "questlog.yaml"] {
            hash(root + "/" + name, name: name, into: &hasher)
        }
        for folder in ["Content", "Templates"] {
            guard let walker = FileManager.default.enumerator(atPath: root + "/" + folder) else { continue }
            for case let path as String in walker {
                hash(root + "/" + folder + "/" + path, name: folder + "/" + path, into: &hasher)
            }
        }
        return hasher.finalize()
    }

    private func hash(_ path: String, name: String, into hasher: inout Hasher) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        hasher.combine(name)
        hasher.combine(Int(info.st_size))
        #if canImport(Darwin)
        hasher.combine(info.st_mtimespec.tv_sec)
        hasher.combine(info.st_mtimespec.tv_nsec)
        #else
        hasher.combine(info.st_mtim.tv_sec)
        hasher.combine(info.st_mtim.tv_nsec)
        #endif
    }
}
