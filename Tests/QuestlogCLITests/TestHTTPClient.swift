import Foundation
@testable import QuestlogCLI
#if canImport(Glibc)
import Glibc
private let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
import Darwin
private let streamSocket = SOCK_STREAM
#endif

/// One client connection to the development server over a real loopback socket, reading
/// responses by their `Content-Length`, so that several requests can share it. Every read gives
/// up after 10 seconds, so a test never hangs on a server that does not answer.
final class TestHTTPClient {
    struct Failure: Error {
        var reason: String
    }

    let descriptor: Int32
    private var pending: [UInt8] = []

    init(port: Int) throws {
        descriptor = socket(AF_INET, streamSocket, 0)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var noSignal: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(reason: "cannot connect: \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Sends `text` as it is; false when the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        return bytes.withUnsafeBytes { sendBytes(descriptor, $0.baseAddress, $0.count, flags) } == bytes.count
    }

    /// Reads one response: status, head and body (none for a `HEAD` request's).
    func response(includesBody: Bool = true) throws -> (status: Int, head: String, body: String) {
        while HTTPConnection.headEnd(in: pending) == nil {
            guard try readMore() else { throw Failure(reason: "the connection closed before a response") }
        }
        let (end, consumed) = HTTPConnection.headEnd(in: pending)!
        // Lines are split on bytes: as characters, "\r\n" is one and would not split.
        let lines = pending[..<end].split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        let head = lines.joined(separator: "\n")
        pending.removeFirst(consumed)
        let length = lines.first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
        while includesBody, pending.count < length {
            guard try readMore() else { throw Failure(reason: "the connection closed inside a body") }
        }
        let bodyLength = includesBody ? length : 0
        let body = String(decoding: pending[..<bodyLength], as: UTF8.self)
        pending.removeFirst(bodyLength)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, head, body)
    }

    /// Sends a request and reads its response.
    func get(_ path: String, headers: String = "") throws -> (status: Int, head: String, body: String) {
        guard send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)\r\n") else { throw Failure(reason: "cannot send") }
        return try response()
    }

    /// Whether the server has closed the connection: reading gives the end of the stream (or a
    /// reset) after any bytes still to come, waiting up to 10 seconds.
    func isClosedByServer() -> Bool {
        while true {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    /// Whether the connection is still open with nothing to read, checked without waiting.
    func isOpenAndQuiet() -> Bool {
        var buffer: UInt8 = 0
        let count = recv(descriptor, &buffer, 1, Int32(MSG_DONTWAIT))
        return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }

    private func readMore() throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 { throw Failure(reason: "no answer: \(String(cString: strerror(errno)))") }
        pending += buffer[..<max(0, count)]
        return count > 0
    }
}

/// `send` itself, out of the reach of the client's own names.
private func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(descriptor, bytes, count, flags)
}
