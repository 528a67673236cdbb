/// What writing the output changed on disk.
public struct OutputReport: Sendable, Equatable {
    /// Files created, or rewritten because their bytes changed; sorted by path.
    public var written: [String]
    /// How many files already held the right bytes and were left untouched.
    public var unchanged: Int
    /// Files of the previous build that are no longer produced and were deleted; sorted by path.
    public var removed: [String]

    /// A report with the given paths and count.
    public init(written: [String], unchanged: Int, removed: [String]) {
        self.written = written
        self.unchanged = unchanged
        self.removed = removed
    }
}
