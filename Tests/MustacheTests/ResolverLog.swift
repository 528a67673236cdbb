import Foundation

/// Records the names a library asks its resolver for, from any thread.
final class ResolverLog: @unchecked Sendable {
    // Unchecked: `names` is only touched under `lock`.
    private let lock = NSLock()
    private var names: [String] = []

    func record(_ name: String) {
        lock.lock()
        names.append(name)
        lock.unlock()
    }

    var requested: [String] {
        lock.lock()
        defer { lock.unlock() }
        return names
    }
}
