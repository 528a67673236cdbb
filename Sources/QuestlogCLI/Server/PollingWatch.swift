import Foundation
import QuestlogCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices changes by comparing each watched file's size and modification time with the previous
/// scan: one `stat` per file, portable, for where inotify is missing or failed.
final class PollingWatch: ChangeSource, @unchecked Sendable {
    private struct Stamp: Equatable {
        var size: Int
        var seconds: Int
        var nanoseconds: Int
    }

    let root: String
    /// How long to sleep between scans while waiting with no end.
    let interval: TimeInterval
    private var stamps: [String: Stamp]
    private let condition = NSCondition()
    private var woken = false

    init(root: String, interval: TimeInterval = 0.5) {
        self.root = root
        self.interval = interval
        stamps = [:]
        stamps = scan()
    }

    var failure: String? { nil }

    func changes(waitingUpTo timeout: TimeInterval?) -> [String] {
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        while true {
            let changed = rescan()
            if !changed.isEmpty { return changed }
            let pause = deadline.map { min(interval, $0.timeIntervalSinceNow) } ?? interval
            guard pause > 0 else { return [] }
            condition.lock()
            if !woken { _ = condition.wait(until: Date().addingTimeInterval(pause)) }
            let wasWoken = woken
            woken = false
            condition.unlock()
            if wasWoken { return [] }
        }
    }

    func wake() {
        condition.lock()
        woken = true
        condition.signal()
        condition.unlock()
    }

    /// The files added, removed or changed since the last scan, sorted.
    private func rescan() -> [String] {
        let current = scan()
        var changed = current.compactMap { path, stamp in stamps[path] == stamp ? nil : path }
        changed += stamps.keys.filter { current[$0] == nil }
        stamps = current
        return changed.sorted()
    }

    /// Every file a build reads: `questlog.yml`, and what is under `Content/` and `Templates/` but
    /// hidden files and editor leftovers.
    private func scan() -> [String: Stamp] {
        var found: [String: Stamp] = [:]
        for name in ["questlog.yml", "questlog.yaml"] {
            if let stamp = stamp(of: name) { found[name] = stamp }
        }
        for folder in [SiteLoader.contentFolder, "Templates"] {
            guard let walker = FileManager.default.enumerator(atPath: root + "/" + folder) else { continue }
            for case let path as String in walker {
                let name = path.split(separator: "/").last.map(String.init) ?? path
                if DirectoryListing.isIgnored(name) {
                    walker.skipDescendants()
                    continue
                }
                if let stamp = stamp(of: folder + "/" + path) { found[folder + "/" + path] = stamp }
            }
        }
        return found
    }

    /// The stamp of a file; nil for a folder (its files speak for it) or a name that vanished.
    private func stamp(of path: String) -> Stamp? {
        var info = stat()
        guard stat(root + "/" + path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return nil }
        #if canImport(Darwin)
        return Stamp(size: Int(info.st_size), seconds: Int(info.st_mtimespec.tv_sec), nanoseconds: Int(info.st_mtimespec.tv_nsec))
        #else
        return Stamp(size: Int(info.st_size), seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
        #endif
    }
}
