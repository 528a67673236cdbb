import Foundation

/// What a build may take of the export documents the last build wrote, when the site differs from
/// that build's in nothing but the notes of some entries (`SiteDigest.changedNotes`).
///
/// The JSON documents and the CSV files are made of pieces, each the records of a run of
/// consecutive entries (`JSONExport.entries`, `CSVExport.chunks`), and a build records the length of
/// every piece of every file it made (`ExportPieces`). A record depends on its entry and on what
/// the entry's shape names of other entries (their names, pages and kinds), never on another
/// entry's notes: when nothing but notes changed, a piece whose entries' notes are all unchanged is
/// byte for byte the piece the last build made, and is read from that build's file rather than made
/// again. The file must still be as that build left it (its size and time as recorded, as for a
/// page kept), and the rest of the new file must stand as the old one did: every piece between
/// the reused ones is made afresh, and a file whose pieces do not line up with the recorded ones is
/// made whole.
///
/// A workbook is made of its archive's pieces (`ZipArchive.Writer`): the sheet of a kind none of
/// whose entries' notes changed is taken, compressed, from the last build's workbook
/// (`XLSXWorkbook.earlier`).
///
/// When entries changed in more than their notes, or came or went (`SiteDigest.changedEntries`),
/// `changed` holds them, the entries connected to one shown by another name (whose records name
/// it), and the entries of each kind from the first place where its list differs from the last
/// build's (`SiteDigest.Changes.moved`): the runs before that place hold the same entries as
/// before, each in the same piece. `reshaping` is then set: the columns are still the same (their
/// names come from the site's digest of each game), but a column's width in a workbook may not
/// be, so a sheet holding any of them is made whole. A document whose pieces no longer line up
/// with the last one's (a kind with a run more or less) is made whole.
///
/// It also counts the runs of entries (and the sheets of entries) made and taken, for `--timings`.
public struct ExportReuse: Sendable {
    /// The source files of the entries whose notes changed; every other entry is as it was. Nil
    /// when nothing may be taken (the runs are only counted).
    var changed: Set<String>?
    /// Whether the entries of `changed` may differ in more than their notes.
    var reshaping = false
    /// The file at a path relative to the exports folder as the last build left it, open, with the
    /// pieces that build made it of; nil when it changed since or its pieces are not known.
    private var opening: @Sendable (String) -> PiecedFile?
    /// Takes the last build's file at a path relative to the exports folder as this build's,
    /// unmade, when it is as that build left it: the lengths of its pieces; nil otherwise.
    private var keeping: @Sendable (String) -> [Int]?
    /// How many runs were made and how many taken.
    let runs = RunCount()
    /// The files taken whole (`keep`), with the lengths of their pieces.
    private let kept = Kept()

    init(changed: Set<String>?, reshaping: Bool = false, open: @escaping @Sendable (String) -> PiecedFile?,
         keep: @escaping @Sendable (String) -> [Int]? = { _ in nil }) {
        self.changed = changed
        self.reshaping = reshaping
        self.opening = open
        self.keeping = keep
    }

    /// Counts the runs without taking any.
    static var counting: ExportReuse {
        ExportReuse(changed: nil, open: { _ in nil })
    }

    /// The last build's file at a path relative to the exports folder, when runs may be taken from it.
    func open(_ path: String) -> PiecedFile? {
        changed == nil ? nil : opening(path)
    }

    /// Takes the last build's file at `path` (relative to the exports folder) as this build's,
    /// unmade and unread, when everything in it would be taken from it and the file is as that
    /// build left it, in `pieces` pieces when given: true then, and its `runs` are counted as
    /// taken. False (nothing taken) otherwise, for the file to be made.
    func keep(_ path: String, pieces: Int? = nil, runs count: Int) -> Bool {
        guard changed != nil, let lengths = keeping(path), pieces.map({ $0 == lengths.count }) ?? true else { return false }
        kept.add(path, lengths: lengths)
        for _ in 0..<count { runs.add(taken: true) }
        return true
    }

    /// The files `keep` took, with the lengths of their pieces, by path.
    var keptFiles: [(path: String, lengths: [Int])] {
        kept.files
    }

    private final class Kept: @unchecked Sendable {
        // Unchecked: `taken` is only touched with `lock` held.
        private let lock = NSLock()
        private var taken: [(path: String, lengths: [Int])] = []

        func add(_ path: String, lengths: [Int]) {
            lock.withLock { taken.append((path, lengths)) }
        }

        var files: [(path: String, lengths: [Int])] {
            lock.withLock { taken }
        }
    }

    /// Whether the notes of every entry of `entries` are as the last build had them.
    func unchanged(_ entries: ArraySlice<Entry>) -> Bool {
        guard let changed else { return false }
        return changed.isEmpty || !entries.contains { changed.contains($0.source.path) }
    }

    /// The runs of entries a build's exports made and took.
    final class RunCount: @unchecked Sendable {
        // Unchecked: the counts are only touched with `lock` held.
        private let lock = NSLock()
        private var counts = (made: 0, taken: 0)

        func add(taken: Bool) {
            lock.withLock {
                if taken { counts.taken += 1 } else { counts.made += 1 }
            }
        }

        /// Adds the counts of `other`.
        func add(_ other: RunCount) {
            let (made, taken) = (other.made, other.taken)
            lock.withLock {
                counts.made += made
                counts.taken += taken
            }
        }

        var made: Int { lock.withLock { counts.made } }
        var taken: Int { lock.withLock { counts.taken } }
    }
}

/// The lengths of the pieces each export file of a build was made of, by path relative to the
/// output folder: what the next build's `ExportReuse` needs to find a piece in the file.
final class ExportPieces: @unchecked Sendable {
    // Unchecked: `lengths` is only touched with `lock` held.
    private let lock = NSLock()
    private var lengths: [String: [Int]] = [:]

    /// Records the pieces of a file made of several.
    func record(_ path: String, chunks: [[UInt8]]) {
        record(path, lengths: chunks.map(\.count))
    }

    /// Records the lengths of the pieces of a file made of several.
    func record(_ path: String, lengths: [Int]) {
        guard lengths.count > 1 else { return }
        lock.withLock { self.lengths[path] = lengths }
    }

    /// Every file recorded, with its pieces' lengths.
    var recorded: [String: [Int]] {
        lock.withLock { lengths }
    }
}

/// A file open for reading, with where each of its pieces starts: the pieces of a file an earlier
/// build wrote, whose lengths it recorded.
final class PiecedFile: @unchecked Sendable {
    // Unchecked: the descriptor is only read from with `pread`, which any thread may call.
    private let descriptor: Int32
    /// Where each piece starts, then the file's end.
    private let starts: [Int]

    /// The regular file at `path` (not a link), when it is `size` bytes long and its pieces of
    /// `lengths` make up exactly that; nil otherwise or when it cannot be opened.
    init?(path: String, lengths: [Int], size: Int) {
        var starts = [0]
        starts.reserveCapacity(lengths.count + 1)
        for length in lengths {
            guard length >= 0 else { return nil }
            starts.append(starts[starts.count - 1] + length)
        }
        guard starts.last == size else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == size else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.starts = starts
    }

    deinit {
        close(descriptor)
    }

    /// How many pieces the file has.
    var count: Int {
        starts.count - 1
    }

    /// The length of piece `index`.
    func length(_ index: Int) -> Int {
        starts[index + 1] - starts[index]
    }

    /// Whether `chunks` stand as the pieces did: as many, and each of `fixed` (the pieces not
    /// taken from the file) as long as the file's.
    func linesUp(with chunks: [[UInt8]], fixed: (Int) -> Bool) -> Bool {
        chunks.count == count && chunks.indices.allSatisfy { !fixed($0) || chunks[$0].count == length($0) }
    }

    /// The bytes of piece `index`; nil when they cannot all be read.
    func piece(_ index: Int) -> [UInt8]? {
        guard index >= 0, index < count else { return nil }
        let length = length(index)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
            var done = 0
            while done < length {
                let count = pread(descriptor, buffer.baseAddress! + done, length - done, off_t(starts[index] + done))
                if count > 0 {
                    done += count
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    failed = true
                    break
                }
            }
            initialized = done
        }
        return failed ? nil : bytes
    }
}
