import Foundation

/// Where a `SiteWatcher` hears of changed files: `InotifyWatch` on Linux, `PollingWatch` elsewhere.
/// One thread waits on it; any thread may wake it.
protocol ChangeSource: AnyObject, Sendable {
    /// The site-relative paths that changed since the last call (`Content/elden-ring/npcs/ranni.md`).
    /// Waits up to `timeout` seconds (nil: with no end) for the first change; empty when none came
    /// in time or `wake()` was called.
    func changes(waitingUpTo timeout: TimeInterval?) -> [String]

    /// Ends the wait in progress, or the next one, at once.
    func wake()

    /// Why the source can no longer be trusted to see every change (the kernel's limit of watches
    /// reached, its queue overflowed past repair); nil while it can.
    var failure: String? { get }
}
