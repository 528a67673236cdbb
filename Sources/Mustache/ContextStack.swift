/// The specification's context stack: the data at the bottom, each section's value above it.
///
/// It holds the addresses of values rather than copies. Every address points into the data
/// being rendered, or into a list while a section iterates it, and both outlive their use here,
/// so the addresses stay valid and looking names up does no reference counting.
struct ContextStack {
    private var frames: [UnsafePointer<MustacheValue>]

    init(data: UnsafePointer<MustacheValue>) {
        frames = [data]
    }

    mutating func push(_ value: UnsafePointer<MustacheValue>) {
        frames.append(value)
    }

    mutating func pop() {
        frames.removeLast()
    }

    /// Resolves a name as the specification says: `.` is the top of the stack; otherwise the
    /// first part is looked up from the top of the stack down, and each further part only in
    /// the value found for the part before it. `nil` when any part is missing.
    func lookup(_ name: DottedName, in template: Template) -> UnsafePointer<MustacheValue>? {
        guard !name.keys.isEmpty else { return frames.last }
        let first = template.keys[name.keys.lowerBound]
        var found: UnsafePointer<MustacheValue>?
        var level = frames.count - 1
        while level >= 0, found == nil {
            found = frames[level].pointee.fieldPointer(first)
            level -= 1
        }
        guard var value = found else { return nil }
        for key in name.keys.dropFirst() {
            guard let next = value.pointee.fieldPointer(template.keys[key]) else { return nil }
            value = next
        }
        return value
    }
}
