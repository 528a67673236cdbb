/// Links between output pages as `RelativeURL.from` makes them, without its copies of both paths:
/// pages link to dozens of entries each.
enum PageLink {
    /// The same as `RelativeURL.from(source, to: target)`.
    static func from(_ source: String, to target: String) -> String {
        var source = source, target = target
        return source.withUTF8 { source in
            target.withUTF8 { target in
                let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
                // The longest common run of whole folders.
                var common = 0, index = 0
                while index < source.count, index < target.count, source[index] == target[index] {
                    if source[index] == slash { common = index + 1 }
                    index += 1
                }
                var folders = 0
                for at in common..<source.count where source[at] == slash { folders += 1 }
                let rest = target.count - common
                return String(unsafeUninitializedCapacity: folders * 3 + rest) { buffer in
                    var at = 0
                    for _ in 0..<folders {
                        buffer[at] = dot; buffer[at + 1] = dot; buffer[at + 2] = slash
                        at += 3
                    }
                    if rest > 0 {
                        UnsafeMutableRawPointer(buffer.baseAddress! + at).copyMemory(from: target.baseAddress! + common, byteCount: rest)
                    }
                    return at + rest
                }
            }
        }
    }
}
