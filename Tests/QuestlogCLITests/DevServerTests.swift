import Foundation
@testable import QuestlogCLI
import QuestlogCore
import Testing

/// The server over real loopback sockets: persistent connections, refused requests, clients that
/// are slow or idle, and many at once. No test measures time; the latency under load is in
/// `Benchmarks/serve-load.sh`.
@Suite(.serialized) struct DevServerTests {
    static func withServer(requestTimeout: Double = 10, idleTimeout: Double = 60, _ body: (Int) throws -> Void) throws {
        let server = DevServer(site: LiveSite(), requestTimeout: requestTimeout, idleTimeout: idleTimeout)
        let port = try server.start(port: 0)
        defer { server.stop() }
        try body(port)
    }

    @Test func oneConnectionCarriesManyRequestsUntilOneSaysClose() throws {
        try Self.withServer { port in
            let client = try TestHTTPClient(port: port)
            for _ in 0..<3 {
                let response = try client.get(LiveSite.versionPath)
                #expect(response.status == 200)
                #expect(response.head.contains("Connection: keep-alive"))
                #expect(response.body == "0")
            }
            #expect(try client.get("/nothing.html", headers: "Connection: close\r\n").status == 404)
            #expect(client.isClosedByServer())
        }
    }

    @Test func pipelinedRequestsAndBareLineFeeds() throws {
        try Self.withServer { port in
            let client = try TestHTTPClient(port: port)
            client.send("GET \(LiveSite.versionPath) HTTP/1.1\nHost: x\n\nHEAD \(LiveSite.versionPath) HTTP/1.1\r\n\r\nGET /a HTTP/1.0\r\n\r\n")
            #expect(try client.response().status == 200)
            let head = try client.response(includesBody: false)
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(try client.response().status == 404)
            #expect(client.isClosedByServer(), "HTTP/1.0 without keep-alive closes")
        }
    }

    @Test func oversizedHeadsGet431AndMalformedRequests400() throws {
        try Self.withServer { port in
            let big = try TestHTTPClient(port: port)
            big.send("GET / HTTP/1.1\r\nX-Padding: " + String(repeating: "x", count: 20_000) + "\r\n\r\n")
            #expect(try big.response().status == 431)
            #expect(big.isClosedByServer())

            let bad = try TestHTTPClient(port: port)
            bad.send("GET / HTTP/1.1\r\nthis is not a header\r\n\r\n")
            #expect(try bad.response().status == 400)
            #expect(bad.isClosedByServer())
        }
    }

    @Test func aSlowlorisClientIsDroppedAtTheRequestDeadline() throws {
        try Self.withServer(requestTimeout: 0.5) { port in
            let slow = try TestHTTPClient(port: port)
            slow.send("GET / HTTP/1.1\r\n")
            var dropped = false
            // A header byte every 50 ms would take 100 s to finish the head; the server stops it long before.
            for _ in 0..<2_000 where !dropped {
                Thread.sleep(forTimeInterval: 0.05)
                dropped = !slow.send("X")
                if !dropped, !slow.isOpenAndQuiet() { dropped = slow.isClosedByServer() }
            }
            #expect(dropped)
            let next = try TestHTTPClient(port: port)
            #expect(try next.get(LiveSite.versionPath).status == 200, "the server goes on serving")
        }
    }

    @Test func anIdleConnectionIsClosedAfterTheIdleTimeout() throws {
        try Self.withServer(idleTimeout: 0.3) { port in
            let idle = try TestHTTPClient(port: port)
            #expect(try idle.get(LiveSite.versionPath).status == 200)
            #expect(idle.isClosedByServer())
        }
    }

    @Test func aNewClientIsServedWhile500IdleAnd50SlowlorisClientsAreHeld() throws {
        try Self.withServer { port in
            let idle = try (0..<500).map { _ in try TestHTTPClient(port: port) }
            let slow = try (0..<50).map { index in
                let client = try TestHTTPClient(port: port)
                client.send("GET /page-\(index).html HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                return client
            }
            for round in 0..<3 {
                for (index, client) in slow.enumerated() { client.send("\(round)\(index)") }
                let fresh = try TestHTTPClient(port: port)
                let response = try fresh.get(LiveSite.versionPath, headers: "Connection: close\r\n")
                #expect(response.status == 200)
                #expect(response.body == "0")
            }
            #expect(idle.allSatisfy { $0.isOpenAndQuiet() }, "idle connections are held, not dropped")
            #expect(slow.allSatisfy { $0.isOpenAndQuiet() }, "slow clients within their deadline are held")
            #expect(try idle[250].get(LiveSite.versionPath).status == 200, "an idle connection is served when it speaks")
            slow[7].send("x\r\n\r\n")
            #expect(try slow[7].response().status == 404, "a slow request is answered once complete")
        }
    }
}
