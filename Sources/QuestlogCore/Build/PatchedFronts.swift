/// The front matter of entries the memo of the site was made from that the loads memo may not
/// hold, by their notes' keys (`KeptNote.key`): what the next patch of their files' values
/// (`SiteBuild.patchFromMemo`) compares them with. The loads memo holds each file as it was last
/// loaded, before any patch of its values, and leaves out a file saved moments before the load
/// (its time cannot tell versions apart): without these, a second edit of one file's values, or
/// an edit right after a build that resolved the site, would be resolved afresh. A build that
/// resolves the site keeps the entries of such files; one that patches values adds the entries
/// patched.
///
/// A record is taken only for the entry the memo of the site was made from, as its
/// `RawEntry.notesAsideDigest` tells (`KeptNote.notesAside`): one that a later resolve or patch
/// left behind is never used, so the file needs no tie to the memo of the site. Notes are not
/// kept (the file's own are compared).
struct PatchedFronts {
    static let header = "questlog patched front matter 1"

    /// Each file's record: the id of the kind its entry was loaded as, and the entry encoded
    /// (`MemoWriter.entries`), decoded when a patch asks for it.
    private var records: [String: (kind: String, bytes: [UInt8])] = [:]

    init() {}

    /// The records of a file of the Questlog binary `identity` made with the settings `settings`
    /// (`LoadMemo.settingsDigest`); none when it is not a whole one.
    init(parsing bytes: [UInt8], identity: String, settings: UInt64) {
        guard var reader = MemoFile.open(bytes, header: Self.header, identity: identity), reader.integer() == settings,
              let count = reader.count() else { return }
        var found: [String: (kind: String, bytes: [UInt8])] = [:]
        for _ in 0..<count {
            guard let path = reader.string(), let kind = reader.string(), let length = reader.count(),
                  length <= reader.end - reader.offset else { return }
            found[path] = (kind, Array(reader.bytes[reader.offset..<reader.offset + length]))
            reader.offset += length
        }
        guard reader.offset == reader.end else { return }
        records = found
    }

    var count: Int { records.count }

    /// The entry recorded for the file at `path`, loaded as `kind`.
    func entry(at path: String, kind: Kind) -> RawEntry? {
        guard let record = records[path], record.kind == kind.id else { return nil }
        var reader = MemoReader(bytes: record.bytes, offset: 0, end: record.bytes.count)
        guard let read = reader.entries(kind: kind), reader.offset == reader.end, read.entries.count == 1, read.diagnostics.isEmpty
        else { return nil }
        return read.entries[0]
    }

    /// The entries of files changed too recently for the loads memo to hold them
    /// (`LoadMemo.unsettledEntries`), each by its note's key (`KeptNote.key`).
    init(unsettled files: [(path: String, entries: [RawEntry])]) {
        for (path, entries) in files {
            for entry in entries {
                guard let key = KeptNote.key(path: path, id: entry.id), key != path || entries.count == 1 else { continue }
                put(entry, at: key)
            }
        }
    }

    /// Records `entry` as the front matter its file at `path` was patched with.
    mutating func put(_ entry: RawEntry, at path: String) {
        var entry = entry
        entry.notes = ""
        var writer = MemoWriter()
        writer.entries([entry], diagnostics: [])
        records[path] = (entry.kind.id, writer.bytes)
    }

    /// The file, in path order.
    func bytes(identity: String, settings: UInt64) -> [UInt8] {
        MemoFile.seal(header: Self.header, identity: identity) { writer in
            writer.integer(settings)
            writer.integer(records.count)
            for path in records.keys.sorted(by: { $0.utf8Precedes($1) }) {
                let record = records[path]!
                writer.string(path)
                writer.string(record.kind)
                writer.integer(record.bytes.count)
                writer.bytes += record.bytes
            }
        }
    }
}
