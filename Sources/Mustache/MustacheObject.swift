/// The fields of a Mustache object: values by key, indexed for lookups that hash nothing at
/// render time (a template's names are hashed once, when it compiles).
///
/// Create one from a dictionary or a dictionary literal:
/// `MustacheValue.object(["name": "Varré", "merchant": false])`.
///
/// Immutable, so shared rather than copied. A class, so a value holds it by one reference: an
/// object of two (the table and the values) was copied and destroyed again, retains and releases,
/// at every lookup, as the compiler did not pair them up.
public final class MustacheObject: Sendable {
    // Unsafe: the table is immutable once made (`MustacheKeyTable`); a `ManagedBuffer` cannot
    // declare itself `Sendable`.
    nonisolated(unsafe) let table: MustacheKeyTable
    /// The values, each at its key's place in `table`.
    let values: [MustacheValue]

    /// Creates an object with the given fields.
    public convenience init(_ fields: [String: MustacheValue]) {
        let (table, values) = MustacheKeyTable.make(pairs: fields.lazy.map { ($0.key, $0.value) })
        self.init(table: table, values: values)
    }

    /// Creates an object with the given fields; when a key repeats, the last value wins. Cheaper
    /// than going through a dictionary, as nothing is hashed twice.
    public convenience init(pairs: some Collection<(String, MustacheValue)>) {
        let (table, values) = MustacheKeyTable.make(pairs: pairs)
        self.init(table: table, values: values)
    }

    /// The same from an array, the form of dictionary literals and of most fields put together,
    /// without going through a generic collection's witnesses.
    public convenience init(pairs: [(String, MustacheValue)]) {
        let (table, values) = MustacheKeyTable.make(pairs: pairs)
        self.init(table: table, values: values)
    }

    /// Creates an object of the fields `keys` with `values`, one for each key in the same order:
    /// the cheapest way to make many objects of the same fields, as the object is the keys' shared
    /// table and the array of values as given.
    public convenience init(keys: MustacheKeys, values: consuming [MustacheValue]) {
        precondition(values.count == keys.table.count, "one value for each key")
        self.init(table: keys.table, values: values)
    }

    private init(table: MustacheKeyTable, values: consuming [MustacheValue]) {
        self.table = table
        self.values = values
    }

    /// This object with `changes` set: fields it has already take the new values, others are added.
    public func setting(_ changes: (String, MustacheValue)...) -> MustacheObject {
        MustacheObject(pairs: Array(zip(table.keys, values)) + changes)
    }

    /// The address of the value for `key`, whose `LookupKey.hash` is `hash`: valid while this
    /// object's values live, as they are never changed.
    @inline(__always)
    func valuePointer(forKey key: String, hash: UInt32) -> UnsafePointer<MustacheValue>? {
        guard let index = table.index(of: key, hash: hash) else { return nil }
        return values.withUnsafeBufferPointer { $0.baseAddress! + index }
    }

    /// The value for `key`, or `nil` when the object has no such field.
    public subscript(key: String) -> MustacheValue? {
        table.index(of: key, hash: LookupKey.hash(key)).map { values[$0] }
    }

    /// The object's keys, in the order they were first set.
    public var keys: [String] {
        table.keys
    }

    /// The number of fields.
    public var count: Int {
        values.count
    }

    /// The fields as a dictionary.
    public var fields: [String: MustacheValue] {
        Dictionary(uniqueKeysWithValues: zip(table.keys, values))
    }
}

extension MustacheObject: Equatable {
    /// Objects are equal when they have the same keys with equal values.
    public static func == (lhs: MustacheObject, rhs: MustacheObject) -> Bool {
        lhs.table === rhs.table ? lhs.values == rhs.values : lhs.fields == rhs.fields
    }
}

extension MustacheObject: ExpressibleByDictionaryLiteral {
    /// Creates an object; when a key repeats, the last value wins.
    public convenience init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self.init(pairs: elements)
    }
}

/// The keys of objects made many times with the same fields (a table's cells, a list's links),
/// hashed and placed once in a table every object made of them shares.
public struct MustacheKeys: Sendable {
    // Unsafe: the table is immutable once made.
    nonisolated(unsafe) let table: MustacheKeyTable

    /// - Parameter keys: distinct keys, in the order values are given.
    public init(_ keys: [String]) {
        table = MustacheKeyTable.make(distinct: keys)
    }
}
