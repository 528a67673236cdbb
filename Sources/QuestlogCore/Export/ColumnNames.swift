/// The CSV column names taken so far in a file: a name already taken gets `_2`, `_3`, … so that
/// every column stays unique.
struct ColumnNames: Sendable, Hashable {
    private var used: Set<String>

    init(reserved: Set<String>) {
        used = reserved
    }

    /// `base`, or the first of `base_2`, `base_3`, … not taken yet; it is taken from now on.
    mutating func claim(_ base: String) -> String {
        var name = base
        var suffix = 2
        while used.contains(name) {
            name = "\(base)_\(suffix)"
            suffix += 1
        }
        used.insert(name)
        return name
    }
}
