import CZlib
@testable import QuestlogCore

/// A ZIP reader for tests, independent of the writer: it finds the end record, walks the central
/// directory, reads each local header, inflates the data with zlib and checks the CRC-32 with its
/// own table. Nil when anything is off.
enum ZipReader {
    struct Part: Equatable {
        var path: String
        var bytes: [UInt8]
        /// The DOS date and time of the local header and of the central directory.
        var dates: [UInt16]
    }

    static func read(_ archive: [UInt8]) -> [Part]? {
        func u16(_ at: Int) -> Int? { at + 2 <= archive.count ? Int(archive[at]) | Int(archive[at + 1]) << 8 : nil }
        func u32(_ at: Int) -> Int? {
            guard let low = u16(at), let high = u16(at + 2) else { return nil }
            return low | high << 16
        }
        guard archive.count >= 22, let end = (0...archive.count - 22).reversed().first(where: { u32($0) == 0x0605_4B50 }),
              let count = u16(end + 10), let size = u32(end + 12), var offset = u32(end + 16),
              offset + size == end else { return nil }
        var parts: [Part] = []
        for _ in 0..<count {
            guard u32(offset) == 0x0201_4B50, let method = u16(offset + 10), let time = u16(offset + 12),
                  let date = u16(offset + 14), let crc = u32(offset + 16), let compressed = u32(offset + 20),
                  let size = u32(offset + 24), let nameLength = u16(offset + 28), let extra = u16(offset + 30),
                  let comment = u16(offset + 32), let local = u32(offset + 42), method == 8 else { return nil }
            let name = String(decoding: archive[offset + 46..<offset + 46 + nameLength], as: UTF8.self)
            offset += 46 + nameLength + extra + comment
            guard u32(local) == 0x0403_4B50, u32(local + 14) == crc, u16(local + 26) == nameLength,
                  let localTime = u16(local + 10), let localDate = u16(local + 12),
                  let localExtra = u16(local + 28) else { return nil }
            let start = local + 30 + nameLength + localExtra
            guard start + compressed <= archive.count,
                  let bytes = inflate(Array(archive[start..<start + compressed]), size: size),
                  crc32(bytes) == UInt32(crc) else { return nil }
            parts.append(Part(path: name, bytes: bytes, dates: [UInt16(localTime), UInt16(localDate), UInt16(time), UInt16(date)]))
        }
        return parts
    }

    /// A raw deflate stream inflated with zlib (window bits −15); nil unless it gives exactly `size` bytes.
    static func inflate(_ compressed: [UInt8], size: Int) -> [UInt8]? {
        var stream = z_stream()
        guard questlog_inflateInit2(&stream, -15) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var input = compressed
        var output = [UInt8](repeating: 0, count: size + 1)
        let (status, written) = input.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                let status = CZlib.inflate(&stream, Z_FINISH)
                return (status, output.count - Int(stream.avail_out))
            }
        }
        guard status == Z_STREAM_END, written == size else { return nil }
        return Array(output[..<written])
    }

    /// `bytes` as one raw deflate stream at the archive's level (`ZipArchive.level`), uncut: what a part compressed
    /// in blocks is held against.
    static func deflateAsOneStream(_ bytes: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard questlog_deflateInit2(&stream, ZipArchive.level, -15, 8) == Z_OK else { throw ZipArchiveError.compressionFailed("", -1) }
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        let (status, written) = input.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                let status = CZlib.deflate(&stream, Z_FINISH)
                return (status, output.count - Int(stream.avail_out))
            }
        }
        guard status == Z_STREAM_END else { throw ZipArchiveError.compressionFailed("", status) }
        return Array(output[..<written])
    }

    /// CRC-32 (IEEE, reflected, polynomial 0xEDB88320), computed bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
