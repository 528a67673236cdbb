import Foundation

/// Counts the builds a `LiveServer` reports, from its `onBuild` callback on any thread.
final class BuildCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var builds = 0
    private var patches: [Bool] = []

    var count: Int { lock.withLock { builds } }

    /// Whether each build was patched from the one before (`ServedSite.isPatched`), in order.
    var patched: [Bool] { lock.withLock { patches } }

    func record(patched: Bool = false) {
        lock.withLock {
            builds += 1
            patches.append(patched)
        }
    }
}
