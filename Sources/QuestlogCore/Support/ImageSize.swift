/// The pixel size of an image, read from the first bytes of its file: PNG, GIF, JPEG and WebP.
///
/// Only headers are read, every offset is checked against the data, so any input (truncated,
/// damaged or hostile) gives a size or nil and never a crash.
public enum ImageSize {
    /// How much of a file `ofFile(atPath:)` reads: enough for the headers, and for the metadata a
    /// camera puts before a JPEG's frame header.
    public static let headerLimit = 64 * 1024

    /// Width and height in pixels, or nil when the bytes do not start an image of a known format.
    public static func of(_ bytes: some Collection<UInt8>) -> (width: Int, height: Int)? {
        if let size = bytes.withContiguousStorageIfAvailable({ size(of: Header($0)) }) { return size }
        return Array(bytes).withUnsafeBufferPointer { size(of: Header($0)) }
    }

    /// The size of the image at `path`, reading at most `headerLimit` bytes; nil when the file
    /// cannot be read or is not an image of a known format.
    public static func ofFile(atPath path: String) -> (width: Int, height: Int)? {
        FileContents.read(path, limit: headerLimit).flatMap { of($0) }
    }

    private static func size(of header: Header) -> (width: Int, height: Int)? {
        let size: (width: Int, height: Int)?
        if header.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            size = png(header)
        } else if header.starts(with: Array("GIF87a".utf8)) || header.starts(with: Array("GIF89a".utf8)) {
            size = header.littleEndian(at: 6, count: 2).flatMap { w in header.littleEndian(at: 8, count: 2).map { (w, $0) } }
        } else if header.starts(with: [0xFF, 0xD8]) {
            size = jpeg(header)
        } else if header.starts(with: Array("RIFF".utf8)), header.matches(Array("WEBP".utf8), at: 8) {
            size = webP(header)
        } else {
            size = nil
        }
        guard let size, size.width > 0, size.height > 0 else { return nil }
        return size
    }

    /// The IHDR chunk, which the format requires first.
    private static func png(_ header: Header) -> (width: Int, height: Int)? {
        guard header.matches(Array("IHDR".utf8), at: 12),
              let width = header.bigEndian(at: 16, count: 4), let height = header.bigEndian(at: 20, count: 4) else { return nil }
        return (width, height)
    }

    /// Walks the marker segments up to the first start-of-frame, whose header holds the size.
    private static func jpeg(_ header: Header) -> (width: Int, height: Int)? {
        var offset = 2
        while true {
            guard header.byte(at: offset) == 0xFF else { return nil }
            // Any number of 0xFF fill bytes may precede a marker.
            while header.byte(at: offset) == 0xFF { offset += 1 }
            guard let marker = header.byte(at: offset) else { return nil }
            offset += 1
            switch marker {
            case 0x01, 0xD0...0xD7:
                continue // standalone markers carry no length
            case 0xD8, 0xD9, 0xDA:
                return nil // a second image start, the end, or the scan: no frame header before it
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                guard let height = header.bigEndian(at: offset + 3, count: 2),
                      let width = header.bigEndian(at: offset + 5, count: 2) else { return nil }
                return (width, height)
            default:
                guard let length = header.bigEndian(at: offset, count: 2), length >= 2 else { return nil }
                offset += length
            }
        }
    }

    /// The first chunk: a lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`) bitstream header.
    private static func webP(_ header: Header) -> (width: Int, height: Int)? {
        let data = 20
        if header.matches(Array("VP8 ".utf8), at: 12) {
            guard header.matches([0x9D, 0x01, 0x2A], at: data + 3),
                  let width = header.littleEndian(at: data + 6, count: 2),
                  let height = header.littleEndian(at: data + 8, count: 2) else { return nil }
            return (width & 0x3FFF, height & 0x3FFF)
        }
        if header.matches(Array("VP8L".utf8), at: 12) {
            guard header.byte(at: data) == 0x2F, let bits = header.littleEndian(at: data + 1, count: 4) else { return nil }
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        }
        if header.matches(Array("VP8X".utf8), at: 12) {
            guard let width = header.littleEndian(at: data + 4, count: 3),
                  let height = header.littleEndian(at: data + 7, count: 3) else { return nil }
            return (width + 1, height + 1)
        }
        return nil
    }

    /// Bounds-checked reads from the bytes: every accessor returns nil past the end.
    private struct Header {
        let bytes: UnsafeBufferPointer<UInt8>

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        func byte(at offset: Int) -> UInt8? {
            offset >= 0 && offset < bytes.count ? bytes[offset] : nil
        }

        func starts(with prefix: [UInt8]) -> Bool {
            matches(prefix, at: 0)
        }

        func matches(_ expected: [UInt8], at offset: Int) -> Bool {
            guard offset >= 0, offset <= bytes.count - expected.count else { return false }
            return expected.indices.allSatisfy { bytes[offset + $0] == expected[$0] }
        }

        func bigEndian(at offset: Int, count: Int) -> Int? {
            guard offset >= 0, offset <= bytes.count - count else { return nil }
            return (0..<count).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
        }

        func littleEndian(at offset: Int, count: Int) -> Int? {
            guard offset >= 0, offset <= bytes.count - count else { return nil }
            return (0..<count).reversed().reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
        }
    }
}
