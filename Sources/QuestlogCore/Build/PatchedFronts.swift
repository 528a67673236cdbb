/// The front matter of the entries whose values the last builds patched into the memo of the site
/// (`SiteBuild.patchFromMemo`), by their Markdown files' paths (site-relative): what the next
/// patch of the same file compares the file with. The loads memo holds each file as it was last
/// loaded, before such a patch, and a patch does not load the site: without this, a second edit
/// of one file's values would be resolved afresh.
///
/// A record is taken only for the entry the memo of the site was made from, as its
/// `RawEntry.notesAsideDigest` tells (`KeptNote.notesAside`): one that a later resolve or patch
/// left behind is never used, so the file needs no tie to the memo of the site. A build that
/// resolves the site removes it; its notes are not kept (the file's own are compared).
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
