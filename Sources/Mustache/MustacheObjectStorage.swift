/// An immutable open-addressing hash table from keys to values.
///
/// The fields live in memory the storage allocates itself, so each value's address stays valid
/// for as long as the storage lives: rendering refers to values by address instead of copying
/// them. A lookup reads one slot word, then the field it points to.
final class MustacheObjectStorage: @unchecked Sendable {
    // Unchecked: the memory behind `slots` and `fields` is written only by `init` and freed
    // only by `deinit`.

    let count: Int
    private let fields: UnsafeMutablePointer<(key: String, value: MustacheValue)>
    /// Power-of-two many slots; each holds a key's hash in its high half and the index of its
    /// field plus one in its low half, or zero when empty.
    private let slots: UnsafeMutableBufferPointer<UInt64>

    /// - Precondition: `keys` are distinct and as many as `values`.
    convenience init(keys: [String], values: [MustacheValue]) {
        self.init(capacity: keys.count, zip(keys, values))
    }

    /// A table of at most `capacity` fields from `pairs`; when a key repeats, the last value wins.
    init<Pairs: Sequence<(String, MustacheValue)>>(capacity: Int, _ pairs: Pairs) {
        fields = .allocate(capacity: capacity)
        var slotCount = 4
        while slotCount < 2 * capacity { slotCount *= 2 }
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: 0)
        let mask = slotCount - 1
        var count = 0
        for (key, value) in pairs {
            precondition(count < capacity, "more fields than the capacity")
            let hash = LookupKey.hash(key)
            var slot = Int(hash) & mask
            var repeated = false
            while slots[slot] != 0 {
                let entry = slots[slot]
                if UInt32(entry >> 32) == hash {
                    let field = fields + Int(UInt32(truncatingIfNeeded: entry) - 1)
                    if field.pointee.key == key {
                        field.pointee.value = value
                        repeated = true
                        break
                    }
                }
                slot = (slot + 1) & mask
            }
            if repeated { continue }
            (fields + count).initialize(to: (key, value))
            count += 1
            slots[slot] = UInt64(hash) << 32 | UInt64(count)
        }
        self.count = count
    }

    deinit {
        fields.deinitialize(count: count)
        fields.deallocate()
        slots.deallocate()
    }

    var keys: [String] {
        (0..<count).map { fields[$0].key }
    }

    /// The values, in the order of `keys`.
    var allValues: [MustacheValue] {
        (0..<count).map { fields[$0].value }
    }

    /// Calls `body` with each field, in the order of `keys`.
    func forEachField(_ body: (String, MustacheValue) -> Void) {
        for index in 0..<count { body(fields[index].key, fields[index].value) }
    }

    /// The address of the value for `key`, valid while this storage lives.
    func valuePointer(forKey key: String, hash: UInt32) -> UnsafePointer<MustacheValue>? {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if UInt32(entry >> 32) == hash {
                let field = fields + Int(UInt32(truncatingIfNeeded: entry) - 1)
                if field.pointee.key == key {
                    return UnsafePointer(field.pointer(to: \.value)!)
                }
            }
            slot = (slot + 1) & mask
        }
    }
}
