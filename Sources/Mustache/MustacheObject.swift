/// The fields of a Mustache object: values by key, indexed for lookups that hash nothing at
/// render time (a template's names are hashed once, when it compiles).
///
/// Create one from a dictionary or a dictionary literal:
/// `MustacheValue.object(["name": "Varré", "merchant": false])`.
public struct MustacheObject: Sendable {
    let storage: MustacheObjectStorage

    /// Creates an object with the given fields.
    public init(_ fields: [String: MustacheValue]) {
        storage = MustacheObjectStorage(keys: Array(fields.keys), values: Array(fields.values))
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
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
