import Foundation

/// Counts the builds a `LiveServer` reports, from its `onBuild` callback on any thread.
final class BuildCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var builds = 0

    var count: Int { lock.withLock { builds } }

    func record() {
        lock.withLock { builds += 1 }
    }
}
