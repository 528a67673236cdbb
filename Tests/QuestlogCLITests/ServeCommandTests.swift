import Foundation
@testable import QuestlogCLI
import Testing
#if canImport(Glibc)
import Glibc
private let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
import Darwin
private let streamSocket = SOCK_STREAM
#endif

/// `questlog serve`'s options: `--bind`, `--open` and a port another program holds.
struct ServeCommandTests {
    /// Records what `serve --open` would open, and fails when asked to.
    final class RecordingOpener: @unchecked Sendable {
        private let lock = NSLock()
        private var urls: [String] = []
        let failure: String?

        init(failing failure: String? = nil) {
            self.failure = failure
        }

        var opened: [String] { lock.withLock { urls } }

        var opener: URLOpener {
            URLOpener { [self] url, failed in
                lock.withLock { urls.append(url) }
                if let failure { failed(failure) }
            }
        }
    }

    /// Starts `serve` on a fresh site with `arguments`, then stops it.
    static func serve(_ arguments: [String], opener: URLOpener = RecordingOpener().opener,
                      _ body: (Int, String) throws -> Void = { _, _ in }) throws -> (code: ExitCode, error: String) {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        let captured = CapturedConsole()
        let parsed = try ArgumentParser.parse(["--site", folder, "--jobs", "2"] + arguments, for: ServeCommand.spec)
        let context = CommandContext(arguments: parsed, console: captured.console, workingDirectory: folder, opener: opener)
        let (server, code) = try ServeCommand.start(context)
        if let server {
            defer { server.stop() }
            let port = try #require(Int(captured.error.split(separator: ":").last?.prefix { $0.isNumber } ?? ""))
            try body(port, captured.error)
        }
        return (code, captured.error)
    }

    @Test func servesOnTheLoopbackAddressByDefaultWithoutAWarning() throws {
        let opener = RecordingOpener()
        let result = try Self.serve(["--port", "0"], opener: opener.opener) { port, _ throws in
            #expect(try ServeTests.get("/", port: port).status == 200)
        }
        #expect(result.code == .success)
        #expect(result.error.contains("Serving at http://127.0.0.1:"))
        #expect(!result.error.contains("warning:"))
        #expect(opener.opened.isEmpty)
    }

    @Test func anAddressOtherThanLoopbackIsWarnedAbout() throws {
        let result = try Self.serve(["--port", "0", "--bind", "0.0.0.0"]) { port, _ throws in
            #expect(try ServeTests.get("/", port: port).status == 200)
        }
        #expect(result.code == .success)
        #expect(result.error.hasPrefix("warning: serving on 0.0.0.0, not a loopback address: anyone who can reach this machine"))
        #expect(result.error.contains("Serving at http://127.0.0.1:"))
        let loopback = try Self.serve(["--port", "0", "--bind", "127.0.0.2"])
        #expect(!loopback.error.contains("warning:"))
    }

    @Test func bindTakesAnIPv4Address() {
        for address in ["localhost", "1.2.3", "::1", ""] {
            let result = runQuestlog(["serve", "--bind", address])
            #expect(result.code == .usage, "\(address)")
            #expect(result.error.contains("error: option '--bind' takes an IPv4 address such as 127.0.0.1 or 0.0.0.0, not '\(address)'"))
        }
        #expect(BindAddress("127.8.0.1")?.isLoopback == true)
        #expect(BindAddress("128.0.0.1")?.isLoopback == false)
        #expect(BindAddress("0.0.0.0")?.isAny == true)
    }

    @Test func openOpensTheServedAddress() throws {
        let opener = RecordingOpener()
        var served = 0
        let result = try Self.serve(["--port", "0", "--open"], opener: opener.opener) { port, _ in served = port }
        #expect(result.code == .success)
        #expect(opener.opened == ["http://127.0.0.1:\(served)/"])
    }

    @Test func aBrowserThatCannotBeOpenedIsAWarning() throws {
        let opener = RecordingOpener(failing: "xdg-open exited with status 3")
        let result = try Self.serve(["--port", "0", "--open"], opener: opener.opener) { port, _ throws in
            #expect(try ServeTests.get("/", port: port).status == 200)
        }
        #expect(result.code == .success)
        #expect(result.error.contains("warning: could not open the browser (xdg-open exited with status 3); open http://127.0.0.1:"))
    }

    @Test func aBusyPortIsItsOwnErrorSuggestingAnother() throws {
        let holder = socket(AF_INET, streamSocket, 0)
        defer { close(holder) }
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let held = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(holder, $0, length) == 0 && listen(holder, 1) == 0 && getsockname(holder, $0, &length) == 0 }
        }
        try #require(held)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let result = try Self.serve(["--port", String(port)])
        #expect(result.code == .contentError)
        #expect(result.error.contains("error: port \(port) is in use; pass another --port, or --port 0 for a free one\n"))
    }
}
