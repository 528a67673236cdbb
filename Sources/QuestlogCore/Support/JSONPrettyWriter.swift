/// Writes a JSON document straight into bytes, pretty-printed exactly as `JSONValue.bytes(pretty:)`
/// writes the same document: two-space indents, `"key": value`, `[]` and `{}` for empty
/// containers. For documents made of many small values (an export's entries), where building a
/// `JSONValue` tree first, then writing it and freeing it, cost more than the writing.
///
/// Open a container, put each member's key (`key`) or each item's place (`item`) before its
/// value, close the container.
struct JSONPrettyWriter {
    private(set) var bytes: [UInt8]
    /// The depth of the innermost open container's members.
    private var depth: Int
    /// Bit `d` is set when the container whose members stand at depth `d` has one already.
    private var started: UInt64 = 0

    /// A writer of a value that stands `indent` levels deep, appending to `bytes`.
    init(appendingTo bytes: [UInt8] = [], indent: Int) {
        self.bytes = bytes
        depth = indent
    }

    /// Takes the bytes written, leaving the writer empty.
    mutating func take() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    mutating func openObject() { open(UInt8(ascii: "{")) }
    mutating func closeObject() { close(UInt8(ascii: "}")) }
    mutating func openArray() { open(UInt8(ascii: "[")) }
    mutating func closeArray() { close(UInt8(ascii: "]")) }

    /// Before a member's value: the separator, the line break, the key.
    mutating func key(_ name: String) {
        next()
        JSONValue.writeString(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(UInt8(ascii: " "))
    }

    /// A member whose value is a string.
    mutating func member(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    /// A member whose value is the string of these UTF-8 bytes (which must be valid UTF-8).
    mutating func member(_ name: String, utf8 value: UnsafeBufferPointer<UInt8>) {
        key(name)
        JSONValue.writeString(utf8: value, to: &bytes)
    }

    /// Before an item of an array: the separator and the line break.
    mutating func item() {
        next()
    }

    /// Between two values written one after the other at the writer's own depth, as the items of
    /// an array that stands around them: a comma and a line break.
    mutating func separateItems() {
        bytes.append(UInt8(ascii: ","))
        JSONValue.newline(&bytes, indent: depth)
    }

    mutating func string(_ value: String) { JSONValue.writeString(value, to: &bytes) }
    mutating func null() { bytes.append(contentsOf: "null".utf8) }
    mutating func bool(_ value: Bool) { bytes.append(contentsOf: (value ? "true" : "false").utf8) }
    mutating func int(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }
    mutating func double(_ value: Double) { bytes.append(contentsOf: JSONValue.text(of: value).utf8) }

    private mutating func open(_ bracket: UInt8) {
        precondition(depth < 63, "a document nested too deep for the writer")
        bytes.append(bracket)
        depth += 1
        started &= ~(1 << UInt64(depth))
    }

    private mutating func close(_ bracket: UInt8) {
        if started & (1 << UInt64(depth)) != 0 {
            JSONValue.newline(&bytes, indent: depth - 1)
        }
        depth -= 1
        bytes.append(bracket)
    }

    private mutating func next() {
        let bit: UInt64 = 1 << UInt64(depth)
        if started & bit != 0 {
            bytes.append(UInt8(ascii: ","))
        } else {
            started |= bit
        }
        JSONValue.newline(&bytes, indent: depth)
    }
}
