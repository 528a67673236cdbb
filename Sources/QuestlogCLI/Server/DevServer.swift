import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
private let streamSocket = Int32(SOCK_STREAM.rawValue)
/// A peer that went away must not kill the process with SIGPIPE.
private let sendFlags = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
import Darwin
private let streamSocket = SOCK_STREAM
private let sendFlags: Int32 = 0
#endif

/// A small HTTP/1.1 server on the loopback interface only, answering each connection from a
/// `LiveSite` and closing it. Every socket call stays in this file.
final class DevServer: @unchecked Sendable {
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    private let site: LiveSite
    private let lock = NSLock()
    private var listener: Int32 = -1
    private let connections = DispatchQueue(label: "questlog.serve.connections", attributes: .concurrent)

    init(site: LiveSite) {
        self.site = site
    }

    /// Listens on 127.0.0.1:`port` (0 picks a free port) and returns the port; answers on a thread.
    func start(port: Int) throws -> Int {
        let descriptor = socket(AF_INET, streamSocket, 0)
        guard descriptor >= 0 else { throw StartError(description: "cannot open a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw StartError(description: "cannot listen on 127.0.0.1:\(port): \(reason)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        lock.withLock { listener = descriptor }
        let thread = Thread { [self] in acceptLoop(descriptor) }
        thread.name = "questlog serve"
        thread.start()
        return Int(UInt16(bigEndian: actual.sin_port))
    }

    /// Stops accepting connections.
    func stop() {
        let descriptor = lock.withLock { () -> Int32 in
            let current = listener
            listener = -1
            return current
        }
        guard descriptor >= 0 else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }

    private func acceptLoop(_ descriptor: Int32) {
        while true {
            let client = accept(descriptor, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            connections.async { [self] in answer(client) }
        }
    }

    private func answer(_ client: Int32) {
        defer { close(client) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var noSignal: Int32 = 1
        setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Array("\r\n\r\n".utf8)
        while head.count < 65_536, !head.suffix(4).elementsEqual(end) {
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            head.append(contentsOf: buffer[..<count])
            if head.count >= 4, let range = head.firstRange(of: end) {
                head.removeSubrange(range.upperBound...)
                break
            }
        }
        let response: HTTPResponse
        let request = HTTPRequest(head: head)
        if let request {
            response = site.response(to: request)
        } else {
            response = HTTPResponse(status: 400, contentType: "text/plain; charset=utf-8", body: Array("Bad request.\n".utf8))
        }
        let bytes = response.serialized(includeBody: request?.method != "HEAD")
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, sendFlags) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return }
            sent += count
        }
    }
}
