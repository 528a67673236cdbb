import Foundation

/// Notices changes to a site's content, theme and settings, and gathers a burst of them into one:
/// an editor's save (a temporary file written, renamed, its mode set) or a checkout of many files
/// is one change once `quietPeriod` passes with no new event. Uses inotify on Linux, so a save is
/// seen at once and an idle server sleeps; polls file stamps elsewhere, or when inotify fails.
final class SiteWatcher: @unchecked Sendable {
    let root: String
    /// How long the files must stay still before a burst of changes counts as over. An editor's
    /// save takes a millisecond or two; a burst with longer pauses (a slow checkout) is built in
    /// parts, the last build seeing every file as it ended up.
    let quietPeriod: TimeInterval
    /// The longest a burst is gathered, so a file written without pause still gets built.
    let longestBurst: TimeInterval
    private let pollInterval: TimeInterval
    private let lock = NSLock()
    private var source: ChangeSource
    private var stopped = false
    private var pollingBecause: String?

    /// `polling` skips inotify (and tests the fallback); `pollInterval` is the pause between its scans.
    init(root: String, quietPeriod: TimeInterval = 0.02, longestBurst: TimeInterval = 2, polling: Bool = false,
         pollInterval: TimeInterval = 0.5) {
        self.root = root
        self.quietPeriod = quietPeriod
        self.longestBurst = longestBurst
        self.pollInterval = pollInterval
        #if canImport(Glibc)
        if !polling {
            do {
                source = try InotifyWatch(root: root)
                return
            } catch {
                pollingBecause = "\(error)"
            }
        }
        #endif
        source = PollingWatch(root: root, interval: pollInterval)
    }

    /// Whether changes are noticed by polling, and why, when inotify was meant to be used but could
    /// not be (nil while inotify works, or where there is none).
    var fallbackReason: String? { lock.withLock { pollingBecause } }

    /// Whether the kernel tells of changes (false: the files are polled).
    var usesInotify: Bool { lock.withLock { !(source is PollingWatch) } }

    /// The files that changed since the last call, once their burst is over, sorted; empty at once
    /// when nothing changed.
    func changes() -> [String] {
        gather(waiting: false) ?? []
    }

    /// Waits until files change and their burst is over, and returns them, sorted; nil once
    /// `stop()` is called.
    func nextChanges() -> [String]? {
        while true {
            guard let changed = gather(waiting: true) else { return nil }
            if !changed.isEmpty { return changed }
        }
    }

    /// Ends `nextChanges()`, now and for good.
    func stop() {
        let current = lock.withLock {
            stopped = true
            return source
        }
        current.wake()
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// One burst of changes; nil when stopped.
    private func gather(waiting: Bool) -> [String]? {
        var changed = Set(current().changes(waitingUpTo: waiting ? nil : 0))
        if isStopped { return nil }
        guard !changed.isEmpty else { return [] }
        let started = Date()
        while !isStopped, Date().timeIntervalSince(started) < longestBurst {
            let more = current().changes(waitingUpTo: quietPeriod)
            if more.isEmpty { break }
            changed.formUnion(more)
        }
        return isStopped ? nil : changed.sorted()
    }

    /// The source to ask: inotify, until it fails and polling takes over.
    private func current() -> ChangeSource {
        lock.withLock {
            if let failure = source.failure {
                pollingBecause = failure
                source = PollingWatch(root: root, interval: pollInterval)
            }
            return source
        }
    }
}
