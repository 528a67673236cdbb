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

    private static func precedes(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = Swift.min(x.count, y.count)
        if common > 0, let left = x.baseAddress, let right = y.baseAddress {
            let order = memcmp(left, right, common)
            if order != 0 { return order < 0 }
        }
        return x.count < y.count
    }
}

extension Array where Element == String {
    /// Whether the strings are in `utf8Precedes` order (equal neighbours allowed): a list made in
    /// that order need not be sorted again.
    var isSortedByUTF8: Bool {
        indices.dropFirst().allSatisfy { !self[$0].utf8Precedes(self[$0 - 1]) }
    }

    /// The strings sorted by `utf8Precedes`, unless they already are.
    func sortedByUTF8() -> [String] {
        isSortedByUTF8 ? self : sorted { $0.utf8Precedes($1) }
    }
}
