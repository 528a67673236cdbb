/// A list whose elements are made one at a time, when a section reaches them, instead of all
/// being held at once: a table of many rows renders holding one row's data, not every row's.
///
/// A section over it renders like a section over the list of its elements; each element is made
/// each time it is read.
public struct MustacheSequence: Sendable, RandomAccessCollection {
    public let count: Int
    private let element: @Sendable (Int) -> MustacheValue

    /// A list of `count` elements, the one at index `i` being `element(i)`.
    public init(count: Int, element: @escaping @Sendable (Int) -> MustacheValue) {
        precondition(count >= 0, "a negative count")
        self.count = count
        self.element = element
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// The element at `index`, made anew.
    public subscript(index: Int) -> MustacheValue {
        precondition(index >= 0 && index < count, "index out of range")
        return element(index)
    }
}

extension MustacheSequence: Equatable {
    /// Sequences are equal when they have equal elements in the same order.
    public static func == (lhs: MustacheSequence, rhs: MustacheSequence) -> Bool {
        lhs.elementsEqual(rhs)
    }
}
