/// The keys of a Mustache object and where each one's value is in the object's values: an
/// immutable open-addressing hash table.
///
/// Objects made of the same keys (a table's cells, a list's links) share one table, made once
/// (`MustacheKeys`), so making such an object takes its values as they are given: no keys copied,
/// nothing hashed or allocated beyond the values' array. A page's context is made of many small
/// objects, some 400,000 a build at 10,000 entries. The slots and the keys live in one allocation
/// with the table itself (a `ManagedBuffer`'s tail: the slots, then the keys). A lookup reads one
/// slot word, then the key it points to.
final class MustacheKeyTable: ManagedBuffer<MustacheKeyTable.Header, UInt64> {
    // Shared between threads by `MustacheObject` and `MustacheKeys`: the tail is written only while
    // the table is made and freed only by `deinit`.

    struct Header {
        var count: Int
        /// The number of slots less one: slots are a power of two many.
        let mask: Int
    }

    /// How many `UInt64` words a key takes in the tail.
    private static var keyWords: Int {
        (MemoryLayout<String>.stride + 7) / 8
    }

    /// An empty table with room for `capacity` keys.
    static func make(capacity: Int) -> MustacheKeyTable {
        var slotCount = 4
        while slotCount < 2 * capacity { slotCount *= 2 }
        let buffer = create(minimumCapacity: slotCount + capacity * keyWords) { _ in
            Header(count: 0, mask: slotCount - 1)
        }
        let table = unsafeDowncast(buffer, to: MustacheKeyTable.self)
        table.withUnsafeMutablePointerToElements { $0.initialize(repeating: 0, count: slotCount) }
        return table
    }

    /// The table of `keys` (distinct), each at its place in the array.
    static func make(distinct keys: [String]) -> MustacheKeyTable {
        let table = make(capacity: keys.count)
        for key in keys {
            let (_, added) = table.insert(key, capacity: keys.count)
            precondition(added, "keys repeat")
        }
        return table
    }

    /// The table of the keys of `pairs` and the values at their places: a key that repeats keeps
    /// the place where it was first set and takes the last value.
    static func make<Pairs: Collection<(String, MustacheValue)>>(pairs: Pairs) -> (table: MustacheKeyTable, values: [MustacheValue]) {
        let table = make(capacity: pairs.count)
        var values: [MustacheValue] = []
        values.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            let (index, added) = table.insert(key, capacity: pairs.count)
            if added { values.append(value) } else { values[index] = value }
        }
        return (table, values)
    }

    private func keys(_ slots: UnsafeMutablePointer<UInt64>, mask: Int) -> UnsafeMutablePointer<String> {
        UnsafeMutableRawPointer(slots + mask + 1).assumingMemoryBound(to: String.self)
    }

    /// Adds `key` unless the table has it: its place, and whether it was added.
    func insert(_ key: String, capacity: Int) -> (index: Int, added: Bool) {
        withUnsafeMutablePointers { header, slots in
            let mask = header.pointee.mask
            let keys = keys(slots, mask: mask)
            let hash = LookupKey.hash(key)
            var slot = Int(hash) & mask
            while slots[slot] != 0 {
                let entry = slots[slot]
                if UInt32(entry >> 32) == hash {
                    let index = Int(UInt32(truncatingIfNeeded: entry) - 1)
                    if keys[index] == key { return (index, false) }
                }
                slot = (slot + 1) & mask
            }
            let count = header.pointee.count
            precondition(count < capacity, "more keys than the capacity")
            (keys + count).initialize(to: key)
            header.pointee.count = count + 1
            slots[slot] = UInt64(hash) << 32 | UInt64(count + 1)
            return (count, true)
        }
    }

    deinit {
        withUnsafeMutablePointers { header, slots in
            _ = keys(slots, mask: header.pointee.mask).deinitialize(count: header.pointee.count)
        }
    }

    var count: Int {
        header.count
    }

    /// The keys, each at its place.
    var keys: [String] {
        withUnsafeMutablePointers { header, slots in
            Array(UnsafeBufferPointer(start: keys(slots, mask: header.pointee.mask), count: header.pointee.count))
        }
    }

    /// The place of `key`, whose `LookupKey.hash` is `hash`.
    @inline(__always)
    func index(of key: String, hash: UInt32) -> Int? {
        withUnsafeMutablePointers { header, slots in
            let mask = header.pointee.mask
            var slot = Int(hash) & mask
            while true {
                let entry = slots[slot]
                if entry == 0 { return nil }
                if UInt32(entry >> 32) == hash {
                    let index = Int(UInt32(truncatingIfNeeded: entry) - 1)
                    if keys(slots, mask: mask)[index] == key { return index }
                }
                slot = (slot + 1) & mask
            }
        }
    }
}
