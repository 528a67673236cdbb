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
    public init(pairs: [(String, MustacheValue)]) {
        storage = .make(pairs: pairs)
    }

    /// Creates an object of the fields `keys` with `values`, one for each key in the same order:
    /// the cheapest way to make many objects of the same fields, as nothing is hashed.
    public init(keys: MustacheKeys, values: consuming [MustacheValue]) {
        storage = .make(keys: keys, values: values)
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

/// The keys of objects made many times with the same fields (a table's cells, a list's links),
/// hashed and placed once: `MustacheObject(keys:values:)` then copies where each goes.
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
