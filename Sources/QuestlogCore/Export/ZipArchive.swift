import CZlib

/// A ZIP archive written in memory: every entry deflated (raw windows, as ZIP stores them) with
/// its CRC-32, both from zlib, then the central directory and the end record.
///
/// Entries keep the order given; every timestamp is 1980-01-01 00:00 (the earliest DOS date), so the
/// same entries always give the same bytes. There is no ZIP64: more than 65,535 entries, or a size
/// or offset reaching 4 GB, is an error.
struct ZipArchive: Sendable {
    /// An entry's path inside the archive (`xl/workbook.xml`) and its uncompressed bytes.
    typealias Entry = (path: String, bytes: [UInt8])

    /// The largest size or offset a ZIP field holds: `0xFFFFFFFF` itself means "see ZIP64".
    var sizeLimit: UInt64 = UInt64(UInt32.max) - 1
    /// Threads that compress entries; the bytes do not depend on it.
    var jobs = 1
    /// Compressed blocks of earlier archives, reused where their bytes come again (`DeflateMemo`);
    /// the bytes do not depend on it.
    var memo: DeflateMemo?

    /// What the memo's blocks of this archive's entries are kept under, before each entry's path
    /// (`DeflateMemo.keep(part:)`): the archive's own path among the exports.
    var scope = ""

    static let entryLimit = Int(UInt16.max)
    /// The zlib level every part is deflated at: the fastest, 1. A workbook comes out about 15%
    /// larger than at zlib's default level (6), which takes nearly three times as long: of a first
    /// build's exports, deflating the sheets took the longest, at the end of the build.
    static let level = Z_BEST_SPEED
    /// 1980-01-01 as a DOS date: years since 1980 in bits 9–15, month in 5–8, day in 0–4.
    static let dosDate: UInt16 = 1 << 5 | 1
    static let dosTime: UInt16 = 0
    /// Version 2.0: deflate.
    static let version: UInt16 = 20
    static let deflated: UInt16 = 8

    /// The archive of `entries`, entries compressed on up to `jobs` threads.
    func bytes(of entries: [Entry]) throws(ZipArchiveError) -> [UInt8] {
        guard entries.count <= Self.entryLimit else { throw .tooManyEntries(entries.count) }
        let limit = sizeLimit
        let memo = memo
        let packed = Parallel.map(entries, jobs: jobs) { entry in
            Result { () throws(ZipArchiveError) -> (compressed: [UInt8], crc: UInt32) in
                guard UInt64(entry.bytes.count) <= limit else { throw .tooLarge(entry.path) }
                return (try Self.deflate(entry.bytes, path: entry.path, memo: memo), Self.crc32(entry.bytes))
            }
        }
        var writer = Writer(archive: self)
        for (entry, result) in zip(entries, packed) {
            let (compressed, crc) = try result.get()
            try writer.append(path: entry.path, size: UInt64(entry.bytes.count), crc: crc, compressed: compressed)
        }
        return Array(try writer.finish().joined())
    }

    /// Writes an archive entry by entry, each compressed as it is added from pieces of its bytes,
    /// so that neither the entries nor the archive is ever one buffer. The same entries give the
    /// bytes of `bytes(of:)`.
    struct Writer {
        let archive: ZipArchive
        /// The archive so far: each entry's local header and name, then its compressed bytes.
        private var chunks: [[UInt8]] = []
        private var offset: UInt64 = 0
        private var directory: [UInt8] = []
        private var count = 0
        private var lastPath = ""

        init(archive: ZipArchive) {
            self.archive = archive
        }

        /// Adds the entry whose bytes are `pieces`, one after another.
        mutating func add(path: String, pieces: [[UInt8]]) throws(ZipArchiveError) {
            try add(path: path) { (deflater: Deflater) throws(ZipArchiveError) in
                for piece in pieces { try deflater.add(piece) }
            }
        }

        /// Adds an entry whose bytes `write` hands to the deflater, piece by piece.
        mutating func add(path: String, _ write: (Deflater) throws(ZipArchiveError) -> Void) throws(ZipArchiveError) {
            let deflater = try Deflater(path: path, sizeLimit: archive.sizeLimit, jobs: archive.jobs, memo: archive.memo,
                                        part: archive.scope + path)
            try write(deflater)
            let compressed = try deflater.finishPieces()
            try append(path: path, size: deflater.size, crc: deflater.crc, compressedPieces: compressed)
        }

        /// Adds an entry already compressed.
        mutating func append(path: String, size: UInt64, crc: UInt32, compressed: [UInt8]) throws(ZipArchiveError) {
            try append(path: path, size: size, crc: crc, compressedPieces: [compressed])
        }

        /// Adds an entry already compressed, its compressed bytes in pieces kept as they are.
        mutating func append(path: String, size: UInt64, crc: UInt32, compressedPieces pieces: [[UInt8]]) throws(ZipArchiveError) {
            let limit = archive.sizeLimit
            let name = Array(path.utf8)
            let compressedCount = pieces.reduce(0) { $0 + $1.count }
            guard size <= limit, offset <= limit, name.count <= Int(UInt16.max) else { throw .tooLarge(path) }
            guard UInt64(compressedCount) <= limit else { throw .tooLarge(path) }
            // The fields a local header and a central directory header share, from "version needed" on.
            var common: [UInt8] = []
            common.append(le: ZipArchive.version)
            common.append(le: UInt16(0))
            common.append(le: ZipArchive.deflated)
            common.append(le: ZipArchive.dosTime)
            common.append(le: ZipArchive.dosDate)
            common.append(le: crc)
            common.append(le: UInt32(compressedCount))
            common.append(le: UInt32(size))
            common.append(le: UInt16(name.count))
            common.append(le: UInt16(0))

            var local: [UInt8] = []
            local.append(le: UInt32(0x0403_4B50))
            local += common + name
            chunks.append(local)
            chunks.append(contentsOf: pieces.filter { !$0.isEmpty })

            directory.append(le: UInt32(0x0201_4B50))
            directory.append(le: ZipArchive.version)
            directory += common
            directory.append(le: UInt16(0))  // comment length
            directory.append(le: UInt16(0))  // disk number
            directory.append(le: UInt16(0))  // internal attributes
            directory.append(le: UInt32(0))  // external attributes
            directory.append(le: UInt32(offset))
            directory += name
            offset += UInt64(local.count + compressedCount)
            count += 1
            lastPath = path
        }

        /// The archive: the entries, the central directory and the end record, as pieces.
        consuming func finish() throws(ZipArchiveError) -> [[UInt8]] {
            guard count <= ZipArchive.entryLimit else { throw .tooManyEntries(count) }
            let directoryOffset = offset
            guard directoryOffset <= archive.sizeLimit, directoryOffset + UInt64(directory.count) <= archive.sizeLimit else {
                throw .tooLarge(lastPath)
            }
            var tail = directory
            tail.append(le: UInt32(0x0605_4B50))
            tail.append(le: UInt16(0))  // this disk
            tail.append(le: UInt16(0))  // the disk of the central directory
            tail.append(le: UInt16(count))
            tail.append(le: UInt16(count))
            tail.append(le: UInt32(directory.count))
            tail.append(le: UInt32(directoryOffset))
            tail.append(le: UInt16(0))  // comment length
            return chunks + [tail]
        }
    }

    /// A `Writer` whose entries are compressed on a thread of their own, one after another in the
    /// order given, while the caller goes on making the next pieces; with `background` off, each
    /// piece is compressed as it is given. Either way the same entries give the same bytes, and the
    /// first problem in the order of the entries is the one thrown by `finish`. At most `capacity`
    /// pieces wait to be compressed at a time.
    final class BackgroundWriter: @unchecked Sendable {
        private let archive: ZipArchive
        private let thread: ExportThread?
        // Touched only by the work handed to the thread (or inline), then by `finish` once it is done.
        private var writer: Writer
        private var deflater: Deflater?
        private var failure: ZipArchiveError?

        init(archive: ZipArchive, background: Bool, capacity: Int = 16) {
            self.archive = archive
            writer = Writer(archive: archive)
            thread = background ? ExportThread(capacity: capacity) : nil
        }

        /// Adds the entry whose bytes are `pieces`, one after another.
        func add(path: String, pieces: [[UInt8]]) {
            begin(path: path)
            for piece in pieces { add(piece) }
            end(path: path)
        }

        /// Starts an entry, whose bytes the next calls of `add(_:)` give, up to `end(path:)`.
        func begin(path: String) {
            let limit = archive.sizeLimit
            let jobs = archive.jobs
            let memo = archive.memo
            let part = archive.scope + path
            run { [self] () throws(ZipArchiveError) in deflater = try Deflater(path: path, sizeLimit: limit, jobs: jobs, memo: memo, part: part) }
        }

        /// Adds an entry already compressed, after those before it (`Writer.append`).
        func append(path: String, size: UInt64, crc: UInt32, compressedPieces pieces: [[UInt8]]) {
            run { [self] () throws(ZipArchiveError) in try writer.append(path: path, size: size, crc: crc, compressedPieces: pieces) }
        }

        /// The next piece of the current entry's bytes.
        func add(_ piece: [UInt8]) {
            run { [self] () throws(ZipArchiveError) in try deflater?.add(piece) }
        }

        /// Ends the current entry.
        func end(path: String) {
            run { [self] () throws(ZipArchiveError) in
                guard let deflater else { return }
                self.deflater = nil
                let compressed = try deflater.finishPieces()
                try writer.append(path: path, size: deflater.size, crc: deflater.crc, compressedPieces: compressed)
            }
        }

        /// Waits for every entry to be compressed; the archive as pieces, as `Writer.finish` gives it.
        func finish() throws(ZipArchiveError) -> [[UInt8]] {
            thread?.finish()
            if let failure { throw failure }
            return try writer.finish()
        }

        /// Runs `step` in order after the steps before it, unless one of them failed.
        private func run(_ step: @escaping @Sendable () throws(ZipArchiveError) -> Void) {
            let work: @Sendable () -> Void = { [self] in
                guard failure == nil else { return }
                do throws(ZipArchiveError) { try step() } catch {
                    failure = error
                    deflater = nil
                }
            }
            if let thread { thread.submit(work) } else { work() }
        }
    }

    /// A raw deflate stream and CRC-32 of an entry's bytes given piece by piece; the compressed
    /// bytes are those of `deflate(_:path:)` on the pieces joined, however they are cut, and
    /// whatever `jobs` is.
    ///
    /// The bytes are cut into blocks, each compressed by a stream of its own that knows the 32 KB
    /// before it (zlib's preset dictionary, so matches reach back across the cut as in one stream)
    /// and ends flushed to a byte boundary, the last one finished: the blocks' streams one after
    /// another are one deflate stream, as gzip's parallel compressors write it. So a large part is
    /// compressed on up to `jobs` threads, a few blocks at a time, and the bytes depend only on the
    /// part's: a part of one block is exactly zlib's one stream of it.
    ///
    /// A block ends where the 64 bytes before a point say (a rolling hash of them, once the block
    /// holds `minimumBlock` bytes; at `maximumBlock` whatever they say), not at a fixed offset: an
    /// edit changes the blocks around it, and the cuts after it fall where they fell before. With a
    /// `memo`, a block whose bytes and 32 KB before are those of a block it holds takes that block's
    /// stream rather than being deflated again (`DeflateMemo`), so the same bytes come out.
    final class Deflater {
        let path: String
        private let sizeLimit: UInt64
        private let jobs: Int
        private let memo: DeflateMemo?
        /// What the memo keeps this entry's blocks under.
        private let part: String
        /// The fewest bytes a block holds (but the last), and the most.
        static let minimumBlock = 3 << 15
        static let maximumBlock = 1 << 18
        /// A block ends after a byte where the rolling hash's top `cutBits` bits are zero: one point
        /// in 32 KB, so blocks average about 128 KB.
        static let cutBits = 15
        /// How far back a deflate match reaches: each block's stream is given this much before it.
        static let window = 1 << 15
        /// The rolling ("gear") hash: shifted left a bit and added the byte's number at each byte,
        /// so after 64 bytes it depends on those 64 alone.
        private static let gear: [UInt64] = {
            var state: UInt64 = 0x5155_4553_544C_4F47
            return (0..<256).map { _ in
                // SplitMix64.
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }()
        /// The block being filled, and the rolling hash of its last bytes.
        private var block: [UInt8] = []
        private var rolling: UInt64 = 0
        /// Whether the block being filled has ended: it waits once a byte follows it.
        private var ended = false
        /// Full blocks waiting to be compressed together.
        private var waiting: [[UInt8]] = []
        /// The last `window` bytes before the first waiting block.
        private var before: [UInt8] = []
        private var output: [UInt8] = []
        /// Compressed bytes already set aside, a piece of `pieceSize` at a time, so the output never
        /// grows as one buffer (nor is copied when it ends).
        private var pieces: [[UInt8]] = []
        static let pieceSize = 1 << 20
        /// The CRC-32 of the blocks compressed so far (all of them once the stream is finished).
        private(set) var crc: UInt32 = 0
        private(set) var size: UInt64 = 0

        init(path: String, sizeLimit: UInt64, jobs: Int = 1, memo: DeflateMemo? = nil, part: String? = nil) throws(ZipArchiveError) {
            self.path = path
            self.sizeLimit = sizeLimit
            self.jobs = max(1, jobs)
            self.memo = memo
            self.part = part ?? path
            block.reserveCapacity(Self.minimumBlock + Self.window)
        }

        /// Takes the next piece of the entry's bytes, compressing the blocks it fills.
        func add(_ bytes: [UInt8]) throws(ZipArchiveError) {
            size += UInt64(bytes.count)
            guard size <= sizeLimit else { throw .tooLarge(path) }
            var offset = 0
            while offset < bytes.count {
                // An ended block waits only once a byte follows it: the last block, ended or not,
                // is always the one that finishes the stream, however the bytes are batched.
                if ended {
                    waiting.append(block)
                    block = []
                    block.reserveCapacity(Self.minimumBlock + Self.window)
                    rolling = 0
                    ended = false
                    // A few blocks per thread at a time: enough to keep every thread busy, few
                    // enough that little waits in memory.
                    if waiting.count >= 2 * jobs { try compressWaiting(last: false) }
                }
                let taken = bytes.withUnsafeBufferPointer { scan($0, from: offset) }
                block.append(contentsOf: bytes[offset..<offset + taken])
                offset += taken
            }
        }

        /// How many of the bytes from `offset` on go to the block being filled: up to the end of
        /// the bytes, or to the byte that ends the block (`ended` then set).
        private func scan(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int {
            var length = block.count
            var index = offset
            // The hash only needs the 64 bytes before the first point where a block may end.
            let hashed = Self.minimumBlock - 64
            if length < hashed {
                let skipped = min(hashed - length, bytes.count - index)
                index += skipped
                length += skipped
            }
            var rolling = self.rolling
            let shift = UInt64(64 - Self.cutBits)
            Self.gear.withUnsafeBufferPointer { gear in
                while index < bytes.count {
                    rolling = (rolling << 1) &+ gear[Int(bytes[index])]
                    index += 1
                    length += 1
                    if length >= Self.minimumBlock && rolling >> shift == 0 || length == Self.maximumBlock {
                        ended = true
                        break
                    }
                }
            }
            self.rolling = rolling
            return index - offset
        }

        /// Ends the stream; the compressed bytes.
        func finish() throws(ZipArchiveError) -> [UInt8] {
            let all = try finishPieces()
            return all.count == 1 ? all[0] : Array(all.joined())
        }

        /// Ends the stream; the compressed bytes as pieces, one after another (`finish` joined).
        func finishPieces() throws(ZipArchiveError) -> [[UInt8]] {
            // The last block, however short (empty for an empty part), finishes the stream.
            waiting.append(block)
            block = []
            try compressWaiting(last: true)
            defer {
                output = []
                pieces = []
            }
            return pieces + [output.compacted()]
        }

        /// Compresses the waiting blocks, each on one of up to `jobs` threads, and keeps their
        /// streams in order; with `last`, the last block's stream finishes the whole.
        private func compressWaiting(last: Bool) throws(ZipArchiveError) {
            let blocks = waiting
            waiting = []
            let first = before
            let path = path
            let memo = memo
            let part = part
            let compress = { @Sendable (index: Int) -> Result<(stream: [UInt8], crc: UInt32), ZipArchiveError> in
                let dictionary = index == 0 ? first : Array(blocks[index - 1].suffix(Self.window))
                let finishing = last && index == blocks.count - 1
                let crc = ZipArchive.crc32(blocks[index])
                return Result { () throws(ZipArchiveError) -> (stream: [UInt8], crc: UInt32) in
                    let make = { () throws(ZipArchiveError) -> [UInt8] in
                        try Self.compress(blocks[index], after: dictionary, finishing: finishing, path: path)
                    }
                    guard let memo else { return (try make(), crc) }
                    let key = DeflateMemo.Key(bytes: ContentHash.hash(blocks[index]), before: ContentHash.hash(dictionary),
                                              crc: crc, count: UInt32(blocks[index].count), finishing: finishing)
                    return (try memo.stream(key: key, part: part, make: make), crc)
                }
            }
            let streams: [Result<(stream: [UInt8], crc: UInt32), ZipArchiveError>]
            if jobs > 1 && blocks.count > 1 {
                streams = Parallel.map(Array(blocks.indices), jobs: jobs, compress)
            } else {
                streams = blocks.indices.map(compress)
            }
            if let end = blocks.last {
                before = end.count >= Self.window ? Array(end.suffix(Self.window)) : Array((before + end).suffix(Self.window))
            }
            for (block, result) in zip(blocks, streams) {
                let (stream, blockCRC) = try result.get()
                crc = UInt32(truncatingIfNeeded: crc32_combine(uLong(crc), uLong(blockCRC), numericCast(block.count)))
                output.append(contentsOf: stream)
                if output.count >= Self.pieceSize {
                    pieces.append(output)
                    output = []
                    output.reserveCapacity(Self.pieceSize + Self.maximumBlock)
                }
            }
        }

        /// One block as a deflate stream of its own, at `ZipArchive.level`, that may refer to the
        /// `dictionary` bytes before it: ended by a sync flush (byte-aligned, not final) unless it
        /// `finishing` the whole stream.
        private static func compress(_ bytes: [UInt8], after dictionary: [UInt8], finishing: Bool, path: String) throws(ZipArchiveError) -> [UInt8] {
            var stream = z_stream()
            var status = questlog_deflateInit2(&stream, ZipArchive.level, -15, 8)
            guard status == Z_OK else { throw .compressionFailed(path, status) }
            defer { deflateEnd(&stream) }
            if !dictionary.isEmpty {
                status = dictionary.withUnsafeBufferPointer { deflateSetDictionary(&stream, $0.baseAddress, uInt($0.count)) }
                guard status == Z_OK else { throw .compressionFailed(path, status) }
            }
            // The bound, with room for a sync flush's marker, leaves room for everything: one call
            // compresses the whole block.
            var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 16)
            var input = bytes
            let written = input.withUnsafeMutableBufferPointer { input in
                output.withUnsafeMutableBufferPointer { output in
                    stream.next_in = input.baseAddress
                    stream.avail_in = uInt(input.count)
                    stream.next_out = output.baseAddress
                    stream.avail_out = uInt(output.count)
                    status = CZlib.deflate(&stream, finishing ? Z_FINISH : Z_SYNC_FLUSH)
                    return output.count - Int(stream.avail_out)
                }
            }
            guard finishing ? status == Z_STREAM_END : (status == Z_OK && stream.avail_in == 0 && stream.avail_out > 0) else {
                throw .compressionFailed(path, status)
            }
            output.removeSubrange(written...)
            return output
        }
    }

    /// An entry of an archive file an earlier build wrote (`Writer`), found among the pieces it
    /// was written in: its uncompressed size, its CRC-32, and the pieces of its compressed bytes.
    struct StoredEntry: Sendable, Equatable {
        var size: UInt64
        var crc: UInt32
        var pieces: Range<Int>
    }

    /// The entries of an archive written in the pieces `Writer.finish` gives (each entry's local
    /// header, then its compressed bytes in pieces of their own, then the central directory and
    /// end record), by path: nil unless every header reads as one `Writer` writes, and the pieces
    /// after each make up exactly its compressed size, up to the last piece.
    static func storedEntries(of file: PiecedFile) -> [String: StoredEntry]? {
        var entries: [String: StoredEntry] = [:]
        var index = 0
        let last = file.count - 1
        while index < last {
            guard let header = file.piece(index), header.count >= 30, header.littleEndian(UInt32.self, at: 0) == 0x0403_4B50,
                  header.littleEndian(UInt16.self, at: 28) == 0,
                  header.count == 30 + Int(header.littleEndian(UInt16.self, at: 26)) else { return nil }
            let compressed = Int(header.littleEndian(UInt32.self, at: 18))
            var end = index + 1
            var total = 0
            while total < compressed && end < last {
                total += file.length(end)
                end += 1
            }
            guard total == compressed else { return nil }
            let path = String(decoding: header[30...], as: UTF8.self)
            entries[path] = StoredEntry(size: UInt64(header.littleEndian(UInt32.self, at: 22)), crc: header.littleEndian(UInt32.self, at: 14),
                                        pieces: index + 1..<end)
            index = end
        }
        return index == last ? entries : nil
    }

    /// The bytes of a raw deflate stream (window bits −15) given in pieces, as `Writer` writes an
    /// entry's: nil unless the stream ends after its last piece and gives exactly `size` bytes.
    static func inflate(_ pieces: [[UInt8]], size: Int) -> [UInt8]? {
        guard size >= 0 else { return nil }
        var stream = z_stream()
        guard questlog_inflateInit2(&stream, -15) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var ended = false, failed = false
        // One byte more than expected, so that a stream giving more is caught.
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { output, initialized in
            stream.next_out = output.baseAddress
            stream.avail_out = uInt(output.count)
            for piece in pieces where !piece.isEmpty {
                // Bytes after the end of the stream.
                guard !ended else { failed = true; break }
                let status = piece.withUnsafeBufferPointer { input -> Int32 in
                    stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                    stream.avail_in = uInt(input.count)
                    var status = Z_OK
                    while stream.avail_in > 0 && status == Z_OK {
                        status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    }
                    stream.next_in = nil
                    return status
                }
                if status == Z_STREAM_END && stream.avail_in == 0 {
                    ended = true
                } else if status != Z_OK || stream.avail_in > 0 {
                    failed = true
                    break
                }
            }
            stream.next_out = nil
            initialized = output.count - Int(stream.avail_out)
        }
        return ended && !failed && bytes.count == size ? bytes : nil
    }

    /// zlib's CRC-32 of `bytes`.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        let crc = bytes.withUnsafeBufferPointer { buffer in
            CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count))
        }
        return UInt32(truncatingIfNeeded: crc)
    }

    /// `bytes` deflated at `level`, as a raw stream (window bits −15: no zlib header), cut into
    /// blocks as `Deflater` cuts them.
    static func deflate(_ bytes: [UInt8], path: String, jobs: Int = 1, memo: DeflateMemo? = nil) throws(ZipArchiveError) -> [UInt8] {
        let deflater = try Deflater(path: path, sizeLimit: UInt64(max(bytes.count, 1)), jobs: jobs, memo: memo)
        try deflater.add(bytes)
        return try deflater.finish()
    }
}
