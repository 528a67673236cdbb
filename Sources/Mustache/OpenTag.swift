/// A section, block or parent tag whose closing tag the compiler has not reached yet.
struct OpenTag {
    let tag: Tag
    /// What the closing tag's content must match.
    let key: String
    /// The index of the tag's node, patched with the body's end on closing.
    let nodeIndex: Int
    /// The indentation this tag removes from each line of its body, in bytes.
    let addedDedent: Int
    /// For a parent: the blocks written directly inside it so far.
    var overrides: [Int] = []
}
