import Mustache

/// The fields of a page's data (or of one of its parts) as they are set, one after another: a
/// field set again takes its new value, as in a dictionary, but nothing is hashed until the
/// object is made (`MustacheObject(_:)`), once. A page's data was a Swift dictionary filled
/// field by field and then made into an object, each key hashed twice.
struct PageContext: ExpressibleByDictionaryLiteral {
    private(set) var pairs: [(String, MustacheValue)]

    init(dictionaryLiteral elements: (String, MustacheValue)...) {
        pairs = elements
        pairs.reserveCapacity(elements.count + 12)
    }

    /// The fields set, taken out: the array returned is held nowhere else, so an object made of
    /// it takes the keys and values as they are (`MustacheObject(pairs:)`).
    mutating func takePairs() -> [(String, MustacheValue)] {
        var taken: [(String, MustacheValue)] = []
        swap(&taken, &pairs)
        return taken
    }

    /// The value last set for `key`; setting nil takes the field away.
    subscript(key: String) -> MustacheValue? {
        get { pairs.last { $0.0 == key }?.1 }
        set {
            if let newValue {
                pairs.append((key, newValue))
            } else {
                pairs.removeAll { $0.0 == key }
            }
        }
    }
}

extension MustacheObject {
    /// An object of the fields of `context`, each with the value last set: they are moved in.
    init(_ context: consuming PageContext) {
        self.init(pairs: context.takePairs())
    }
}
