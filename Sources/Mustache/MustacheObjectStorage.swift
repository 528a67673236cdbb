/// An immutable open-addressing hash table from keys to values.
///
/// The values live in memory the storage allocates itself, so each value's address stays valid
/// for as long as the storage lives: rendering refers to values by address instead of copying
/// them.
final class MustacheObjectStorage: @unchecked Sendable {
    // Unchecked: `values` is written only by `init` and freed only by `deinit`.
    let keys: [String]
    private let values: UnsafeMutableBufferPointer<MustacheValue>
    private let hashes: [UInt32]
    /// Power-of-two sized; each slot holds a field index plus one, or zero when empty.
    private let slots: [Int32]

    /// - Precondition: `keys` are distinct and as many as `values`.
    init(keys: [String], values: [MustacheValue]) {
        self.keys = keys
        self.values = .allocate(capacity: values.count)
        _ = self.values.initialize(from: values)
        hashes = keys.map(LookupKey.hash)
        var capacity = 4
        while capacity < 2 * keys.count { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        for (index, hash) in hashes.enumerated() {
            var slot = Int(hash) & (capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(index + 1)
        }
        self.slots = slots
    }

    deinit {
        values.deinitialize()
        values.deallocate()
    }

    /// The values, in the order of `keys`.
    var allValues: [MustacheValue] {
        Array(values)
    }

    /// The address of the value for `key`, valid while this storage lives.
    func valuePointer(forKey key: String, hash: UInt32) -> UnsafePointer<MustacheValue>? {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let entry = Int(slots[slot]) - 1
            if entry < 0 { return nil }
            if hashes[entry] == hash, keys[entry] == key {
                return UnsafePointer(values.baseAddress! + entry)
            }
            slot = (slot + 1) & mask
        }
    }
}
