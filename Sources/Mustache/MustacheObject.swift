/// The fields of a Mustache object: values by key, indexed for lookups that hash nothing at
/// render time (a template's names are hashed once, when it compiles).
///
/// Create one from a dictionary or a dictionary literal:
/// `MustacheValue.object(["name": "Varré", "merchant": false])`.
public struct MustacheObject: Sendable {
    // Unsafe: the storage is immutable once made (`MustacheObjectStorage`); a `ManagedBuffer`
    // cannot declare itself `Sendable`.
    nonisolated(unsafe) let storage: MustacheObjectStorage

    /// Creates an object with the given fields.
    public init(_ fields: [String: MustacheValue]) {
        storage = .make(fields: fields)
    }

    /// Creates an object with the given fields; when a key repeats, the last value wins. Cheaper
    /// than going through a dictionary, as nothing is hashed twice.
    public init(pairs: some Collection<(String, MustacheValue)>) {
        storage = .make(capacity: pairs.count, pairs)
    }

    /// The same from an array: the form of dictionary literals and of most fields put together.
    /// The pairs are moved in when the array is held nowhere else.
    public init(pairs: consuming [(String, MustacheValue)]) {
        storage = .make(pairs: pairs)
    }

    /// Creates an object of the fields `keys` with `values`, one for each key in the same order:
    /// nothing is hashed.
    public init(keys: borrowing MustacheKeys, values: consuming [MustacheValue]) {
        storage = .make(keys: keys, values: values)
    }

    /// Creates an object of the fields `keys`, `fill` giving one value for each key in the same
    /// order (`$0.append(value)`): the cheapest way to make many objects of the same fields.
    /// Nothing is hashed, and each value goes straight where the object keeps it: an array of
    /// values was one more allocation to make, and to free with a count lowered per value.
    public init(keys: borrowing MustacheKeys, _ fill: (inout MustacheFieldWriter) -> Void) {
        let storage = MustacheObjectStorage.make(keys: keys)
        // The writer refers to the storage and the keys without counting them: both outlive it.
        keys.keys.withUnsafeBufferPointer { keys in
            var writer = MustacheFieldWriter(storage: Unmanaged.passUnretained(storage), keys: keys)
            fill(&writer)
            precondition(writer.next == keys.count, "fewer values than keys")
        }
        self.storage = storage
    }

    /// This object with `changes` set: fields it has already take the new values, others are added.
    public func setting(_ changes: (String, MustacheValue)...) -> MustacheObject {
        var pairs: [(String, MustacheValue)] = []
        pairs.reserveCapacity(storage.count + changes.count)
        storage.forEachField { pairs.append(($0, $1)) }
        pairs.append(contentsOf: changes)
        return MustacheObject(pairs: pairs)
    }

    /// The value for `key`, or `nil` when the object has no such field.
    public subscript(key: String) -> MustacheValue? {
        storage.valuePointer(forKey: key, hash: LookupKey.hash(key))?.pointee
    }

    /// The object's keys, in no particular order.
    public var keys: [String] {
        storage.keys
    }

    /// The number of fields.
    public var count: Int {
        storage.count
    }

    /// The fields as a dictionary.
    public var fields: [String: MustacheValue] {
        Dictionary(uniqueKeysWithValues: zip(storage.keys, storage.allValues))
    }
}

extension MustacheObject: Equatable {
    /// Objects are equal when they have the same keys with equal values.
    public static func == (lhs: MustacheObject, rhs: MustacheObject) -> Bool {
        lhs.storage === rhs.storage || lhs.fields == rhs.fields
    }
}

extension MustacheObject: ExpressibleByDictionaryLiteral {
    /// Creates an object; when a key repeats, the last value wins.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self.init(pairs: elements)
    }
}

/// Sets the values of an object made by `MustacheObject(keys:_:)`, one for each of its keys in
/// their order.
public struct MustacheFieldWriter: ~Copyable {
    private let storage: Unmanaged<MustacheObjectStorage>
    private let keys: UnsafeBufferPointer<String>
    fileprivate private(set) var next = 0

    fileprivate init(storage: Unmanaged<MustacheObjectStorage>, keys: UnsafeBufferPointer<String>) {
        self.storage = storage
        self.keys = keys
    }

    /// Gives the next key its value.
    public mutating func append(_ value: consuming MustacheValue) {
        precondition(next < keys.count, "more values than keys")
        let field = storage._withUnsafeGuaranteedRef { $0.nextField() }
        field.initialize(to: MustacheField(key: keys[next], value: value))
        next += 1
    }
}

/// The keys of objects made many times with the same fields (a table's cells, a list's links),
/// hashed and placed once: `MustacheObject(keys:_:)` then copies where each goes.
public struct MustacheKeys: Sendable {
    let keys: [String]
    /// The slots of an object of these keys, as inserting them in order leaves them.
    let slots: [UInt64]

    /// - Parameter keys: distinct keys, in the order values are given.
    public init(_ keys: [String]) {
        precondition(Set(keys).count == keys.count, "keys repeat")
        self.keys = keys
        slots = MustacheObjectStorage.slots(of: keys)
    }
}
