/// Writes a JSON document straight into bytes, pretty-printed exactly as `JSONValue.bytes(pretty:)`
/// writes the same document: two-space indents, `"key": value`, `[]` and `{}` for empty
/// containers. For documents made of many small values (an export's entries), where building a
/// `JSONValue` tree first, then writing it and freeing it, cost more than the writing.
///
/// Open a container, put each member's key (`key`) or each item's place (`item`) before its
/// value, close the container. The bytes go into a `ByteBuffer`: a document of entries is
/// hundreds of thousands of keys, short strings and indents, each an array's append otherwise.
struct JSONPrettyWriter: ~Copyable {
    private var bytes: ByteBuffer
    /// The depth of the innermost open container's members.
    private var depth: Int
    /// Bit `d` is set when the container whose members stand at depth `d` has one already.
    private var started: UInt64 = 0

    /// A writer of a value that stands `indent` levels deep, with room for `capacity` bytes
    /// before it grows.
    init(indent: Int, capacity: Int = 4096) {
        depth = indent
        bytes = ByteBuffer(capacity: capacity)
    }

    /// Takes the bytes written (in an array of their own size), leaving the writer empty.
    mutating func take() -> [UInt8] {
        bytes.take()
    }

    mutating func openObject() { open(UInt8(ascii: "{")) }
    mutating func closeObject() { close(UInt8(ascii: "}")) }
    mutating func openArray() { open(UInt8(ascii: "[")) }
    mutating func closeArray() { close(UInt8(ascii: "]")) }

    /// Before a member's value: the separator, the line break, the key.
    mutating func key(string name: String) {
        next()
        JSONValue.writeString(name, to: &bytes)
        bytes.append(": ")
    }

    /// The same for a key written in the code, which has nothing to escape: its bytes copied as
    /// they are, between quotes. A document of entries is mostly such keys, and a string's were
    /// checked byte by byte each time.
    mutating func key(_ name: StaticString) {
        assert(name.withUTF8Buffer { !$0.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } },
               "a key written in the code has nothing to escape")
        next()
        bytes.appendByte(UInt8(ascii: "\""))
        bytes.append(name)
        bytes.append("\": ")
    }

    /// A member whose value is a string.
    mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    /// A member whose value is the string of these UTF-8 bytes (which must be valid UTF-8).
    mutating func member(_ name: StaticString, utf8 value: UnsafeBufferPointer<UInt8>) {
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
        bytes.appendByte(UInt8(ascii: ","))
        newline(indent: depth)
    }

    mutating func string(_ value: String) { JSONValue.writeString(value, to: &bytes) }
    mutating func null() { bytes.append("null") }
    mutating func bool(_ value: Bool) { bytes.append(value ? "true" : "false") }
    mutating func int(_ value: Int) { bytes.appendDecimal(value) }
    mutating func double(_ value: Double) {
        var text = JSONValue.text(of: value)
        text.withUTF8 { bytes.appendBytes($0) }
    }

    /// A line break and the indentation of `indent` levels, as `JSONValue.newline` writes them.
    @inline(__always)
    private mutating func newline(indent: Int) {
        bytes.appendByte(0x0A)
        bytes.appendSpaces(indent * 2)
    }

    private mutating func open(_ bracket: UInt8) {
        precondition(depth < 63, "a document nested too deep for the writer")
        bytes.appendByte(bracket)
        depth += 1
        started &= ~(1 << UInt64(depth))
    }

    private mutating func close(_ bracket: UInt8) {
        if started & (1 << UInt64(depth)) != 0 {
            newline(indent: depth - 1)
        }
        depth -= 1
        bytes.appendByte(bracket)
    }

    private mutating func next() {
        let bit: UInt64 = 1 << UInt64(depth)
        if started & bit != 0 {
            bytes.appendByte(UInt8(ascii: ","))
        } else {
            started |= bit
        }
        newline(indent: depth)
    }
}
