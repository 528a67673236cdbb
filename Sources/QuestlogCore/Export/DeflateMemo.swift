import CZlib
import Foundation

/// The compressed blocks of earlier exports, for the next to reuse instead of deflating them
/// again. `ZipArchive.Deflater` compresses each block of a part by a stream of its own that knows
/// the 32 KB before it, so a block's compressed bytes are a function of its bytes, those 32 KB,
/// whether it ends the part and zlib (its version and the level, in the file's header) alone:
/// blocks are kept by exactly those, and a block whose bytes and whose 32 KB before are unchanged
/// gets the stream it had. The blocks are cut where the bytes say (`Deflater`), not at fixed
/// offsets, so an edit in a workbook's sheet changes the blocks around it and no other.
///
/// A workbook is most of an export's processor time after an edit: its sheets' XML is made again in
/// a fraction of the time deflating it takes.
///
/// Each block is kept with the part it was made for (its archive's path and the entry's): a part
/// that exports take whole from the file an earlier build wrote (`XLSXWorkbook.earlier`) keeps its
/// blocks for the build that next makes it (`keep(part:)`), which are otherwise let go as unused.
///
/// Kept beside the notes memo (`BuildMemo`): in memory by `serve`, in `.questlog/deflated` by `build`.
public final class DeflateMemo: @unchecked Sendable {
    // Unchecked: `keptParts` is only touched with `lock` held; the blocks are a `RunMemo`.
    private let blocks: RunMemo<Key, Block>
    private let lock = NSLock()
    /// The parts taken whole since the exports began, and the archives (their scopes, the prefix
    /// of their parts' names) taken whole.
    private var keptParts = Set<String>()
    private var keptArchives: [String] = []

    /// A block's stream, and the part it was made for.
    struct Block: Sendable {
        var stream: [UInt8]
        var part: String
    }

    /// Whether the last exports used other blocks than the memo held, so the file is worth writing.
    var changed: Bool { blocks.changed }
    /// How many blocks the last exports took from the memo, and how many they deflated.
    var reusedCount: Int { blocks.reusedCount }
    var madeCount: Int { blocks.madeCount }

    /// What a block's stream is a function of: its bytes (their hash, CRC-32 and count), the bytes
    /// before it that its stream may refer to (their hash), and whether it ends its part.
    struct Key: Hashable, Sendable {
        var bytes: UInt64
        var before: UInt64
        var crc: UInt32
        var count: UInt32
        var finishing: Bool
    }

    public convenience init() {
        self.init(blocks: [:])
    }

    private init(blocks: [Key: Block]) {
        self.blocks = RunMemo(blocks)
    }

    /// The memo of the file at `path`, read when a workbook first needs it (so a build holds the
    /// blocks only from its exports on); empty when the file is missing, damaged or foreign.
    init(reading path: String, identity: String) {
        blocks = RunMemo(loading: { FileContents.read(path).flatMap { Self.blocks(parsing: $0, identity: identity) } ?? [:] })
    }

    /// The compressed stream of the block `key` names: the memo's, or `make()`'s, kept for the next
    /// exports either way (under `part` when made).
    func stream(key: Key, part: String, make: () throws(ZipArchiveError) -> [UInt8]) throws(ZipArchiveError) -> [UInt8] {
        try blocks.value(for: key) { () throws(ZipArchiveError) in Block(stream: try make(), part: part) }.stream
    }

    /// Keeps the blocks of `part`, which these exports took whole rather than made, for the next.
    func keep(part: String) {
        lock.withLock { _ = keptParts.insert(part) }
    }

    /// Keeps the blocks of every part of the archive whose parts are kept under `scope`
    /// (`ZipArchive.scope`), which these exports took whole, unread, for the next.
    func keep(archive scope: String) {
        lock.withLock { keptArchives.append(scope) }
    }

    /// Ends the exports of a build: the memo keeps exactly the blocks they used, and those of the
    /// parts and archives they took whole.
    func finishExports() {
        let (parts, archives) = lock.withLock {
            defer { keptParts = []; keptArchives = [] }
            return (keptParts, keptArchives)
        }
        blocks.finishRun { block in parts.contains(block.part) || archives.contains { block.part.hasPrefix($0) } }
    }

    /// How many blocks the memo holds.
    var count: Int {
        blocks.count
    }

    // MARK: The file

    /// The format, and the zlib whose streams the blocks are: another version may deflate the same
    /// bytes otherwise, and its file is not trusted.
    static let header = "questlog-deflated 2 zlib \(String(cString: zlibVersion())) level \(ZipArchive.level)"

    func bytes(identity: String) -> [UInt8] {
        let all = blocks.values
        let keys = all.keys.sorted { ($0.bytes, $0.before, $0.crc, $0.count) < ($1.bytes, $1.before, $1.crc, $1.count)
            || ($0.bytes, $0.before, $0.crc, $0.count) == ($1.bytes, $1.before, $1.crc, $1.count) && !$0.finishing && $1.finishing }
        let size = all.values.reduce(0) { $0 + $1.stream.count + $1.part.utf8.count + 56 }
        return MemoFile.seal(header: Self.header, identity: identity, capacity: size + 8) { writer in
            writer.integer(UInt64(keys.count))
            for key in keys {
                writer.integer(key.bytes)
                writer.integer(key.before)
                writer.integer(UInt64(key.crc))
                writer.integer(UInt64(key.count))
                writer.flag(key.finishing)
                writer.blob(all[key]!.stream)
                writer.string(all[key]!.part)
            }
        }
    }

    /// Reads a blocks file; nil when it is not a whole one of this format, zlib and binary.
    convenience init?(parsing bytes: [UInt8], identity: String) {
        guard let blocks = Self.blocks(parsing: bytes, identity: identity) else { return nil }
        self.init(blocks: blocks)
    }

    /// The blocks of a file; nil when it is not a whole one of this format, zlib and binary.
    private static func blocks(parsing bytes: [UInt8], identity: String) -> [Key: Block]? {
        guard var reader = MemoFile.open(bytes, header: Self.header, identity: identity),
              let count = reader.count() else { return nil }
        var blocks: [Key: Block] = [:]
        blocks.reserveCapacity(count)
        for _ in 0..<count {
            guard let hash = reader.integer(), let before = reader.integer(),
                  let crc = reader.integer(), crc <= UInt64(UInt32.max),
                  let size = reader.integer(), size <= UInt64(UInt32.max),
                  let finishing = reader.flag(), let stream = reader.blob(), let part = reader.string() else { return nil }
            blocks[Key(bytes: hash, before: before, crc: UInt32(crc), count: UInt32(size), finishing: finishing)] = Block(stream: stream, part: part)
        }
        guard reader.offset == reader.end else { return nil }
        return blocks
    }
}
