import Foundation

/// Where a build's files go as they are made, from any thread: kept in memory (`OutputCollector`,
/// for `serve` and tests) or written out of the way in the output folder until the build is known
/// to succeed (`OutputStage`), so the bytes of the whole site are never held at once.
public protocol OutputSink: AnyObject, Sendable {
    /// Takes one file; called from any thread, in no particular order.
    func add(_ file: OutputFile)
    /// The paths of the files taken so far, in no particular order.
    var paths: [String] { get }
}

extension OutputSink {
    func add(contentsOf files: some Sequence<OutputFile>) {
        for file in files { add(file) }
    }
}

/// Keeps every file in memory, in the order they arrive; `files` sorts them by path so the result
/// does not depend on the threads.
public final class OutputCollector: OutputSink, @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [OutputFile] = []

    public init() {}

    public func add(_ file: OutputFile) {
        lock.withLock { collected.append(file) }
    }

    public var paths: [String] {
        lock.withLock { collected.map(\.path) }
    }

    /// The files taken so far, sorted by path (files of one path keep the order they came in).
    public var files: [OutputFile] {
        let files = lock.withLock { collected }
        return files.enumerated().sorted { lhs, rhs in
            lhs.element.path == rhs.element.path ? lhs.offset < rhs.offset
                : lhs.element.path.utf8Precedes(rhs.element.path)
        }.map(\.element)
    }
}
