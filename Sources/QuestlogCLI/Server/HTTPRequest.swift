/// The request line of an HTTP/1.x request: all the development server needs.
struct HTTPRequest: Sendable, Equatable {
    var method: String
    /// The decoded path, without the query or fragment: `/elden-ring/npcs/index.html`.
    var path: String

    /// Parses the head of a request (up to the blank line); nil when it is not HTTP.
    init?(head: [UInt8]) {
        guard let lineEnd = head.firstIndex(of: UInt8(ascii: "\r")) ?? head.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let parts = String(decoding: head[..<lineEnd], as: UTF8.self).split(separator: " ")
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), parts[1].hasPrefix("/") else { return nil }
        method = String(parts[0])
        var target = parts[1]
        if let end = target.firstIndex(where: { $0 == "?" || $0 == "#" }) { target = target[..<end] }
        guard let decoded = HTTPRequest.percentDecoded(target) else { return nil }
        path = decoded
    }

    init(method: String, path: String) {
        self.method = method
        self.path = path
    }

    /// `%20` and friends decoded; nil for a malformed escape or bytes that are not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(text.utf8) == bytes ? text : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
