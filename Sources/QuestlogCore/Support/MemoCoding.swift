import Foundation

/// Writes the records of a memo file (`NoteMemo`, `LayoutMemo`): integers as eight little-endian
/// bytes, strings as their length and their UTF-8.
struct MemoWriter {
    var bytes: [UInt8] = []

    mutating func integer(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func integer(_ value: Int) {
        integer(UInt64(bitPattern: Int64(value)))
    }

    mutating func flag(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            integer(utf8.count)
            bytes += utf8
        }
    }

    mutating func optional(_ value: String?) {
        flag(value != nil)
        if let value { string(value) }
    }

    /// A number in seven-bit groups, the lowest first, each byte but the last with its top bit set.
    mutating func varint(_ value: Int) {
        Self.varint(value, to: &bytes)
    }

    /// `varint(_:)` appended to `bytes`.
    @inline(__always)
    static func varint(_ value: Int, to bytes: inout [UInt8]) {
        var value = UInt64(bitPattern: Int64(value))
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Bytes as their count and themselves.
    mutating func blob(_ value: [UInt8]) {
        integer(value.count)
        bytes += value
    }
}

/// Reads what `MemoWriter` wrote; every read is bounds-checked and gives nil past the end.
struct MemoReader {
    let bytes: [UInt8]
    /// The bytes read in place of `bytes` (empty then), held while the reader reads them.
    let memo: MemoBytes?
    var offset: Int
    var end: Int

    init(bytes: [UInt8], offset: Int, end: Int? = nil) {
        self.bytes = bytes
        memo = nil
        self.offset = offset
        self.end = end ?? bytes.count
    }

    init(memo: MemoBytes, offset: Int, end: Int? = nil) {
        bytes = []
        self.memo = memo
        self.offset = offset
        self.end = end ?? memo.count
    }

    /// Runs `body` with the bytes read.
    @inline(__always)
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let memo { return memo.withUnsafeBytes(body) }
        return bytes.withUnsafeBytes(body)
    }

    mutating func integer() -> UInt64? {
        guard offset >= 0, end - offset >= 8 else { return nil }
        let at = offset
        let value = withBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        offset += 8
        return value
    }

    mutating func int() -> Int? {
        integer().map { Int(Int64(bitPattern: $0)) }
    }

    /// A count of items that each take at least one byte: never more than the bytes left.
    mutating func count() -> Int? {
        guard let value = int(), value >= 0, value <= end - offset else { return nil }
        return value
    }

    mutating func byte() -> UInt8? {
        guard offset >= 0, offset < end else { return nil }
        let at = offset
        offset += 1
        return withBytes { $0[at] }
    }

    mutating func flag() -> Bool? {
        switch byte() {
        case 0: false
        case 1: true
        default: nil
        }
    }

    mutating func string() -> String? {
        guard let length = count() else { return nil }
        return utf8(length)
    }

    /// The string of the next `length` bytes (which must be there), as UTF-8.
    mutating func utf8(_ length: Int) -> String {
        let range = offset..<offset + length
        offset += length
        return withBytes { String(decoding: UnsafeRawBufferPointer(rebasing: $0[range]).assumingMemoryBound(to: UInt8.self), as: UTF8.self) }
    }

    /// The next `length` bytes (which must be there), copied.
    mutating func copy(_ length: Int) -> [UInt8] {
        let range = offset..<offset + length
        offset += length
        return withBytes { Array(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// What `MemoWriter.varint` wrote: nil past the end, or for more than nine groups.
    mutating func varint() -> Int? {
        guard offset >= 0 else { return nil }
        let (start, stop) = (offset, end)
        let (value, next) = withBytes { buffer -> (Int?, Int) in
            var value: UInt64 = 0
            var shift: UInt64 = 0
            var at = start
            while at < stop, shift < 63 {
                let byte = buffer[at]
                at += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return (Int(Int64(bitPattern: value)), at) }
                shift += 7
            }
            return (nil, at)
        }
        offset = next
        return value
    }

    mutating func blob() -> [UInt8]? {
        guard let length = count() else { return nil }
        return copy(length)
    }

    mutating func optional() -> String?? {
        guard let present = flag() else { return nil }
        guard present else { return .some(nil) }
        guard let value = string() else { return nil }
        return .some(value)
    }
}

/// A memo file: a header line naming its format, a line naming the Questlog binary that wrote it,
/// the records, and a hash of everything before it, so a damaged, truncated or foreign file is
/// refused whole.
enum MemoFile {
    /// The file of the records `records` writes. `capacity` is about how many bytes they take: the
    /// buffer is made that large at once, rather than grown by doubling, which for a memo of many
    /// megabytes holds the old buffer and the new one, twice its size, at the same time (room
    /// reserved and never written takes no memory).
    static func seal(header: String, identity: String, capacity: Int = 0, records: (inout MemoWriter) -> Void) -> [UInt8] {
        var writer = MemoWriter()
        let start = Array((header + "\n" + identity + "\n").utf8)
        writer.bytes.reserveCapacity(start.count + capacity + 8)
        writer.bytes += start
        records(&writer)
        writer.integer(ContentHash.hash(writer.bytes))
        return writer.bytes
    }

    /// The hash a whole file ends with (`seal`), by which a journal names the file it goes with.
    static func hash(of bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)) }
    }

    /// Whether a memo read from a file of `fileSize` bytes and `fileRecords` records, of which the
    /// last build kept `kept`, is written as a journal of `size` bytes beside the file rather than
    /// as a whole file again: while the journal is at most an eighth of the file and the records
    /// of the file no longer kept at most an eighth of them, so neither grows past that.
    static func journalWorthIt(size: Int, fileSize: Int, kept: Int, fileRecords: Int) -> Bool {
        size <= fileSize / 8 && fileRecords - kept <= fileRecords / 8
    }

    /// A reader of the records, from just after the identity line to just before the hash; nil
    /// unless the file has this header and identity and (unless not `verifying`) its hash matches.
    static func open(_ bytes: [UInt8], header: String, identity: String, verifying: Bool = true) -> MemoReader? {
        let prefix = Array((header + "\n" + identity + "\n").utf8)
        guard bytes.count >= prefix.count + 8, bytes.starts(with: prefix) else { return nil }
        let body = bytes.count - 8
        if verifying {
            let recorded = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: body, as: UInt64.self)) }
            guard bytes.withUnsafeBytes({ ContentHash.hash(UnsafeRawBufferPointer(rebasing: $0[..<body])) }) == recorded else { return nil }
        }
        return MemoReader(bytes: bytes, offset: prefix.count, end: body)
    }
}
