extension Renderer {
    /// Resolves a name as the specification says: `.` is the top of the context stack; otherwise
    /// the first part is looked up from the top of the stack down, and each further part only in
    /// the value found for the part before it. `nil` when any part is missing.
    func lookup(_ name: DottedName) -> MustacheValue? {
        let components = name.components
        guard let first = components.first else { return context.last }
        var found: MustacheValue?
        var level = context.count - 1
        while level >= 0 {
            if case .object(let fields) = context[level], let value = fields[first] {
                found = value
                break
            }
            level -= 1
        }
        guard var value = found else { return nil }
        for component in components.dropFirst() {
            guard case .object(let fields) = value, let next = fields[component] else { return nil }
            value = next
        }
        return value
    }
}
