import Foundation
import QuestlogCore

/// Notices changes by comparing each watched file's size and modification time with the previous
/// scan: one `stat` per file, portable, for where inotify is missing or failed.
final class PollingWatch: ChangeSource, @unchecked Sendable {
    private struct Stamp: Equatable {
        var size: Int
        var modified: Int64
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

    /// Every file a build reads, as the build cache stamps them, without hashing.
    private func scan() -> [String: Stamp] {
        var found: [String: Stamp] = [:]
        for stamp in SourceStamp.collect(site: root, hashingRecent: false) {
            found[stamp.path] = Stamp(size: stamp.size, modified: stamp.modified)
        }
        return found
    }
}
