import Foundation
import YAML

/// A record of a build's memo file, not decoded yet: the file it was loaded from as the build saw
/// it before reading it, how it was loaded, and where its entries and diagnostics lie in the file.
struct StoredRecord: Sendable {
    /// The id of the kind the file was loaded as.
    var kind: String
    var id: String
    var hash: UInt64
    var byteCount: Int
    var range: Range<Int>
}

extension LoadMemo {
    static let header = "questlog-loads 1"

    /// What every record depends on beyond its own file: the bytes of the site's settings file,
    /// which give the schema (kinds, their names and fields) the files were loaded with.
    static func settingsDigest(site: String) -> UInt64 {
        var digest = StableDigest()
        for name in SiteConfigLoader.fileNames {
            let bytes = DirectoryListing.readBytes(site + "/" + name)
            digest.add(name)
            digest.add(bytes != nil)
            if let bytes {
                digest.add(bytes.count)
                digest.add(ContentHash.hash(bytes))
            }
        }
        return digest.value
    }

    static let journalHeader = "questlog-loads-journal 1"

    /// The memo of a build's file, and of the journal written after it (`files`) when there is
    /// one, keeping the records of the files whose stamps in `stamps` (as the build now sees them)
    /// are the ones recorded; empty when the file is not a whole memo file of the Questlog binary
    /// `identity` made with the same settings (`settingsDigest`). A journal's record of a path
    /// stands for the file's; a journal that is not a whole one of this binary and settings, or
    /// that names another file, is ignored.
    ///
    /// With `anyStamps`, the records of those paths are kept whatever stamps they were made with:
    /// the entries a file held when it was last loaded, which may be older than its last build.
    convenience init(parsing bytes: [UInt8], journal: [UInt8]? = nil, identity: String, settings: UInt64, stamps: [SourceStamp],
                     anyStamps: Set<String> = []) {
        self.init()
        let current = Dictionary(stamps.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var kept: [String: StoredRecord] = [:]
        guard var reader = MemoFile.open(bytes, header: Self.header, identity: identity), reader.integer() == settings,
              let count = Self.records(&reader, current: current, anyStamps: anyStamps, shift: 0, into: &kept) else { return }
        let hash = MemoFile.hash(of: bytes)
        fileRecords = (bytes.count, hash, count)
        fileRecordCount = count
        storedBytes = bytes
        if let journal, var reader = MemoFile.open(journal, header: Self.journalHeader, identity: identity),
           reader.integer() == hash, reader.integer() == settings,
           let journalCount = Self.records(&reader, current: current, anyStamps: anyStamps, shift: bytes.count, into: &kept) {
            // Counted as the file's, paths in both twice: `changedSinceFile` then errs towards writing.
            fileRecordCount = count + journalCount
            storedBytes = bytes + journal
        }
        stored = kept
        if kept.isEmpty { storedBytes = [] }
    }

    /// Reads the records of a file's body to its end: each stands in `kept` for its path's (those
    /// whose files no longer have their recorded stamps in `current` take theirs away), its place
    /// shifted by `shift`. Returns how many there were; nil, and `kept` untouched, when the body is
    /// not whole.
    private static func records(_ reader: inout MemoReader, current: [String: SourceStamp], anyStamps: Set<String> = [], shift: Int,
                                into kept: inout [String: StoredRecord]) -> Int? {
        guard let count = reader.count() else { return nil }
        var found: [(path: String, record: StoredRecord?)] = []
        found.reserveCapacity(count)
        kept.reserveCapacity(kept.count + count)
        for _ in 0..<count {
            guard let path = reader.string(), let kind = reader.string(), let id = reader.string(),
                  let hash = reader.integer(), let byteCount = reader.int(), let size = reader.int(), let modified = reader.int(),
                  let length = reader.count() else { return nil }
            let range = reader.offset..<reader.offset + length
            reader.offset += length
            // A file stamped with a hash was changed too recently for its time to tell versions apart;
            // one whose bytes are known (`SourceStamp.content`) is told by them, whatever its time.
            if anyStamps.contains(path) || current[path].map({ stamp in
                (stamp.hash == 0 && stamp.size == size && stamp.modified == Int64(modified)) || (stamp.content != 0 && stamp.content == hash && stamp.size == byteCount)
            }) == true {
                found.append((path, StoredRecord(kind: kind, id: id, hash: hash, byteCount: byteCount,
                                                 range: range.lowerBound + shift..<range.upperBound + shift)))
            } else {
                found.append((path, nil))
            }
        }
        guard reader.offset == reader.end else { return nil }
        for (path, record) in found { kept[path] = record }
        return count
    }

    /// The memo as a file for the Questlog binary `identity`, made with the settings `settings`:
    /// the records of the last load whose files `stamps` (taken before the load read them) shows
    /// unchanged long enough for their times to tell versions apart, in path order. A record read
    /// from a file is copied as it was there.
    func bytes(identity: String, settings: UInt64, stamps: [SourceStamp]) -> [UInt8] {
        let (records, storedBytes, kept, current) = kept(stamps: stamps)
        let written = kept.sorted { $0.utf8Precedes($1) }
        return MemoFile.seal(header: Self.header, identity: identity, capacity: Self.size(of: written, in: records)) { writer in
            writer.integer(settings)
            Self.write(written, of: records, stamps: current, storedBytes: storedBytes, into: &writer)
        }
    }

    /// What to write after a load: the whole file (`bytes`), or, when the memo was read from a file
    /// and what changed is small beside it, only a journal of the records the file lacks, which
    /// names the file by its hash (`MemoFile.journalWorthIt` says when).
    func files(identity: String, settings: UInt64, stamps: [SourceStamp]) -> (file: [UInt8]?, journal: [UInt8]?) {
        let file = withLock { fileRecords }
        if let file {
            let (records, storedBytes, kept, current) = kept(stamps: stamps)
            let journaled = kept.filter { (records[$0]!.storedRange?.upperBound ?? .max) > file.count }.sorted { $0.utf8Precedes($1) }
            let inFile = kept.count - journaled.count
            let size = Self.size(of: journaled, in: records)
            if MemoFile.journalWorthIt(size: size, fileSize: file.count, kept: inFile, fileRecords: file.records) {
                return (nil, MemoFile.seal(header: Self.journalHeader, identity: identity, capacity: size) { writer in
                    writer.integer(file.hash)
                    writer.integer(settings)
                    Self.write(journaled, of: records, stamps: current, storedBytes: storedBytes, into: &writer)
                })
            }
        }
        return (bytes(identity: identity, settings: settings, stamps: stamps), nil)
    }

    /// The entries of the files the last load read whose stamps (`stamps`, taken before the load
    /// read them) show them changed too recently for their times to tell versions apart, which a
    /// memo file does not hold (`bytes`), by path: for the next build to patch the site against
    /// (`PatchedFronts`).
    func unsettledEntries(stamps: [SourceStamp]) -> [(path: String, entries: [RawEntry])] {
        let records = withLock { previousRecords }
        return stamps.compactMap { stamp in
            guard stamp.hash != 0, let record = records[stamp.path], record.diagnostics.isEmpty else { return nil }
            return (stamp.path, record.entries)
        }
    }

    /// The records of the last load, the memo file's bytes, the paths of the records to write
    /// (in no order), and the stamps by path.
    private func kept(stamps: [SourceStamp]) -> ([String: Record], [UInt8], [String], [String: SourceStamp]) {
        let (records, storedBytes) = withLock { (previousRecords, self.storedBytes) }
        let current = Dictionary(stamps.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        // The paths alone are sorted, by the caller: moving records about would retain and release
        // all they hold.
        let written = records.keys.filter { path in
            guard let stamp = current[path], let record = records[path] else { return false }
            return stamp.hash == 0 && stamp.size == record.byteCount
        }
        return (records, storedBytes, written, current)
    }

    /// About how many bytes the records of `paths` take in a file.
    private static func size(of paths: [String], in records: [String: Record]) -> Int {
        paths.reduce(0) { total, path in
            let record = records[path]!
            return total + path.utf8.count + 96 + (record.storedRange?.count ?? record.entries.reduce(0) { $0 + $1.notes.utf8.count + 512 })
        }
    }

    private static func write(_ paths: [String], of records: [String: Record], stamps current: [String: SourceStamp],
                              storedBytes: [UInt8], into writer: inout MemoWriter) {
        writer.integer(paths.count)
        for path in paths {
            let (record, stamp) = (records[path]!, current[path]!)
            writer.string(path)
            writer.string(record.kind.id)
            writer.string(record.id)
            writer.integer(record.hash)
            writer.integer(record.byteCount)
            writer.integer(stamp.size)
            writer.integer(Int(stamp.modified))
            if let range = record.storedRange {
                writer.integer(range.count)
                writer.bytes += storedBytes[range]
            } else {
                let lengthAt = writer.bytes.count
                writer.integer(0)
                let start = writer.bytes.count
                writer.entries(record.entries, diagnostics: record.diagnostics)
                writer.patchLength(at: lengthAt, from: start)
            }
        }
    }

    /// The entries of `sources` whose records a memo file kept (`stored`), decoded on up to `jobs`
    /// threads with the kinds the load asks for, each nil when it must be read; nil when the memo
    /// holds no file's records.
    func storedEntries(of sources: [(path: String, kind: Kind, id: String)], jobs: Int) -> [(entries: [RawEntry], diagnostics: [Diagnostic])?]? {
        let (stored, bytes) = withLock { (self.stored, storedBytes) }
        guard !stored.isEmpty else { return nil }
        let found = sources.map { source -> StoredRecord? in
            guard let record = stored[source.path], record.kind == source.kind.id, record.id == source.id else { return nil }
            return record
        }
        let decoded = Parallel.map(Array(sources.indices), jobs: jobs) { index -> (entries: [RawEntry], diagnostics: [Diagnostic])? in
            guard let record = found[index] else { return nil }
            var reader = MemoReader(bytes: bytes, offset: record.range.lowerBound, end: record.range.upperBound)
            guard let read = reader.entries(kind: sources[index].kind), reader.offset == reader.end else { return nil }
            return read
        }
        withLock {
            reserveRecords(decoded.count)
            for (index, read) in decoded.enumerated() {
                guard let read, let record = found[index] else { continue }
                keepRead(path: sources[index].path, Record(hash: record.hash, byteCount: record.byteCount, kind: sources[index].kind, id: record.id,
                                                           entries: read.entries, diagnostics: read.diagnostics, storedRange: record.range))
            }
        }
        return decoded
    }
}

extension MemoWriter {
    /// Writes the length of what was written since `start` into the eight bytes at `lengthAt`.
    mutating func patchLength(at lengthAt: Int, from start: Int) {
        let length = UInt64(bytes.count - start).littleEndian
        withUnsafeBytes(of: length) { raw in
            for (position, byte) in raw.enumerated() { bytes[lengthAt + position] = byte }
        }
    }

    mutating func entries(_ entries: [RawEntry], diagnostics: [Diagnostic]) {
        varint(entries.count)
        for entry in entries {
            string(entry.id)
            location(entry.source)
            varint(entry.fields.count)
            for (key, value) in entry.fields {
                node(key)
                node(value)
            }
            string(entry.notes)
            varint(entry.notesLineOffset)
            varint(entry.notesColumnOffset)
            string(entry.fallbackName)
            flag(entry.isDamaged)
            flag(entry.isDraft)
        }
        varint(diagnostics.count)
        for diagnostic in diagnostics { self.diagnostic(diagnostic) }
    }

    mutating func location(_ location: SourceLocation) {
        string(location.path)
        varint(location.line)
        varint(location.column)
    }

    mutating func node(_ node: YAMLNode) {
        switch node.content {
        case let .scalar(text, style):
            bytes.append(0)
            string(text)
            bytes.append(Self.styles.firstIndex(of: style).map(UInt8.init) ?? 0)
        case let .sequence(items):
            bytes.append(1)
            varint(items.count)
            for item in items { self.node(item) }
        case let .mapping(pairs):
            bytes.append(2)
            varint(pairs.count)
            for (key, value) in pairs {
                self.node(key)
                self.node(value)
            }
        }
        varint(node.mark.line)
        varint(node.mark.column)
        optional(node.tag)
    }

    static let styles: [ScalarStyle] = [.plain, .singleQuoted, .doubleQuoted, .literal, .folded]
}

extension MemoReader {
    /// What `MemoWriter.entries` wrote, the entries of the kind `kind`.
    mutating func entries(kind: Kind) -> (entries: [RawEntry], diagnostics: [Diagnostic])? {
        guard let count = varint(), count >= 0, count <= end - offset else { return nil }
        var entries: [RawEntry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            guard let id = string(), let source = location(), let fieldCount = varint(), fieldCount >= 0, fieldCount <= end - offset else { return nil }
            var fields: [(key: YAMLNode, value: YAMLNode)] = []
            fields.reserveCapacity(fieldCount)
            for _ in 0..<fieldCount {
                guard let key = node(depth: 0), let value = node(depth: 0) else { return nil }
                fields.append((key, value))
            }
            guard let notes = string(), let lineOffset = varint(), let columnOffset = varint(), let fallback = string(),
                  let damaged = flag(), let draft = flag() else { return nil }
            entries.append(RawEntry(kind: kind, id: id, source: source, fields: fields, notes: notes, notesLineOffset: lineOffset,
                                    notesColumnOffset: columnOffset, fallbackName: fallback, isDamaged: damaged, isDraft: draft))
        }
        guard let diagnosticCount = varint(), diagnosticCount >= 0, diagnosticCount <= end - offset else { return nil }
        var diagnostics: [Diagnostic] = []
        for _ in 0..<diagnosticCount {
            guard let diagnostic = self.diagnostic() else { return nil }
            diagnostics.append(diagnostic)
        }
        return (entries, diagnostics)
    }

    mutating func location() -> SourceLocation? {
        guard let path = string(), let line = varint(), let column = varint() else { return nil }
        return SourceLocation(path: path, line: line, column: column)
    }

    /// A node, refused past a depth no front matter the parser accepts reaches.
    mutating func node(depth: Int) -> YAMLNode? {
        guard depth < 10_000, let kind = byte() else { return nil }
        let content: YAMLNode.Content
        switch kind {
        case 0:
            guard let text = string(), let style = byte(), Int(style) < MemoWriter.styles.count else { return nil }
            content = .scalar(text, MemoWriter.styles[Int(style)])
        case 1:
            guard let count = varint(), count >= 0, count <= end - offset else { return nil }
            var items: [YAMLNode] = []
            items.reserveCapacity(count)
            for _ in 0..<count {
                guard let item = node(depth: depth + 1) else { return nil }
                items.append(item)
            }
            content = .sequence(items)
        case 2:
            guard let count = varint(), count >= 0, count <= end - offset else { return nil }
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            pairs.reserveCapacity(count)
            for _ in 0..<count {
                guard let key = node(depth: depth + 1), let value = node(depth: depth + 1) else { return nil }
                pairs.append((key, value))
            }
            content = .mapping(pairs)
        default:
            return nil
        }
        guard let line = varint(), let column = varint(), let tag = optional() else { return nil }
        return YAMLNode(content, mark: Mark(line: line, column: column), tag: tag)
    }
}
