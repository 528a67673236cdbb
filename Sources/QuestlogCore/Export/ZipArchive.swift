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

    static let entryLimit = Int(UInt16.max)
    /// 1980-01-01 as a DOS date: years since 1980 in bits 9–15, month in 5–8, day in 0–4.
    static let dosDate: UInt16 = 1 << 5 | 1
    static let dosTime: UInt16 = 0
    /// Version 2.0: deflate.
    static let version: UInt16 = 20
    static let deflated: UInt16 = 8

    /// The archive of `entries`.
    func bytes(of entries: [Entry]) throws(ZipArchiveError) -> [UInt8] {
        guard entries.count <= Self.entryLimit else { throw .tooManyEntries(entries.count) }
        var archive: [UInt8] = []
        var directory: [UInt8] = []
        let limit = sizeLimit
        let packed = Parallel.map(entries, jobs: jobs) { entry in
            Result { () throws(ZipArchiveError) -> (compressed: [UInt8], crc: UInt32) in
                guard UInt64(entry.bytes.count) <= limit else { throw .tooLarge(entry.path) }
                return (try Self.deflate(entry.bytes, path: entry.path), Self.crc32(entry.bytes))
            }
        }
        for (entry, result) in zip(entries, packed) {
            let name = Array(entry.path.utf8)
            let offset = UInt64(archive.count)
            guard UInt64(entry.bytes.count) <= sizeLimit, offset <= sizeLimit, name.count <= Int(UInt16.max) else {
                throw .tooLarge(entry.path)
            }
            let (compressed, crc) = try result.get()
            guard UInt64(compressed.count) <= sizeLimit else { throw .tooLarge(entry.path) }
            // The fields a local header and a central directory header share, from "version needed" on.
            var common: [UInt8] = []
            common.append(le: Self.version)
            common.append(le: UInt16(0))
            common.append(le: Self.deflated)
            common.append(le: Self.dosTime)
            common.append(le: Self.dosDate)
            common.append(le: crc)
            common.append(le: UInt32(compressed.count))
            common.append(le: UInt32(entry.bytes.count))
            common.append(le: UInt16(name.count))
            common.append(le: UInt16(0))

            archive.append(le: UInt32(0x0403_4B50))
            archive += common + name + compressed

            directory.append(le: UInt32(0x0201_4B50))
            directory.append(le: Self.version)
            directory += common
            directory.append(le: UInt16(0))  // comment length
            directory.append(le: UInt16(0))  // disk number
            directory.append(le: UInt16(0))  // internal attributes
            directory.append(le: UInt32(0))  // external attributes
            directory.append(le: UInt32(offset))
            directory += name
        }
        let directoryOffset = UInt64(archive.count)
        guard directoryOffset <= sizeLimit, directoryOffset + UInt64(directory.count) <= sizeLimit else {
            throw .tooLarge(entries.last?.path ?? "")
        }
        archive += directory
        archive.append(le: UInt32(0x0605_4B50))
        archive.append(le: UInt16(0))  // this disk
        archive.append(le: UInt16(0))  // the disk of the central directory
        archive.append(le: UInt16(entries.count))
        archive.append(le: UInt16(entries.count))
        archive.append(le: UInt32(directory.count))
        archive.append(le: UInt32(directoryOffset))
        archive.append(le: UInt16(0))  // comment length
        return archive
    }

    /// zlib's CRC-32 of `bytes`.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        let crc = bytes.withUnsafeBufferPointer { buffer in
            CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count))
        }
        return UInt32(truncatingIfNeeded: crc)
    }

    /// `bytes` deflated at zlib's default level (as spreadsheet apps write; the best level takes about five
    /// times as long for 6% less), as a raw stream (window bits −15: no zlib header).
    static func deflate(_ bytes: [UInt8], path: String) throws(ZipArchiveError) -> [UInt8] {
        var stream = z_stream()
        var status = questlog_deflateInit2(&stream, Z_DEFAULT_COMPRESSION, -15, 8)
        guard status == Z_OK else { throw .compressionFailed(path, status) }
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        let written = input.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                // The bound leaves room for everything, so one call finishes the stream.
                status = CZlib.deflate(&stream, Z_FINISH)
                return output.count - Int(stream.avail_out)
            }
        }
        guard status == Z_STREAM_END else { throw .compressionFailed(path, status) }
        return Array(output[..<written])
    }
}
