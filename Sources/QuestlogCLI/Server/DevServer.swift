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

/// `accept` itself, out of the reach of the server's own names.
private func acceptConnection(_ listener: Int32) -> Int32 {
    accept(listener, nil, nil)
}

/// A small HTTP/1.1 server, on the loopback interface unless told otherwise, answering from a
/// `LiveSite`. Every socket call stays in this file.
///
/// One thread serves every connection with an event loop over `poll`, so an idle or slow client
/// holds no thread: connections are kept alive between requests (unless a request says
/// `Connection: close`), and a connection is dropped when a request has not fully arrived within
/// `requestTimeout` of its first byte (a slowloris client), when a response has not been taken
/// within `requestTimeout`, or when it has been idle for `idleTimeout`.
final class DevServer: @unchecked Sendable {
    struct StartError: Error, CustomStringConvertible {
        var description: String
        /// Whether another program already listens on the port.
        var addressInUse = false
    }

    /// A client's socket and its bytes.
    private struct Client {
        var connection = HTTPConnection()
        /// When something last happened on it (monotonic nanoseconds).
        var lastActivity: UInt64
        /// When the response now in `connection.output` was queued.
        var responseQueued: UInt64?
    }

    private let site: LiveSite
    private let requestTimeout: UInt64
    private let idleTimeout: UInt64
    private let lock = NSLock()
    /// The write end of the pipe that wakes the loop to stop it; -1 when not running.
    private var wakeUp: Int32 = -1
    private let stopped = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - requestTimeout: seconds a request may take to arrive, and a response to be taken.
    ///   - idleTimeout: seconds a kept-alive connection may wait for its next request.
    init(site: LiveSite, requestTimeout: Double = 10, idleTimeout: Double = 60) {
        self.site = site
        self.requestTimeout = UInt64(requestTimeout * 1e9)
        self.idleTimeout = UInt64(idleTimeout * 1e9)
    }

    /// Listens on `address`:`port` (0 picks a free port) and returns the port; serves on a thread.
    func start(address: BindAddress = .loopback, port: Int) throws -> Int {
        let descriptor = socket(AF_INET, streamSocket, 0)
        guard descriptor >= 0 else { throw StartError(description: "cannot open a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var socketAddress = sockaddr_in()
        #if canImport(Darwin)
        socketAddress.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
        socketAddress.sin_addr.s_addr = address.networkOrder
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        // A long backlog lets a burst of clients wait for the loop instead of being refused.
        guard bound == 0, listen(descriptor, 1024) == 0 else {
            let failure = errno
            close(descriptor)
            throw StartError(description: "cannot listen on \(address):\(port): \(String(cString: strerror(failure)))",
                             addressInUse: failure == EADDRINUSE)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            close(descriptor)
            throw StartError(description: "cannot open a pipe: \(String(cString: strerror(errno)))")
        }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        Self.makeNonBlocking(descriptor)
        Self.makeNonBlocking(readEnd)
        lock.withLock { wakeUp = writeEnd }
        let thread = Thread { [self] in
            serve(listener: descriptor, wakeUp: readEnd)
            close(readEnd)
            stopped.signal()
        }
        thread.name = "questlog serve"
        thread.start()
        return Int(UInt16(bigEndian: actual.sin_port))
    }

    /// Stops serving: closes the listener and every connection, and returns once they are closed.
    func stop() {
        let descriptor = lock.withLock { () -> Int32 in
            let current = wakeUp
            wakeUp = -1
            return current
        }
        guard descriptor >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
        stopped.wait()
        close(descriptor)
    }

    // MARK: The event loop

    private func serve(listener: Int32, wakeUp: Int32) {
        var clients: [Int32: Client] = [:]
        // After running out of descriptors, accepting pauses a moment rather than spinning.
        var acceptPausedUntil: UInt64 = 0
        defer {
            for descriptor in clients.keys { close(descriptor) }
            close(listener)
        }
        while true {
            let now = Self.now()
            var polled = [pollfd(fd: wakeUp, events: Int16(POLLIN), revents: 0)]
            if now >= acceptPausedUntil {
                polled.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0))
            }
            for (descriptor, client) in clients {
                polled.append(pollfd(fd: descriptor, events: Int16(client.connection.isIdle ? POLLIN : POLLOUT), revents: 0))
            }
            // Wakes at least every 250 ms to drop clients past their deadlines.
            let ready = poll(&polled, nfds_t(polled.count), 250)
            if ready < 0, errno != EINTR { return }
            let after = Self.now()
            for entry in polled where entry.revents != 0 {
                if entry.fd == wakeUp { return }
                if entry.fd == listener {
                    if !acceptClients(on: listener, into: &clients, at: after) {
                        acceptPausedUntil = after + 100_000_000
                    }
                    continue
                }
                guard var client = clients[entry.fd] else { continue }
                let open = exchange(entry.fd, &client, readable: entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0, at: after)
                if open {
                    clients[entry.fd] = client
                } else {
                    clients[entry.fd] = nil
                    close(entry.fd)
                }
            }
            for (descriptor, client) in clients where isOverdue(client, at: after) {
                clients[descriptor] = nil
                close(descriptor)
            }
        }
    }

    /// Accepts every waiting connection; false when the process is out of descriptors.
    private func acceptClients(on listener: Int32, into clients: inout [Int32: Client], at now: UInt64) -> Bool {
        while true {
            let descriptor = acceptConnection(listener)
            if descriptor < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return errno != EMFILE && errno != ENFILE && errno != ENOBUFS && errno != ENOMEM
            }
            Self.makeNonBlocking(descriptor)
            #if canImport(Darwin)
            var noSignal: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
            #endif
            clients[descriptor] = Client(lastActivity: now)
        }
    }

    /// Reads what arrived, answers complete requests and sends what it can; false when the
    /// connection is to close.
    private func exchange(_ descriptor: Int32, _ client: inout Client, readable: Bool, at now: UInt64) -> Bool {
        client.lastActivity = now
        if readable, client.connection.isIdle {
            var buffer = [UInt8](repeating: 0, count: 16_384)
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return false }
            if count < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }
            client.connection.receive(buffer[..<count], at: now)
            client.connection.answerRequests(site.response)
            if !client.connection.isIdle { client.responseQueued = now }
        }
        while !client.connection.isIdle {
            let count = client.connection.output.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, sendFlags) }
            if count < 0 {
                return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR
            }
            client.connection.sent(count)
            if client.connection.isIdle {
                client.responseQueued = nil
                if client.connection.closesAfterOutput { return false }
                // Requests that came in behind the one just answered.
                client.connection.answerRequests(site.response)
                if !client.connection.isIdle { client.responseQueued = now }
            }
        }
        return true
    }

    private func isOverdue(_ client: Client, at now: UInt64) -> Bool {
        if let queued = client.responseQueued { return now - queued > requestTimeout }
        if let started = client.connection.requestStarted { return now - started > requestTimeout }
        return now - client.lastActivity > idleTimeout
    }

    private static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }

    private static func makeNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
}
