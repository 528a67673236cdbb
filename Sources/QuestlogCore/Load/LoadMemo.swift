import Foundation

/// The entries each file gave when last loaded, for the next load to reuse: a file whose bytes,
/// path, kind and id are those of its record is not parsed again. Loading a file is a function of
/// exactly these (and of the schema, which comes from `questlog.yml`), so a record reused gives
/// what parsing would, diagnostics included. `serve` holds one in memory; `build` keeps its
/// records in the site's `.questlog/loads` with the stamp (size and modification time) each file
/// had when the build started, and the next build takes a record without reading its file when
/// the file's stamp is still that one (`LoadMemo+File`), as the build cache trusts stamps.
public final class LoadMemo: @unchecked Sendable {
    // Unchecked: `previous`, `current`, `stored` and the counts are read and written only under `lock`.
    private let lock = NSLock()
    private var previous: [String: Record] = [:]
    private var current: [String: Record] = [:]
    private var reused = 0
    /// The records of a memo file whose files still have the stamps recorded, by path: decoded
    /// when the load asks for them, from `storedBytes`.
    var stored: [String: StoredRecord] = [:]
    var storedBytes: [UInt8] = []

    /// Files bigger than this are parsed each time rather than held twice.
    static let largestFile = 1 << 20

    struct Record {
        var hash: UInt64
        var byteCount: Int
        var kind: Kind
        var id: String
        var entries: [RawEntry]
        var diagnostics: [Diagnostic]
        /// Where the record's encoding lies in the memo file it was read from (`storedBytes`), for
        /// the next file to copy it.
        var storedRange: Range<Int>? = nil

        /// Whether these are the bytes the record was made from (`hash`: theirs, when known).
        func holds(_ bytes: [UInt8], hash: UInt64? = nil) -> Bool {
            bytes.count == byteCount && (hash ?? ContentHash.hash(bytes)) == self.hash
        }
    }

    public init() {}

    /// The entries and diagnostics of the file at `path` (site-relative) whose bytes are `bytes`,
    /// loaded as `kind` under `id`: the record's, or `load()`'s, kept for the next load either way.
    func entries(path: String, bytes: [UInt8], kind: Kind, id: String,
                 load: () -> (entries: [RawEntry], diagnostics: [Diagnostic])) -> (entries: [RawEntry], diagnostics: [Diagnostic]) {
        let hash = ContentHash.hash(bytes)
        let kept = lock.withLock { () -> Record? in
            guard let record = previous[path], record.holds(bytes, hash: hash), record.kind == kind, record.id == id else { return nil }
            current[path] = record
            reused += 1
            return record
        }
        if let kept { return (kept.entries, kept.diagnostics) }
        let loaded = load()
        lock.withLock {
            current[path] = Record(hash: hash, byteCount: bytes.count, kind: kind, id: id, entries: loaded.entries, diagnostics: loaded.diagnostics)
        }
        return loaded
    }

    /// What the last load kept of the file at `path`.
    func record(at path: String) -> Record? {
        lock.withLock { previous[path] }
    }

    /// The file at `path` now holds `bytes`, which loaded as `entries` with `diagnostics` (its kind
    /// and id are those kept): as if the last load had read them.
    func replace(at path: String, bytes: [UInt8], entries: [RawEntry], diagnostics: [Diagnostic]) {
        let hash = ContentHash.hash(bytes)
        lock.withLock {
            guard let record = previous[path] else { return }
            previous[path] = Record(hash: hash, byteCount: bytes.count, kind: record.kind, id: record.id, entries: entries, diagnostics: diagnostics)
        }
    }

    /// Says the last load reused all but `loaded` of the files the memo holds.
    func patched(loaded: Int) {
        lock.withLock { reusedCount = previous.count - loaded }
    }

    /// Says that since the last load, only the files at `changed` (site-relative; a folder
    /// stands for every file under it) may have changed, as a watcher that misses nothing tells:
    /// the next load reuses the others' records without reading them again.
    public func trust(changed: [String]) {
        lock.withLock { trustedChanges = Set(changed) }
    }

    /// Paths the watcher says changed since the last load; nil when every file is to be read.
    private var trustedChanges: Set<String>?

    /// For each file of `sources` (its path, site-relative, and the kind and id it is loaded as),
    /// its entries and diagnostics when it is known not to have changed since the last load
    /// (`trust(changed:)`) and was loaded the same way; nil for each one that must be read.
    /// A memo read from a build's file gives the records whose files kept their stamps, decoded on
    /// up to `jobs` threads.
    func unchangedEntries(of sources: [(path: String, kind: Kind, id: String)], jobs: Int = 1) -> [(entries: [RawEntry], diagnostics: [Diagnostic])?] {
        if let fromFile = storedEntries(of: sources, jobs: jobs) { return fromFile }
        return lock.withLock {
            guard let changed = trustedChanges else { return [] }
            return sources.map { source in
                guard let record = previous[source.path], record.kind == source.kind, record.id == source.id,
                      !Self.isUnder(source.path, anyOf: changed) else { return nil }
                current[source.path] = record
                reused += 1
                return (record.entries, record.diagnostics)
            }
        }
    }

    /// The walk of `Content/` by the last load.
    private var walk: ContentWalk?

    /// The last load's walk of `Content/` of the site at `root`, when a watcher said which files
    /// changed since (`trust(changed:)`) and none of them changed what a walk with `schema` finds.
    /// Or, in a build, the walk an earlier build kept in its file (`offerStoredWalk`), when the
    /// files still have the stamps it was made from.
    func keptWalk(root: String, schema: Schema) -> ContentWalk? {
        lock.withLock {
            if let stored = storedWalk {
                storedWalk = nil
                guard let walk = ContentWalk(parsing: stored.bytes, identity: stored.identity, settings: stored.settings, key: stored.key,
                                             root: root, schema: schema) else { return nil }
                reusedWalk = true
                return walk
            }
            guard let changed = trustedChanges, let walk, walk.isStill(changed: changed, root: root, schema: schema) else { return nil }
            reusedWalk = true
            return walk
        }
    }

    /// A walk file an earlier build wrote (`ContentWalk.bytes`), for the next load to take instead
    /// of walking when it is one of the Questlog binary `identity`, made with the settings
    /// `settings` from files stamped with `key` (`ContentWalk.key(of:)`) as the build sees them.
    func offerStoredWalk(_ bytes: [UInt8], identity: String, settings: UInt64, key: UInt64) {
        lock.withLock { storedWalk = (bytes, identity, settings, key) }
    }

    private var storedWalk: (bytes: [UInt8], identity: String, settings: UInt64, key: UInt64)?

    /// The walk the last load made rather than took from an earlier one; nil when it took one.
    var madeWalk: ContentWalk? {
        lock.withLock { lastLoadReusedWalk ? nil : walk }
    }

    func keep(_ walk: ContentWalk) {
        lock.withLock { self.walk = walk }
    }

    /// Whether the load under way took its walk from the one before.
    private var reusedWalk = false

    /// Whether `path` or a folder above it is one of `paths`.
    static func isUnder(_ path: String, anyOf paths: Set<String>) -> Bool {
        if paths.contains(path) { return true }
        // A save names a few files: comparing with each is cheaper than looking up every folder above.
        if paths.count <= 8 {
            return paths.contains { folder in
                path.utf8.count > folder.utf8.count && path.utf8.starts(with: folder.utf8)
                    && path.utf8[path.utf8.index(path.utf8.startIndex, offsetBy: folder.utf8.count)] == UInt8(ascii: "/")
            }
        }
        var folder = Substring(path)
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            if paths.contains(String(folder)) { return true }
        }
        return false
    }

    /// Runs `body` under the memo's lock.
    func withLock<T>(_ body: () -> T) -> T {
        lock.withLock(body)
    }

    /// The records of the last load; called under the lock.
    var previousRecords: [String: Record] {
        previous
    }

    /// Makes room for `count` more records of the load under way; called under the lock.
    func reserveRecords(_ count: Int) {
        current.reserveCapacity(current.count + count)
    }

    /// Keeps a record of a memo file for the load under way; called under the lock.
    func keepRead(path: String, _ record: Record) {
        current[path] = record
        reused += 1
    }

    /// How many records the memo file held, whatever became of them; nil when none was read.
    var fileRecordCount: Int?
    /// The memo file `storedBytes` begins with (a journal's records follow it): its length, its
    /// hash (which a journal names) and how many records it holds. Nil when none was read.
    var fileRecords: (count: Int, hash: UInt64, records: Int)?

    /// Whether the last load kept other records than the memo file held, so a build's file is
    /// worth writing (again).
    var changedSinceFile: Bool {
        lock.withLock {
            // Without a file, only a load that kept something has a file to write.
            guard let fileRecordCount else { return !previous.isEmpty }
            return previous.count != fileRecordCount || previous.values.contains { $0.storedRange == nil }
        }
    }

    /// The hash and length of the bytes of each file the last load took its entries from, by path.
    var loadedContents: [String: (hash: UInt64, byteCount: Int)] {
        lock.withLock { previous.mapValues { (hash: $0.hash, byteCount: $0.byteCount) } }
    }

    /// Lets every record go once a build has written them, so it does not hold them to its end.
    func release() {
        lock.withLock {
            previous = [:]
            current = [:]
            stored = [:]
            storedBytes = []
            fileRecords = nil
            walk = nil
            storedWalk = nil
        }
    }

    /// Ends a load: the memo keeps exactly the files it loaded (a file gone is forgotten).
    func finishLoad() {
        lock.withLock {
            previous = current
            current = [:]
            stored = [:]
            reusedCount = reused
            reused = 0
            trustedChanges = nil
            lastLoadReusedWalk = reusedWalk
            reusedWalk = false
        }
    }

    /// How many files the last load reused.
    private(set) var reusedCount = 0
    /// Whether the last load took its walk of `Content/` from the one before.
    private(set) var lastLoadReusedWalk = false

    /// The files the memo holds, site-relative.
    var paths: [String] {
        lock.withLock { Array(previous.keys) }
    }

    /// How many files the memo holds.
    var count: Int {
        lock.withLock { previous.count }
    }
}
