import Foundation
@testable import QuestlogCLI
import QuestlogCore
import Testing
#if canImport(Glibc)
import Glibc
private let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
import Darwin
private let streamSocket = SOCK_STREAM
#endif

/// Live checkboxes under `serve`, over real loopback sockets: the token is required, a stale page
/// is refused, marking is off the loopback interface, and a mark edits the file byte for byte.
struct LiveMarkingTests {
    static let wren = "---\r\nname: Wren   # the samurai\r\ncomplete: [go-to-the-castle]  # so far\r\n---\r\nNotes stay.\r\n"
    /// A hand-written page with the checkboxes playthrough pages have, published as an asset.
    static let board = """
        <!DOCTYPE html><html><body>
        <input type="checkbox" class="ql-mark" data-game="elden-ring" data-playthrough="wren" data-entry="go-to-the-castle" data-field="complete" checked disabled>
        <input type="checkbox" class="ql-mark" data-game="elden-ring" data-playthrough="wren" data-entry="church-of-elleh" data-field="cleared" disabled>
        </body></html>

        """

    /// Sends one request and returns its status and body.
    static func request(_ method: String, _ target: String, port: Int, headers: [String: String] = [:]) throws -> (status: Int, body: String) {
        let descriptor = socket(AF_INET, streamSocket, 0)
        defer { close(descriptor) }
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
        guard connected == 0 else { throw DevServer.StartError(description: "cannot connect") }
        var head = "\(method) \(target) HTTP/1.1\r\nConnection: close\r\n"
        var allHeaders = ["Host": "127.0.0.1:\(port)"]
        if method == "POST" { allHeaders["Content-Length"] = "0" }
        allHeaders.merge(headers) { $1 }
        for (name, value) in allHeaders.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        let bytes = Array((head + "\r\n").utf8)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            response.append(contentsOf: buffer[..<count])
        }
        let text = String(decoding: response, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        let status = Int(parts[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    /// The text between `start` and the next `end` in `text`.
    static func between(_ start: String, _ end: String, in text: String) -> String? {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex) else { return nil }
        return String(text[from.upperBound..<to.lowerBound])
    }

    static func markTarget(entry: String, field: String, done: Bool, state: String) -> String {
        "\(LiveMarking.markPath)?game=elden-ring&playthrough=wren&entry=\(entry)&field=\(field)&done=\(done ? 1 : 0)&state=\(state)"
    }

    static func withServer(bind: BindAddress = .loopback, _ body: (LiveServer, Int, String) throws -> Void) throws {
        let root = try ProgressTestSite.make(playthroughs: ["wren": wren])
        defer { removeTemporaryFolder(root) }
        try Data(board.utf8).write(to: URL(fileURLWithPath: root + "/Content/elden-ring/quests/board.html"))
        let server = LiveServer(options: BuildOptions(site: root, output: root + "/Output", jobs: 2),
                                watcher: SiteWatcher(root: root, quietPeriod: 0.05))
        let port = try server.start(address: bind, port: 0)
        defer { server.stop() }
        try body(server, port, root)
    }

    @Test func aTickWithTheTokenEditsTheFileByteForByte() throws {
        try Self.withServer { server, port, root in
            let page = try Self.request("GET", "/elden-ring/quests/board.html", port: port)
            #expect(page.status == 200)
            let token = try #require(Self.between("var token = \"", "\"", in: page.body))
            let state = try #require(Self.between("\"elden-ring/wren\":\"", "\"", in: page.body))
            #expect(token.count == 64)
            #expect(state == PlaythroughFile.state(of: Array(Self.wren.utf8)))

            let marked = try Self.request("POST", Self.markTarget(entry: "church-of-elleh", field: "cleared", done: true, state: state),
                                          port: port, headers: ["X-Questlog-Token": token, "Origin": "http://127.0.0.1:\(port)"])
            #expect(marked.status == 200, "\(marked.body)")
            let after = "---\r\nname: Wren   # the samurai\r\ncomplete: [go-to-the-castle]  # so far\r\ncleared: [church-of-elleh]\r\n---\r\nNotes stay.\r\n"
            #expect(ProgressTestSite.read(root, "wren") == after)
            #expect(marked.body == PlaythroughFile.state(of: Array(after.utf8)) + "\n")

            // The next tick on the same page carries the state the server answered.
            let unticked = try Self.request("POST", Self.markTarget(entry: "go-to-the-castle", field: "complete", done: false,
                                                                    state: marked.body.trimmingCharacters(in: .whitespacesAndNewlines)),
                                            port: port, headers: ["X-Questlog-Token": token])
            #expect(unticked.status == 200, "\(unticked.body)")
            let final = "---\r\nname: Wren   # the samurai\r\ncomplete: []  # so far\r\ncleared: [church-of-elleh]\r\n---\r\nNotes stay.\r\n"
            #expect(ProgressTestSite.read(root, "wren") == final)

            // The rebuild the edit causes gives the pages the new state.
            #expect(server.rebuildIfChanged())
            let reloaded = try Self.request("GET", "/elden-ring/quests/board.html", port: port)
            #expect(Self.between("\"elden-ring/wren\":\"", "\"", in: reloaded.body) == PlaythroughFile.state(of: Array(final.utf8)))
            #expect(!FileManager.default.fileExists(atPath: root + "/Output"), "serve writes no output")
        }
    }

    @Test func theTokenIsRequired() throws {
        try Self.withServer { _, port, root in
            let page = try Self.request("GET", "/elden-ring/quests/board.html", port: port)
            let state = try #require(Self.between("\"elden-ring/wren\":\"", "\"", in: page.body))
            let target = Self.markTarget(entry: "church-of-elleh", field: "cleared", done: true, state: state)
            #expect(try Self.request("POST", target, port: port).status == 403)
            let token = try #require(Self.between("var token = \"", "\"", in: page.body))
            var wrong = Array(token)
            wrong[10] = wrong[10] == "a" ? "b" : "a"
            #expect(try Self.request("POST", target, port: port, headers: ["X-Questlog-Token": String(wrong)]).status == 403)
            #expect(try Self.request("POST", target, port: port, headers: ["X-Questlog-Token": token + "0"]).status == 403)
            #expect(try Self.request("POST", target, port: port, headers: ["X-Questlog-Token": token, "Host": "evil.example:\(port)"]).status == 403)
            #expect(try Self.request("POST", target, port: port, headers: ["X-Questlog-Token": token, "Origin": "http://evil.example"]).status == 403)
            #expect(try Self.request("GET", target, port: port, headers: ["X-Questlog-Token": token]).status == 405)
            #expect(ProgressTestSite.read(root, "wren") == Self.wren)
        }
    }

    @Test func aFileChangedSinceThePageWasBuiltIsNotEdited() throws {
        try Self.withServer { _, port, root in
            let page = try Self.request("GET", "/elden-ring/quests/board.html", port: port)
            let token = try #require(Self.between("var token = \"", "\"", in: page.body))
            let state = try #require(Self.between("\"elden-ring/wren\":\"", "\"", in: page.body))
            let edited = Self.wren + "A note written in an editor meanwhile.\r\n"
            try Data(edited.utf8).write(to: URL(fileURLWithPath: root + "/Content/elden-ring/playthroughs/wren.md"))
            let refused = try Self.request("POST", Self.markTarget(entry: "church-of-elleh", field: "cleared", done: true, state: state),
                                           port: port, headers: ["X-Questlog-Token": token])
            #expect(refused.status == 409)
            #expect(refused.body.contains("Content/elden-ring/playthroughs/wren.md changed on disk since this page was built, so it was not edited"))
            #expect(ProgressTestSite.read(root, "wren") == edited)
        }
    }

    @Test func badMarksAreRefusedWithTheReason() throws {
        try Self.withServer { _, port, root in
            let page = try Self.request("GET", "/elden-ring/quests/board.html", port: port)
            let token = try #require(Self.between("var token = \"", "\"", in: page.body))
            let state = try #require(Self.between("\"elden-ring/wren\":\"", "\"", in: page.body))
            let unknown = try Self.request("POST", Self.markTarget(entry: "no-such-quest", field: "complete", done: true, state: state),
                                           port: port, headers: ["X-Questlog-Token": token])
            #expect(unknown.status == 422)
            #expect(unknown.body.contains("unknown quest 'no-such-quest'"))
            #expect(try Self.request("POST", LiveMarking.markPath + "?game=elden-ring", port: port, headers: ["X-Questlog-Token": token]).status == 400)
            let other = "\(LiveMarking.markPath)?game=elden-ring&playthrough=kaito&entry=stormveil&field=complete&done=1&state=\(state)"
            #expect(try Self.request("POST", other, port: port, headers: ["X-Questlog-Token": token]).status == 404)
            #expect(ProgressTestSite.read(root, "wren") == Self.wren)
        }
    }

    @Test func markingIsOffWhenTheServerListensBeyondLoopback() throws {
        try Self.withServer(bind: BindAddress("0.0.0.0")!) { server, port, root in
            let page = try Self.request("GET", "/elden-ring/quests/board.html", port: port)
            #expect(page.status == 200)
            #expect(page.body.contains(LiveSite.versionPath))
            #expect(!page.body.contains("X-Questlog-Token"))
            let token = try #require(server.site.marking?.token)
            let state = PlaythroughFile.state(of: Array(Self.wren.utf8))
            let refused = try Self.request("POST", Self.markTarget(entry: "church-of-elleh", field: "cleared", done: true, state: state),
                                           port: port, headers: ["X-Questlog-Token": token])
            #expect(refused.status == 403)
            #expect(refused.body.contains("loopback"))
            #expect(ProgressTestSite.read(root, "wren") == Self.wren)
        }
    }

    @Test func theBuiltSiteHasNoMarkingScript() throws {
        let root = try ProgressTestSite.make(playthroughs: ["wren": Self.wren])
        defer { removeTemporaryFolder(root) }
        try Data(Self.board.utf8).write(to: URL(fileURLWithPath: root + "/Content/elden-ring/quests/board.html"))
        #expect(runQuestlog(["build"], in: root).code == .success)
        let built = String(decoding: FileManager.default.contents(atPath: root + "/Output/elden-ring/quests/board.html") ?? Data(), as: UTF8.self)
        #expect(built == Self.board)
    }
}
