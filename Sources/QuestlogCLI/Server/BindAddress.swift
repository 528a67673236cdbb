#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The IPv4 address `serve` listens on (`--bind`).
struct BindAddress: Sendable, Hashable, CustomStringConvertible {
    static let loopback = BindAddress("127.0.0.1")!

    /// The address as typed, such as `127.0.0.1` or `0.0.0.0`.
    let description: String
    /// The address in network byte order, as `sockaddr_in` wants it.
    let networkOrder: in_addr_t

    /// Nil when `text` is not a dotted IPv4 address.
    init?(_ text: String) {
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
        description = text
        networkOrder = address.s_addr
    }

    /// Whether only this machine can connect: 127.0.0.0/8.
    var isLoopback: Bool { UInt32(bigEndian: networkOrder) >> 24 == 127 }

    /// Every interface: 0.0.0.0.
    var isAny: Bool { networkOrder == 0 }
}
