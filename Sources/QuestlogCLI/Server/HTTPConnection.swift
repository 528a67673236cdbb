/// One client connection's bytes, without the sockets: what arrived and is not yet a request, and
/// what is to be sent. `DevServer` feeds it what it reads and sends what it holds.
///
/// Requests are answered one at a time, in order (pipelined requests wait in `input`). A head
/// larger than `maximumHeadSize` gets a 431, a malformed one a 400, and a request with a body
/// (the server takes none) its answer; each of these closes the connection after the response.
struct HTTPConnection {
    /// The most a request head may take, blank line included.
    static let maximumHeadSize = 16 * 1024

    /// Bytes received and not yet taken as a request.
    private(set) var input: [UInt8] = []
    /// Bytes of responses not yet sent.
    private(set) var output: [UInt8] = []
    /// Whether the connection is to close once `output` is sent.
    private(set) var closesAfterOutput = false
    /// When the current request's first byte arrived (monotonic nanoseconds); nil between requests.
    private(set) var requestStarted: UInt64?

    /// Whether nothing is waiting to be sent.
    var isIdle: Bool { output.isEmpty }

    /// Takes bytes read from the client at `now`.
    mutating func receive(_ bytes: ArraySlice<UInt8>, at now: UInt64) {
        guard !closesAfterOutput else { return }
        input += bytes
        // Line breaks before a request line are ignored (RFC 9112), so they start no request.
        if requestStarted == nil, input.contains(where: { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }) {
            requestStarted = now
        }
    }

    /// Answers every complete request in `input` with `respond`, in order, until one closes the
    /// connection; a partial request stays for more bytes.
    mutating func answerRequests(_ respond: (HTTPRequest) -> HTTPResponse) {
        while !closesAfterOutput {
            let leading = input.prefix { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }.count
            if leading > 0 { input.removeFirst(leading) }
            guard let (headEnd, consumed) = Self.headEnd(in: input) else {
                if input.count >= Self.maximumHeadSize {
                    reply(.text(431, "Request header fields too large."), keepAlive: false)
                }
                return
            }
            guard consumed <= Self.maximumHeadSize else {
                reply(.text(431, "Request header fields too large."), keepAlive: false)
                return
            }
            let request = HTTPRequest(head: input[..<headEnd])
            input.removeFirst(consumed)
            // A pipelined request behind it starts its deadline with the next bytes that arrive.
            requestStarted = nil
            guard let request else {
                reply(.text(400, "Bad request."), keepAlive: false)
                return
            }
            reply(respond(request), includeBody: request.method != "HEAD", keepAlive: request.keepAlive && !request.hasBody)
        }
    }

    /// Queues `response` to be sent; the connection closes after it unless `keepAlive`.
    mutating func reply(_ response: HTTPResponse, includeBody: Bool = true, keepAlive: Bool) {
        output += response.serialized(includeBody: includeBody, keepAlive: keepAlive)
        if !keepAlive {
            closesAfterOutput = true
            input = []
            requestStarted = nil
        }
    }

    /// Drops the first `count` bytes of `output`, which were sent.
    mutating func sent(_ count: Int) {
        output.removeFirst(count)
    }

    /// Where the head ends (the offset of the line break that ends its last line) and how many
    /// bytes it takes with its blank line, when `bytes` holds a whole head. Lines end in CRLF or
    /// a bare LF.
    static func headEnd(in bytes: [UInt8]) -> (end: Int, consumed: Int)? {
        var index = 0
        while let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) {
            let next = newline + 1
            if next < bytes.count, bytes[next] == UInt8(ascii: "\n") {
                return (newline, next + 1)
            }
            if next + 1 < bytes.count, bytes[next] == UInt8(ascii: "\r"), bytes[next + 1] == UInt8(ascii: "\n") {
                return (newline, next + 2)
            }
            index = next
        }
        return nil
    }
}
