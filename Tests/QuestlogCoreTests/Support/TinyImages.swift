import Foundation

/// Small but complete image files, written byte by byte, so the tests need no image files or tools.
enum TinyImages {
    /// An RGB PNG of one colour, with real CRCs and an uncompressed zlib stream.
    static func png(width: Int, height: Int) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(data.count, 4) + body + bigEndian(Int(crc32(body)), 4)
        }
        let header = bigEndian(width, 4) + bigEndian(height, 4) + [8, 2, 0, 0, 0]
        let rows = [UInt8]((0..<height).flatMap { _ in [0] + [UInt8](repeating: 0x80, count: width * 3) })
        let stored = [0x01] + littleEndian(rows.count, 2) + littleEndian(rows.count ^ 0xFFFF, 2) + rows
        let zlib = [0x78, 0x01] + stored + bigEndian(Int(adler32(rows)), 4)
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    /// A GIF of colour 0 everywhere; the LZW data clears its table before each pixel, so every code has 3 bits.
    static func gif(width: Int, height: Int) -> [UInt8] {
        var codes: [Int] = []
        for _ in 0..<(width * height) { codes += [4, 0] }
        codes.append(5)
        var data: [UInt8] = []
        var accumulator = 0, bits = 0
        for code in codes {
            accumulator |= code << bits
            bits += 3
            while bits >= 8 {
                data.append(UInt8(accumulator & 0xFF))
                accumulator >>= 8
                bits -= 8
            }
        }
        if bits > 0 { data.append(UInt8(accumulator)) }
        var blocks: [UInt8] = []
        for start in stride(from: 0, to: data.count, by: 255) {
            let block = data[start..<min(start + 255, data.count)]
            blocks += [UInt8(block.count)] + block
        }
        return Array("GIF89a".utf8) + littleEndian(width, 2) + littleEndian(height, 2) + [0x80, 0, 0]
            + [0, 0, 0, 0xFF, 0xFF, 0xFF]
            + [0x2C] + littleEndian(0, 2) + littleEndian(0, 2) + littleEndian(width, 2) + littleEndian(height, 2) + [0]
            + [2] + blocks + [0, 0x3B]
    }

    /// A grey baseline JPEG (up to 8×8 pixels: one block): JFIF, a quantization table, the frame,
    /// one-code Huffman tables, and a scan whose DC difference and AC coefficients are all zero.
    static func jpeg(width: Int, height: Int, extraSegments: [[UInt8]] = []) -> [UInt8] {
        func segment(_ marker: UInt8, _ data: [UInt8]) -> [UInt8] {
            [0xFF, marker] + bigEndian(data.count + 2, 2) + data
        }
        let jfif = segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0] + bigEndian(1, 2) + bigEndian(1, 2) + [0, 0])
        let quantization = segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        let frame = segment(0xC0, [8] + bigEndian(height, 2) + bigEndian(width, 2) + [1, 1, 0x11, 0])
        let oneCode = [1] + [UInt8](repeating: 0, count: 15) + [0]
        let huffman = segment(0xC4, [0x00] + oneCode + [0x10] + oneCode)
        let scan = segment(0xDA, [1, 1, 0x00, 0, 63, 0])
        return [0xFF, 0xD8] + jfif + extraSegments.flatMap { segment(0xE1, $0) } + quantization + frame + huffman + scan
            + [0x3F] + [0xFF, 0xD9]
    }

    /// Lossy, lossless and extended WebP files of 1×1 pixel, as browsers' feature tests use them.
    static let webPLossy = base64("UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA")
    static let webPLossless = base64("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==")
    static let webPExtended = base64("UklGRkoAAABXRUJQVlA4WAoAAAAQAAAAAAAAAAAAQUxQSAwAAAARBxAR/Q9ERP8DAABWUDggGAAAABQBAJ0BKgEAAQAAAP4AAA3AAP7mtQAAAA==")

    static func bigEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) }
    }

    static func littleEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8((value >> ($0 * 8)) & 0xFF) }
    }

    private static func base64(_ text: String) -> [UInt8] {
        [UInt8](Data(base64Encoded: text)!)
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}
