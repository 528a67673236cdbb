import Foundation

/// Where a build finds the memo of the last search index (`SearchIndexMemo`), read when first asked
/// for, and what it leaves for the next: the memo of its own index, or none.
final class SearchIndexFile: @unchecked Sendable {
    // Unchecked: every property is read and written only under `lock`.
    private let lock = NSLock()
    let path: String
    /// The Questlog binary whose memos are taken (`MemoFile`).
    let identity: String
    private var unread = true
    private var last: SearchIndexMemo?
    private var made: [UInt8]?
    /// Whether the last memo is this build's too, left where it is (`keepLast`).
    private var standing = false

    init(path: String, identity: String) {
        self.path = path
        self.identity = identity
    }

    /// The memo the last build left; nil when it is missing, damaged or foreign.
    func previous() -> SearchIndexMemo? {
        lock.withLock {
            if unread {
                unread = false
                last = FileContents.read(path).flatMap { SearchIndexMemo(parsing: $0, identity: identity) }
            }
            return last
        }
    }

    /// The memo the last build left when it is of the site whose digest is `site`
    /// (`SiteDigest.value`); of a memo of another site only the first bytes are read, for the
    /// site it names (a memo of 50,000 entries is 14 MB).
    func previous(ofSite site: UInt64) -> SearchIndexMemo? {
        lock.withLock {
            if unread {
                unread = false
                if let head = FileContents.read(path, limit: 4096), SearchIndexMemo.site(in: head, identity: identity) == site {
                    last = FileContents.read(path).flatMap { SearchIndexMemo(parsing: $0, identity: identity) }
                }
            }
            return last?.site == site ? last : nil
        }
    }

    /// Reads the last memo now, on another thread, rather than when the index first asks for it.
    func readAhead() {
        DispatchQueue.global().async { [self] in _ = previous() }
    }

    /// Takes the memo of this build's index (nil when it made none), and lets the last one go.
    func keep(_ bytes: [UInt8]?) {
        lock.withLock {
            made = bytes
            standing = false
            last = nil
            unread = false
        }
    }

    /// Takes the last memo as the memo of this build's index, which was made again from it
    /// (`SearchIndexBuilder.remade(from:)`): it stays as it is, neither written again nor removed.
    func keepLast() {
        lock.withLock {
            made = nil
            standing = true
            last = nil
            unread = false
        }
    }

    /// Writes the memo this build's index left, or removes the last one when it left none (that one
    /// is of another index), unless the last one stands (`keepLast`); `write` puts bytes at a path
    /// whole.
    func store(_ write: (_ bytes: [UInt8], _ path: String) -> Void) {
        let (bytes, stands) = lock.withLock {
            defer { made = nil }
            return (made, standing)
        }
        if stands { return }
        if let bytes {
            write(bytes, path)
        } else {
            _ = try? OutputFileSystem.remove(path)
        }
    }
}
