import Foundation

/// Terms as UTF-8 bytes, each stored once and numbered in the order met: the index builder counts
/// and sorts these numbers rather than hashing and comparing strings again at every step.
struct TermTable: Sendable {
    /// Every term's bytes, one after the other; term `n` ends at `ends[n]`.
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    private var hashes: [UInt64] = []
    /// Open addressing: a term's number plus one, or zero for an empty slot.
    private var slots = [Int32](repeating: 0, count: 1024)

    var count: Int { ends.count }

    /// The number of `term`, given it when it is new.
    mutating func id(of term: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = Self.hash(term)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { break }
            let id = entry - 1
            if hashes[id] == hash && matches(id, term) { return id }
            slot = (slot + 1) & mask
        }
        let id = ends.count
        bytes.append(contentsOf: term)
        ends.append(bytes.count)
        hashes.append(hash)
        slots[slot] = Int32(id + 1)
        if ends.count * 2 > slots.count { grow() }
        return id
    }

    /// Term `id` as a string.
    func term(_ id: Int) -> String {
        withTerm(id) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the bytes of term `id`.
    func withTerm<R>(_ id: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let start = id == 0 ? 0 : ends[id - 1]
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<ends[id]])) }
    }

    /// Every term's number, in the order of `SearchIndex.precedes` (UTF-16 code units). That is the
    /// order of the UTF-8 bytes unless a term holds a character beyond U+FFFF (a four-byte
    /// sequence), whose surrogates sort below U+E000–U+FFFF in UTF-16: the terms are then sorted as
    /// strings. The bytes are compared eight at a time, the first eight first, on up to `jobs`
    /// threads (halves sorted apart, then merged); terms are distinct, so the order is one.
    func sortedIDs(jobs: Int = 1) -> [Int] {
        if bytes.contains(where: { $0 >= 0xF0 }) {
            let strings = (0..<count).map { term($0) }
            return (0..<count).sorted { SearchIndex.precedes(strings[$0], strings[$1]) }
        }
        return bytes.withUnsafeBufferPointer { stored in
            let order = ByteOrder(bytes: stored, ends: ends)
            let all = Array(0..<count)
            guard jobs > 1, count > 4_096 else { return all.sorted(by: order.precedes) }
            let middle = count / 2
            let halves = Parallel.map([0..<middle, middle..<count], jobs: 2) { range in all[range].sorted(by: order.precedes) }
            var merged: [Int] = []
            merged.reserveCapacity(count)
            var left = 0, right = 0
            let first = halves[0], second = halves[1]
            while left < first.count && right < second.count {
                if order.precedes(second[right], first[left]) {
                    merged.append(second[right])
                    right += 1
                } else {
                    merged.append(first[left])
                    left += 1
                }
            }
            merged.append(contentsOf: first[left...])
            merged.append(contentsOf: second[right...])
            return merged
        }
    }

    /// The byte order of the terms of a table, read in place; used only while the table's bytes are.
    private struct ByteOrder: @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
        let ends: [Int]
        /// Each term's first eight bytes, big-endian, zeros past its end.
        let keys: [UInt64]

        init(bytes: UnsafeBufferPointer<UInt8>, ends: [Int]) {
            self.bytes = bytes
            self.ends = ends
            keys = ends.indices.map { id -> UInt64 in
                let from = id == 0 ? 0 : ends[id - 1]
                var key: UInt64 = 0
                for offset in 0..<min(8, ends[id] - from) { key |= UInt64(bytes[from + offset]) << UInt64(56 - offset * 8) }
                return key
            }
        }

        func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
            if keys[lhs] != keys[rhs] { return keys[lhs] < keys[rhs] }
            // The same first eight bytes (or all of a shorter term): the rest decides, then the length.
            let left = (lhs == 0 ? 0 : ends[lhs - 1]) + 8
            let right = (rhs == 0 ? 0 : ends[rhs - 1]) + 8
            let leftCount = ends[lhs] - left
            let rightCount = ends[rhs] - right
            guard leftCount > 0, rightCount > 0 else { return leftCount < rightCount }
            let order = memcmp(bytes.baseAddress! + left, bytes.baseAddress! + right, min(leftCount, rightCount))
            return order != 0 ? order < 0 : leftCount < rightCount
        }
    }

    private func matches(_ id: Int, _ term: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = id == 0 ? 0 : ends[id - 1]
        guard ends[id] - start == term.count else { return false }
        return bytes.withUnsafeBufferPointer { stored in
            term.isEmpty || memcmp(stored.baseAddress! + start, term.baseAddress!, term.count) == 0
        }
    }

    private mutating func grow() {
        var larger = [Int32](repeating: 0, count: slots.count * 2)
        let mask = larger.count - 1
        for (id, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while larger[slot] != 0 { slot = (slot + 1) & mask }
            larger[slot] = Int32(id + 1)
        }
        slots = larger
    }

    /// A fast hash of short byte strings, eight bytes at a time.
    static func hash(_ term: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(term.count)
        guard let base = term.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= term.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < term.count {
            tail |= UInt64(base[index]) << shift
            shift += 8
            index += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 29)
    }
}
