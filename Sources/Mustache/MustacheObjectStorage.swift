/// One field of a Mustache object.
struct MustacheField {
    let key: String
    var value: MustacheValue
}

/// An immutable open-addressing hash table from keys to values.
///
/// The table and its fields live in one allocation with the object itself (a `ManagedBuffer`'s
/// tail: the slots, then the fields), so each value's address stays valid for as long as the
/// storage lives: rendering refers to values by address instead of copying them. A lookup reads
/// one slot word, then the field it points to. A page's context is made of many small objects:
/// one allocation each, and fields that are structs rather than tuples (whose copies and
/// destruction go through the runtime's generic tuple witnesses), keep making and freeing them cheap.
final class MustacheObjectStorage: ManagedBuffer<MustacheObjectStorage.Header, UInt64> {
    // Shared between threads by `MustacheObject`: the tail is written only while the storage is
    // made and freed only by `deinit`.

    struct Header {
        var count: Int
        /// The number of slots less one: slots are a power of two many.
        let mask: Int
    }

    /// How many `UInt64` words a field takes in the tail.
    private static var fieldWords: Int {
        (MemoryLayout<MustacheField>.stride + 7) / 8
    }

    /// Empty storage with room for `capacity` fields.
    private static func make(capacity: Int) -> MustacheObjectStorage {
        var slotCount = 4
        while slotCount < 2 * capacity { slotCount *= 2 }
        let buffer = create(minimumCapacity: slotCount + capacity * fieldWords) { _ in
            Header(count: 0, mask: slotCount - 1)
        }
        let storage = unsafeDowncast(buffer, to: MustacheObjectStorage.self)
        storage.withUnsafeMutablePointerToElements { $0.initialize(repeating: 0, count: slotCount) }
        return storage
    }

    /// A table of at most `capacity` fields from `pairs`; when a key repeats, the last value wins.
    static func make<Pairs: Sequence<(String, MustacheValue)>>(capacity: Int, _ pairs: Pairs) -> MustacheObjectStorage {
        let storage = make(capacity: capacity)
        for (key, value) in pairs {
            storage.insert(key, value, capacity: capacity)
        }
        return storage
    }

    /// The same for an array, without going through the generic sequence's witnesses.
    ///
    /// The keys and values are moved out of `pairs` (held nowhere else, as a page's data is), each
    /// pair left empty in its place: copying them in and then freeing the array counted every one
    /// up and down once more.
    static func make(pairs: consuming [(String, MustacheValue)]) -> MustacheObjectStorage {
        let capacity = pairs.count
        let storage = make(capacity: capacity)
        pairs.withUnsafeMutableBufferPointer { pairs in
            guard let base = pairs.baseAddress else { return }
            for index in pairs.indices {
                let (key, value) = (base + index).move()
                (base + index).initialize(to: ("", .null))
                storage.insert(key, value, capacity: capacity)
            }
        }
        return storage
    }

    /// The same for a dictionary, whose keys are distinct.
    static func make(fields: [String: MustacheValue]) -> MustacheObjectStorage {
        let storage = make(capacity: fields.count)
        for (key, value) in fields {
            storage.insert(key, value, capacity: fields.count)
        }
        return storage
    }

    /// A table of the fields `keys` (distinct) with `values`, in that order: the slots copied from
    /// the keys' own table, nothing hashed or probed.
    ///
    /// The values are moved out of `values`, each left `.null` in its place: copying them in and
    /// then freeing the array counted every value up and down once more.
    static func make(keys: borrowing MustacheKeys, values: consuming [MustacheValue]) -> MustacheObjectStorage {
        precondition(values.count == keys.keys.count, "one value for each key")
        let storage = make(keys: keys)
        values.withUnsafeMutableBufferPointer { values in
            guard let base = values.baseAddress else { return }
            for index in values.indices {
                storage.nextField().initialize(to: MustacheField(key: keys.keys[index], value: (base + index).move()))
                (base + index).initialize(to: .null)
            }
        }
        return storage
    }

    /// A table of the fields `keys` (distinct) with no value set yet: the slots copied from the
    /// keys' own table, each field then set in order through `nextField`. No lookup may come
    /// before every key has its value.
    static func make(keys: borrowing MustacheKeys) -> MustacheObjectStorage {
        let storage = make(capacity: keys.keys.count)
        storage.withUnsafeMutablePointers { header, slots in
            precondition(header.pointee.mask == keys.slots.count - 1)
            keys.slots.withUnsafeBufferPointer { slots.update(from: $0.baseAddress!, count: $0.count) }
        }
        return storage
    }

    /// The next field of a table made by `make(keys:)`, counted as set: the caller initializes it
    /// at once, with the next of the keys and its value.
    func nextField() -> UnsafeMutablePointer<MustacheField> {
        withUnsafeMutablePointers { header, slots in
            let count = header.pointee.count
            header.pointee.count = count + 1
            return fields(slots, mask: header.pointee.mask) + count
        }
    }

    /// The slots a table of `keys` (distinct) inserted in order has: what `make(keys:values:)` and `make(keys:)` copy.
    static func slots(of keys: [String]) -> [UInt64] {
        let storage = make(capacity: keys.count)
        for key in keys { storage.insert(key, .null, capacity: keys.count) }
        return storage.withUnsafeMutablePointers { header, slots in
            Array(UnsafeBufferPointer(start: slots, count: header.pointee.mask + 1))
        }
    }

    private func fields(_ slots: UnsafeMutablePointer<UInt64>, mask: Int) -> UnsafeMutablePointer<MustacheField> {
        UnsafeMutableRawPointer(slots + mask + 1).assumingMemoryBound(to: MustacheField.self)
    }

    /// Sets `key` to `value`: a new field, or the new value of the field the key has.
    private func insert(_ key: consuming String, _ value: consuming MustacheValue, capacity: Int) {
        let hash = LookupKey.hash(key)
        // The field found or claimed, then set here: a value consumed in the closure would not be.
        let (field, isNew) = withUnsafeMutablePointers { header, slots -> (UnsafeMutablePointer<MustacheField>, Bool) in
            let mask = header.pointee.mask
            let fields = fields(slots, mask: mask)
            var slot = Int(hash) & mask
            while slots[slot] != 0 {
                let entry = slots[slot]
                if UInt32(entry >> 32) == hash {
                    let field = fields + Int(UInt32(truncatingIfNeeded: entry) - 1)
                    if field.pointee.key == key { return (field, false) }
                }
                slot = (slot + 1) & mask
            }
            let count = header.pointee.count
            precondition(count < capacity, "more fields than the capacity")
            header.pointee.count = count + 1
            slots[slot] = UInt64(hash) << 32 | UInt64(count + 1)
            return (fields + count, true)
        }
        if isNew {
            field.initialize(to: MustacheField(key: key, value: value))
        } else {
            field.pointee.value = value
        }
    }

    deinit {
        withUnsafeMutablePointers { header, slots in
            let fields = fields(slots, mask: header.pointee.mask)
            for index in 0..<header.pointee.count {
                (fields + index).deinitialize(count: 1)
            }
        }
    }

    var count: Int {
        header.count
    }

    /// Calls `body` with each field, in the order they were first set.
    func forEachField(_ body: (String, MustacheValue) -> Void) {
        withUnsafeMutablePointers { header, slots in
            let fields = fields(slots, mask: header.pointee.mask)
            for index in 0..<header.pointee.count { body(fields[index].key, fields[index].value) }
        }
    }

    var keys: [String] {
        var keys: [String] = []
        keys.reserveCapacity(count)
        forEachField { key, _ in keys.append(key) }
        return keys
    }

    /// The values, in the order of `keys`.
    var allValues: [MustacheValue] {
        var values: [MustacheValue] = []
        values.reserveCapacity(count)
        forEachField { _, value in values.append(value) }
        return values
    }

    /// The address of the value for `key`, valid while this storage lives.
    func valuePointer(forKey key: String, hash: UInt32) -> UnsafePointer<MustacheValue>? {
        withUnsafeMutablePointers { header, slots in
            let mask = header.pointee.mask
            var slot = Int(hash) & mask
            while true {
                let entry = slots[slot]
                if entry == 0 { return nil }
                if UInt32(entry >> 32) == hash {
                    let field = fields(slots, mask: mask) + Int(UInt32(truncatingIfNeeded: entry) - 1)
                    if field.pointee.key == key {
                        return UnsafePointer(field.pointer(to: \.value)!)
                    }
                }
                slot = (slot + 1) & mask
            }
        }
    }
}
