#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// Whether this string's UTF-8 bytes sort before `other`'s, as
    /// `utf8.lexicographicallyPrecedes(other.utf8)` says, compared a block at a time: paths and
    /// names are sorted this way everywhere output order must not depend on the locale.
    func utf8Precedes(_ other: String) -> Bool {
        // In place when both strings hold their UTF-8 (native ones do): no copy, no reference taken.
        if let order = utf8.withContiguousStorageIfAvailable({ x in
            other.utf8.withContiguousStorageIfAvailable { y in Self.precedes(x, y) }
        }), let order {
            return order
        }
        var a = self, b = other
        return a.withUTF8 { x in b.withUTF8 { y in Self.precedes(x, y) } }
    }

    /// The first eight UTF-8 bytes as a big-endian number, zeros past the end: of two strings whose
    /// keys differ, the one with the smaller key is the one `utf8Precedes` puts first, so a sort
    /// compares these integers and the strings only when they are the same.
    var utf8SortKey: UInt64 {
        utf8.withContiguousStorageIfAvailable(Self.sortKey) ?? Array(utf8.prefix(8)).withUnsafeBufferPointer(Self.sortKey)
    }

    /// `utf8SortKey` of these bytes.
    static func sortKey(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var key: UInt64 = 0
        var shift: UInt64 = 56
        for byte in bytes.prefix(8) {
            key |= UInt64(byte) << shift
            shift &-= 8
        }
        return key
    }

    private static func precedes(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        compare(x, y) < 0
    }

    /// Below zero when `x` sorts before `y` byte by byte, zero when they are the same bytes, above
    /// zero otherwise.
    fileprivate static func compare(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        let common = Swift.min(x.count, y.count)
        if common > 0, let left = x.baseAddress, let right = y.baseAddress {
            let order = memcmp(left, right, common)
            if order != 0 { return Int(order) }
        }
        return x.count - y.count
    }
}

extension Array where Element == String {
    /// Whether the strings are in `utf8Precedes` order (equal neighbours allowed): a list made in
    /// that order need not be sorted again.
    var isSortedByUTF8: Bool {
        indices.dropFirst().allSatisfy { !self[$0].utf8Precedes(self[$0 - 1]) }
    }

    /// Where `target` is, or would be, among these strings sorted by `utf8Precedes`: the first
    /// place whose string does not sort before it.
    func utf8Place(of target: String) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].utf8Precedes(target) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The strings sorted by `utf8Precedes`, unless they already are.
    func sortedByUTF8() -> [String] {
        isSortedByUTF8 ? self : utf8Order().map { self[$0] }
    }

    /// The places of the strings in `utf8Precedes` order, equal strings in the order they are in:
    /// sorted by their `utf8SortKey`s, the strings compared only where those are the same, and
    /// places moved rather than strings. The strings' bytes are copied one after another first, so
    /// that two strings of the same key (names and paths share long beginnings) are compared once,
    /// in place, rather than each reached through its own storage.
    func utf8Order() -> [Int] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(reduce(0) { $0 + $1.utf8.count })
        var starts: [Int] = []
        starts.reserveCapacity(count + 1)
        for string in self {
            starts.append(bytes.count)
            bytes.append(contentsOf: string.utf8)
        }
        starts.append(bytes.count)
        return bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                func string(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                    UnsafeBufferPointer(rebasing: bytes[starts[index]..<starts[index + 1]])
                }
                let keys = indices.map { String.sortKey(string($0)) }
                return keys.withUnsafeBufferPointer { keys in
                    indices.sorted { a, b in
                        if keys[a] != keys[b] { return keys[a] < keys[b] }
                        let order = String.compare(string(a), string(b))
                        return order != 0 ? order < 0 : a < b
                    }
                }
            }
        }
    }
}

extension String {
    /// Calls `body` with each folder of this path, the deepest first, until it says false: each is
    /// cut at a `/` byte, as the file system takes folders (a `/` followed by a combining mark is
    /// one too), found on the bytes rather than by walking characters. `"a/b/c.html"` gives
    /// `"a/b"`, then `"a"`.
    func forEachPathFolder(_ body: (String) -> Bool) {
        let utf8 = self.utf8
        var end = utf8.endIndex
        while let slash = utf8[..<end].lastIndex(of: UInt8(ascii: "/")) {
            guard body(String(decoding: utf8[..<slash], as: UTF8.self)) else { return }
            end = slash
        }
    }

    /// Calls `body` with each folder of this path, the outermost first, until it says false: the
    /// folders `forEachPathFolder` gives, in the other order.
    func forEachPathFolderFromTop(_ body: (String) -> Bool) {
        let utf8 = self.utf8
        var end = utf8.startIndex
        while let slash = utf8[end...].firstIndex(of: UInt8(ascii: "/")) {
            guard body(String(decoding: utf8[..<slash], as: UTF8.self)) else { return }
            end = utf8.index(after: slash)
        }
    }

    /// Whether this path and `other` have the same bytes before their last `/` byte (none for a
    /// path without one): whether they are in the same folder.
    func hasUTF8Parent(of other: String) -> Bool {
        func parentLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            bytes.lastIndex(of: UInt8(ascii: "/")) ?? 0
        }
        if let same = utf8.withContiguousStorageIfAvailable({ x in
            other.utf8.withContiguousStorageIfAvailable { y in
                let length = parentLength(x)
                return length == parentLength(y) && (length == 0 || memcmp(x.baseAddress!, y.baseAddress!, length) == 0)
            }
        }), let same {
            return same
        }
        func parent(_ path: String) -> Substring.UTF8View {
            let utf8 = path[...].utf8
            guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return utf8[utf8.startIndex..<utf8.startIndex] }
            return utf8[..<slash]
        }
        return parent(self).elementsEqual(parent(other))
    }
}

extension String {
    /// `lowercased()`, without Unicode case mapping for ASCII (most paths and names): ASCII
    /// without capitals is returned as it is, other ASCII has its capitals mapped byte by byte.
    var caseFolded: String {
        let ascii = utf8.withContiguousStorageIfAvailable { bytes -> String? in
            var capitals = false
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte >= 0x41 && byte <= 0x5A { capitals = true }
            }
            guard capitals else { return self }
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                for (at, byte) in bytes.enumerated() { buffer[at] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
                return bytes.count
            }
        }
        return (ascii ?? nil) ?? lowercased()
    }
}
