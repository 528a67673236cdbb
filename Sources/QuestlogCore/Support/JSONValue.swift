/// A JSON document with ordered object keys, so that what Questlog writes is byte-identical run to run.
/// Not `indirect`: arrays and members already hold their values out of line, so a value is made
/// without a box of its own (an export makes hundreds of thousands of them).
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])
    /// A value already written pretty-printed at `indent` levels deep, kept as those bytes only (how a
    /// large document shares its parts, written once on several threads, without holding their trees):
    /// copied when written pretty at that depth, re-indented at another, compacted for compact output.
    case prerendered(bytes: [UInt8], indent: Int)

    /// `value` written once, pretty-printed as it will stand at `indent` levels deep.
    public static func prerendered(_ value: JSONValue, indent: Int) -> JSONValue {
        var bytes: [UInt8] = []
        value.write(to: &bytes, pretty: true, indent: indent)
        return .prerendered(bytes: bytes, indent: indent)
    }

    /// Consecutive items of an array whose items stand `indent` levels deep, written once as that
    /// array writes them (a comma and a line break between two) and kept as one piece, in a buffer of
    /// their own size: an array of such pieces is written as the array of all their items. How a
    /// long list is held as a few large buffers rather than one per item. `items` must not be empty.
    public static func prerendered(items: some Sequence<JSONValue>, indent: Int) -> JSONValue {
        var bytes: [UInt8] = []
        var first = true
        for item in items {
            if !first {
                bytes.append(UInt8(ascii: ","))
                newline(&bytes, indent: indent)
            }
            first = false
            item.write(to: &bytes, pretty: true, indent: indent)
        }
        precondition(!first, "a run of prerendered items holds at least one")
        return .prerendered(bytes: bytes.compacted(), indent: indent)
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.prerendered, _), (_, .prerendered): return lhs.bytes(pretty: false) == rhs.bytes(pretty: false)
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)):
            // A prerendered item may be a run of several items: compared as the text they make.
            if a.contains(where: \.isPrerendered) || b.contains(where: \.isPrerendered) {
                return lhs.bytes(pretty: false) == rhs.bytes(pretty: false)
            }
            return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    private var isPrerendered: Bool {
        if case .prerendered = self { return true }
        return false
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rendered(pretty: false))
    }

    /// The document as text: pretty-printed with two-space indents, or compact.
    public func rendered(pretty: Bool = true) -> String {
        String(decoding: bytes(pretty: pretty), as: UTF8.self)
    }

    /// The document as UTF-8 bytes (what files are written from, without a String in between).
    public func bytes(pretty: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    /// `bytes(pretty: true)` followed by `trailer`, as pieces to write one after another: each
    /// prerendered part that stands at the depth it was written for is its own piece, shared rather
    /// than copied, so a document made of large prerendered parts costs no second copy of them.
    public func chunks(trailer: [UInt8] = []) -> [[UInt8]] {
        var chunks: [[UInt8]] = []
        var current: [UInt8] = []
        current.reserveCapacity(4096)
        writeChunks(into: &chunks, current: &current, indent: 0)
        current.append(contentsOf: trailer)
        if !current.isEmpty || chunks.isEmpty { chunks.append(current) }
        return chunks
    }

    private func writeChunks(into chunks: inout [[UInt8]], current: inout [UInt8], indent: Int) {
        switch self {
        case let .prerendered(bytes, depth) where depth == indent:
            // What stands between two pieces is a few bytes (a comma and a line break): no room is
            // set aside for more, as a list of many pieces has as many of these.
            if !current.isEmpty {
                chunks.append(current.compacted())
                current = []
            }
            chunks.append(bytes)
        case let .array(items) where !items.isEmpty:
            current.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { current.append(UInt8(ascii: ",")) }
                JSONValue.newline(&current, indent: indent + 1)
                item.writeChunks(into: &chunks, current: &current, indent: indent + 1)
            }
            JSONValue.newline(&current, indent: indent)
            current.append(UInt8(ascii: "]"))
        case let .object(members) where !members.isEmpty:
            current.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { current.append(UInt8(ascii: ",")) }
                JSONValue.newline(&current, indent: indent + 1)
                JSONValue.writeString(key, to: &current)
                current.append(contentsOf: ": ".utf8)
                value.writeChunks(into: &chunks, current: &current, indent: indent + 1)
            }
            JSONValue.newline(&current, indent: indent)
            current.append(UInt8(ascii: "}"))
        default:
            write(to: &current, pretty: true, indent: indent)
        }
    }

    static func newline(_ out: inout [UInt8], indent: Int) {
        out.append(0x0A)
        spaces(&out, count: indent * 2)
    }

    /// Indentation, copied from a constant rather than repeated one space at a time
    /// (`repeatElement` went through a generic sequence, as costly as the rest of a short line).
    private static let blanks = [UInt8](repeating: 0x20, count: 64)

    @inline(__always)
    private static func spaces(_ out: inout [UInt8], count: Int) {
        var left = count
        while left > 0 {
            let now = min(left, blanks.count)
            blanks.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<now])) }
            left -= now
        }
    }

    private func write(to out: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case let .prerendered(bytes, depth):
            if pretty {
                JSONValue.reindent(bytes, from: depth, to: indent, into: &out)
            } else {
                JSONValue.compact(bytes, into: &out)
            }
        case .null: out.append(contentsOf: "null".utf8)
        case let .bool(value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case let .int(value): out.append(contentsOf: String(value).utf8)
        case let .double(value): out.append(contentsOf: JSONValue.text(of: value).utf8)
        case let .string(value): JSONValue.writeString(value, to: &out)
        case let .array(items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { JSONValue.newline(&out, indent: indent + 1) }
                item.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSONValue.newline(&out, indent: indent) }
            out.append(UInt8(ascii: "]"))
        case let .object(members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { JSONValue.newline(&out, indent: indent + 1) }
                JSONValue.writeString(key, to: &out)
                out.append(contentsOf: (pretty ? ": " : ":").utf8)
                value.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSONValue.newline(&out, indent: indent) }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Pretty-printed bytes written at `depth`, moved to `indent`: every line break in them is followed
    /// by at least the indentation of `depth`, which becomes that of `indent`. (Strings hold no raw
    /// line break: they are escaped.)
    private static func reindent(_ bytes: [UInt8], from depth: Int, to indent: Int, into out: inout [UInt8]) {
        guard depth != indent else {
            out.append(contentsOf: bytes)
            return
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            out.append(byte)
            index += 1
            if byte == 0x0A {
                index += depth * 2
                spaces(&out, count: indent * 2)
            }
        }
    }

    /// Pretty-printed bytes written compactly: the line breaks and indentation between tokens and the
    /// space after each key's colon go; strings stay as they are.
    private static func compact(_ bytes: [UInt8], into out: inout [UInt8]) {
        var inString = false
        var escaped = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inString {
                out.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case 0x0A:
                while index < bytes.count && bytes[index] == 0x20 { index += 1 }
            case UInt8(ascii: ":"):
                out.append(byte)
                if index < bytes.count && bytes[index] == 0x20 { index += 1 }
            case UInt8(ascii: "\""):
                inString = true
                out.append(byte)
            default:
                out.append(byte)
            }
        }
    }

    /// A number as a document writes it: whole numbers without a fraction, `null` for infinities and NaN.
    static func text(of value: Double) -> String {
        value.isFinite ? (value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)) : "null"
    }

    /// Appends `value` as a JSON string, as every string of a document is written.
    static func writeString<Sink: ByteSink & ~Copyable>(_ value: String, to out: inout Sink) {
        var value = value
        value.withUTF8 { writeString(utf8: $0, to: &out) }
    }

    /// `writeString` of the string whose UTF-8 bytes are `utf8` (which must be valid UTF-8).
    static func writeString<Sink: ByteSink & ~Copyable>(utf8: UnsafeBufferPointer<UInt8>, to out: inout Sink) {
        // Most strings (names, paths, values) have nothing to escape: told a word at a time, the
        // last bytes too, and copied whole.
        guard hasSpecialBytes(utf8) else {
            out.appendByte(UInt8(ascii: "\""))
            out.appendBytes(utf8)
            out.appendByte(UInt8(ascii: "\""))
            return
        }
        out.appendByte(UInt8(ascii: "\""))
        var plain = 0
        var index = 0
        let count = utf8.count
        // Where the bytes are next looked at eight at a time: past eight that had a special one
        // among them, which are looked at one by one.
        var wordsFrom = 0
        while index < count {
            // Eight bytes at a time while none of them is special: ASCII from the space on, but
            // for the quote and the backslash.
            if index >= wordsFrom, let base = utf8.baseAddress {
                while count - index >= 8 {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    guard !Self.hasSpecialByte(word) else { break }
                    index += 8
                }
                wordsFrom = index + 8
                guard index < count else { break }
            }
            let byte = utf8[index]
            let second: UInt8
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): second = byte
            case 0x0A: second = UInt8(ascii: "n")
            case 0x0D: second = UInt8(ascii: "r")
            case 0x09: second = UInt8(ascii: "t")
            case 0x08: second = UInt8(ascii: "b")
            case 0x0C: second = UInt8(ascii: "f")
            case 0x00..<0x20:
                flush(utf8, plain..<index, to: &out)
                let hex = String(byte, radix: 16)
                var escape = "\\u00\(hex.count == 1 ? "0" + hex : hex)"
                escape.withUTF8 { out.appendBytes($0) }
                index += 1
                plain = index
                continue
            case 0xE2 where index + 2 < count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                // Line and paragraph separators (E2 80 A8/A9) break JavaScript string literals when
                // the JSON is embedded in a script.
                flush(utf8, plain..<index, to: &out)
                let escape: StaticString = utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                escape.withUTF8Buffer { out.appendBytes($0) }
                index += 3
                plain = index
                continue
            default:
                index += 1
                continue
            }
            flush(utf8, plain..<index, to: &out)
            out.appendByte(0x5C)
            out.appendByte(second)
            index += 1
            plain = index
        }
        flush(utf8, plain..<index, to: &out)
        out.appendByte(UInt8(ascii: "\""))
    }

    /// The bytes of `utf8` in `range`, unless it is empty, appended to `out`.
    @inline(__always)
    private static func flush<Sink: ByteSink & ~Copyable>(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to out: inout Sink) {
        if !range.isEmpty { out.appendBytes(UnsafeBufferPointer(rebasing: utf8[range])) }
    }

    /// Whether one of the bytes of `utf8` is one `writeString` cannot copy as it is
    /// (`hasSpecialByte`): read eight at a time, the last ones with spaces after them.
    @inline(__always)
    static func hasSpecialBytes(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteWord.any(in: utf8, hasSpecialByte)
    }

    /// Whether one of the eight bytes of `word` is below the space, a quote, a backslash, or 0xE2
    /// (which may start a line or paragraph separator): the bytes `writeString` cannot copy as
    /// they are without looking closer. Other bytes beyond ASCII are copied as they are, so text in
    /// other scripts goes eight bytes at a time too.
    @inline(__always)
    static func hasSpecialByte(_ word: UInt64) -> Bool {
        ByteWord.below(word, 0x20) | ByteWord.equal(word, 0x22) | ByteWord.equal(word, 0x5C) | ByteWord.equal(word, 0xE2) != 0
    }
}
