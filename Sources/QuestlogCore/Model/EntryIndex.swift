/// Where each entry of a site is, by reference: the game's place in the site and the entry's in its
/// kind's list.
///
/// An open-addressing table hashed by the bytes of the id alone (FNV-1a), as `EntryRef`'s own hash
/// is: refs that are equal have equal ids, and ids seldom repeat across kinds and games. A site is
/// looked up in more than half a million times a build at 10,000 entries (every name shown of every
/// entry referred to, on pages and in exports); through a `Dictionary` each lookup hashed the id
/// with the standard library's keyed hash, about 280 instructions, here a few dozen.
struct EntryIndex: Sendable {
    struct Position: Sendable, Equatable {
        var game: Int32
        var entry: Int32
    }

    /// The refs and their positions, in the order they were first set.
    private var refs: [EntryRef] = []
    private var positions: [Position] = []
    /// Each slot 0 (empty) or one more than a place in `refs`; a power of two many.
    private var slots: [Int32]

    /// An empty index with room for `capacity` refs before it grows.
    init(capacity: Int = 0) {
        var count = 8
        while count < 2 * capacity { count *= 2 }
        slots = [Int32](repeating: 0, count: count)
        refs.reserveCapacity(capacity)
        positions.reserveCapacity(capacity)
    }

    /// How many refs the index holds.
    var count: Int { refs.count }

    /// The position of `ref`; setting one replaces the position a ref had, or adds the ref.
    subscript(ref: EntryRef) -> Position? {
        get {
            let place = find(ref, hash: Self.hash(ref.id)).place
            return place.map { positions[$0] }
        }
        set {
            guard let newValue else {
                preconditionFailure("an entry index only gains refs")
            }
            set(ref, to: newValue)
        }
    }

    /// The place of `ref` among the refs, in the order they were first set (`0..<count`); nil when
    /// the index does not hold it.
    func place(of ref: EntryRef) -> Int? {
        find(ref, hash: Self.hash(ref.id)).place
    }

    /// Sets the position of `ref`, replacing the one it had or adding the ref; its place.
    @discardableResult
    mutating func set(_ ref: EntryRef, to position: Position) -> Int {
        let hash = Self.hash(ref.id)
        let (place, slot) = find(ref, hash: hash)
        if let place {
            positions[place] = position
            return place
        }
        refs.append(ref)
        positions.append(position)
        slots[slot] = Int32(refs.count)
        if 2 * refs.count > slots.count { grow() }
        return refs.count - 1
    }

    /// The place in `refs` of `ref`, or nil with the empty slot it would take.
    private func find(_ ref: EntryRef, hash: UInt64) -> (place: Int?, slot: Int) {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while true {
                let held = Int(slots[slot])
                if held == 0 { return (nil, slot) }
                if refs[held - 1] == ref { return (held - 1, slot) }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Twice the slots, every ref placed again.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (place, ref) in refs.enumerated() {
            var slot = Int(truncatingIfNeeded: Self.hash(ref.id)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(place + 1)
        }
    }

    /// FNV-1a of the id's UTF-8 bytes, its high bits folded into the low ones that pick the slot.
    static func hash(_ id: String) -> UInt64 {
        let hash = id.utf8.withContiguousStorageIfAvailable { FNV1a.hash($0) } ?? FNV1a.hash(id.utf8)
        return hash ^ (hash >> 29)
    }
}
