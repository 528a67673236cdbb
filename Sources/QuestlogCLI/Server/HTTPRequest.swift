/// The head of an HTTP/1.x request: what the development server needs of it.
struct HTTPRequest: Sendable, Equatable {
    var method: String
    /// The decoded path, without the query or fragment: `/elden-ring/npcs/index.html`.
    var path: String
    /// Whether the client wants the connection kept open after the response: HTTP/1.1 unless it
    /// says `Connection: close`, HTTP/1.0 only when it says `Connection: keep-alive`.
    var keepAlive = true
    /// Whether a body follows the head (`Content-Length` above 0 or any `Transfer-Encoding`).
    var hasBody = false
    /// The query's `name=value` pairs, decoded (`+` as a space); the first of a repeated name.
    var query: [String: String] = [:]
    /// Header values by lowercased name; the first of a repeated header.
    var headers: [String: String] = [:]

    /// Parses the head of a request (up to, not including, the blank line); lines may end in
    /// CRLF or a bare LF. Nil when it is not HTTP/1.x: a malformed request line, a header line
    /// without a name and a colon, or an unreadable `Content-Length`.
    init?(head: ArraySlice<UInt8>) {
        var lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
        guard !lines.isEmpty else { return nil }
        let parts = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].hasPrefix("/"), parts[0].allSatisfy({ $0.isLetter && $0.isASCII }),
              parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else { return nil }
        method = String(parts[0])
        var target = parts[1]
        if let end = target.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            if target[end] == "?" {
                let rest = target[target.index(after: end)...]
                let queryText = rest.prefix { $0 != "#" }
                for pair in queryText.split(separator: "&") {
                    let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    let plain = { (text: Substring) in HTTPRequest.percentDecoded(Substring(String(text.map { $0 == "+" ? " " : $0 }))) }
                    // A pair that does not decode is left out: the page is still served.
                    guard let name = plain(halves[0]), let value = plain(halves.count > 1 ? halves[1] : "") else { continue }
                    if query[name] == nil { query[name] = value }
                }
            }
            target = target[..<end]
        }
        guard let decoded = HTTPRequest.percentDecoded(target) else { return nil }
        path = decoded
        var connection: [Substring] = []
        for line in lines {
            // A name is a token right before the colon; whitespace there is refused, as RFC 9112 says.
            guard let colon = line.firstIndex(of: ":"), colon > line.startIndex,
                  !line[..<colon].contains(where: { $0 == " " || $0 == "\t" }) else { return nil }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces()
            if headers[name] == nil { headers[name] = String(value) }
            switch name {
            case "connection":
                connection += value.lowercased().split(separator: ",").map { $0.trimmingSpaces() }
            case "content-length":
                guard let length = Int(value), length >= 0 else { return nil }
                hasBody = hasBody || length > 0
            case "transfer-encoding":
                hasBody = true
            default:
                break
            }
        }
        keepAlive = parts[2] == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
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

private extension Substring {
    /// Without the spaces and tabs around it.
    func trimmingSpaces() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
