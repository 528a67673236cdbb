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

/// The development server over real loopback sockets: pages with the reload script, a rebuild
/// after a change, errors shown in the browser, and the HTTP edge cases.
struct ServeTests {
    /// A minimal HTTP client over a socket, so the tests do not depend on URLSession's platform quirks.
    static func get(_ path: String, port: Int, method: String = "GET") throws -> (status: Int, head: String, body: String) {
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
        let request = Array("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
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
        return (status, parts[0], parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    /// A server on a fresh `questlog init` site; `builds` counts its builds, the first one too.
    static func withServer(quietPeriod: TimeInterval = 0.05, builds: BuildCounter = BuildCounter(),
                           _ body: (LiveServer, Int, String) throws -> Void) throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        let server = LiveServer(options: BuildOptions(site: folder, output: folder + "/Output", jobs: 2),
                                watcher: SiteWatcher(root: folder, quietPeriod: quietPeriod), onBuild: { served, _, _ in builds.record(patched: served.isPatched) })
        let port = try server.start(port: 0)
        defer { server.stop() }
        try body(server, port, folder)
    }

    /// Waits for `condition`, with a deadline generous enough for a loaded machine; says whether it came.
    static func eventually(_ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    @Test func servesPagesWithTheReloadScriptAndAssetsAsTheyAre() throws {
        try Self.withServer { server, port, folder in
            let home = try Self.get("/", port: port)
            #expect(home.status == 200)
            #expect(home.head.contains("Content-Type: text/html; charset=utf-8"))
            #expect(home.body.contains("My playthroughs"))
            #expect(home.body.contains(LiveSite.versionPath))
            #expect(try Self.get("/my-first-game/", port: port).body.contains("<h1>My first game</h1>"))
            #expect(try Self.get("/my-first-game", port: port).status == 200)
            let css = try Self.get("/assets/questlog.css", port: port)
            #expect(css.head.contains("text/css"))
            #expect(!css.body.contains(LiveSite.versionPath))
            #expect(try Self.get("/exports/my-first-game/npcs.csv", port: port).head.contains("text/csv"))
            let missing = try Self.get("/no/such/page.html", port: port)
            #expect(missing.status == 404)
            #expect(missing.body.contains("Page not found"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/Output"), "serve writes nothing")
        }
    }

    @Test func aChangeRebuildsAndAnErrorShowsInTheBrowserUntilFixed() throws {
        try Self.withServer { server, port, folder in
            let version = try Self.get(LiveSite.versionPath, port: port).body
            #expect(!server.rebuildIfChanged(), "nothing changed yet")
            let file = folder + "/Content/my-first-game/locations/old-watchtower.md"
            let original = try String(contentsOfFile: file, encoding: .utf8)
            try original.replacingOccurrences(of: "Wolves at the top", with: "Bats at the top")
                .write(toFile: file, atomically: true, encoding: .utf8)
            #expect(server.rebuildIfChanged())
            #expect(try Self.get(LiveSite.versionPath, port: port).body != version)
            #expect(try Self.get("/my-first-game/locations/old-watchtower.html", port: port).body.contains("Bats at the top"))

            try original.replacingOccurrences(of: "cleared: false", with: "cleared: maybe").write(toFile: file, atomically: true, encoding: .utf8)
            #expect(server.rebuildIfChanged())
            let broken = try Self.get("/my-first-game/index.html", port: port)
            #expect(broken.body.contains("The site has errors"))
            #expect(broken.body.contains("cleared: expected true or false, found &quot;maybe&quot;") || broken.body.contains("found \"maybe\""))
            #expect(try Self.get("/assets/questlog.css", port: port).status == 200, "assets of the last good build stay")

            try original.write(toFile: file, atomically: true, encoding: .utf8)
            #expect(server.rebuildIfChanged())
            #expect(try Self.get("/my-first-game/index.html", port: port).body.contains("<h1>My first game</h1>"))
        }
    }

    /// The watcher tells which files a save changed: a save of notes alone is patched, and the page
    /// shows it; a save of the front matter is built whole.
    @Test func aSaveOfNotesAloneIsPatchedWhileWatching() throws {
        let builds = BuildCounter()
        try Self.withServer(builds: builds) { server, port, folder in
            server.startWatching()
            let path = "/my-first-game/locations/old-watchtower.html"
            #expect(try Self.get(path, port: port).status == 200)
            let file = folder + "/Content/my-first-game/locations/old-watchtower.md"
            let original = try String(contentsOfFile: file, encoding: .utf8)
            try (original + "\nOwls nest here.\n").write(toFile: file, atomically: true, encoding: .utf8)
            #expect(try Self.eventually { try Self.get(path, port: port).body.contains("Owls nest here.") })
            #expect(builds.patched.last == true, "\(builds.patched)")
            try original.replacingOccurrences(of: "cleared: false", with: "cleared: true").write(toFile: file, atomically: true, encoding: .utf8)
            #expect(try Self.eventually {
                guard builds.count >= 3 else { return false }
                return try !Self.get(path, port: port).body.contains("Owls nest here.")
            })
            #expect(builds.patched.last == false, "\(builds.patched)")
        }
    }

    /// Pages are made when asked for; a template error that only some pages meet is found once
    /// every page is made in the background, and then shows on every page, as a build would fail.
    @Test func aTemplateErrorOfSomePagesShowsOnEveryPageOnceFound() throws {
        try Self.withServer { server, port, folder in
            try FileManager.default.createDirectory(atPath: folder + "/Templates", withIntermediateDirectories: true)
            // A partial named by each entry: only the watchtower has one.
            try "{{>*entry.id}}".write(toFile: folder + "/Templates/entry.mustache", atomically: true, encoding: .utf8)
            try "<p>Up the tower</p>".write(toFile: folder + "/Templates/old-watchtower.mustache", atomically: true, encoding: .utf8)
            #expect(server.rebuildIfChanged())
            #expect(try Self.get("/my-first-game/locations/old-watchtower.html", port: port).body.contains("Up the tower")
                || Self.get("/my-first-game/locations/old-watchtower.html", port: port).body.contains("The site has errors"))
            server.waitForPages()
            let home = try Self.get("/index.html", port: port)
            #expect(home.body.contains("The site has errors"))
            #expect(home.body.contains("[template-error]"))

            try FileManager.default.removeItem(atPath: folder + "/Templates/entry.mustache")
            #expect(server.rebuildIfChanged())
            server.waitForPages()
            #expect(try Self.get("/my-first-game/locations/old-watchtower.html", port: port).body.contains("Up the tower") == false, "the built-in template again")
            #expect(try !Self.get("/index.html", port: port).body.contains("The site has errors"))
        }
    }

    @Test func aSaveIsSeenWhileWatching() throws {
        let builds = BuildCounter()
        try Self.withServer(builds: builds) { server, port, folder in
            #if os(Linux)
            #expect(server.watcher.usesInotify)
            #endif
            server.startWatching()
            let file = folder + "/Content/my-first-game/locations/old-watchtower.md"
            let original = try String(contentsOfFile: file, encoding: .utf8)
            try original.replacingOccurrences(of: "Wolves at the top", with: "Bats at the top").write(toFile: file, atomically: true, encoding: .utf8)
            #expect(try Self.eventually { try Self.get("/my-first-game/locations/old-watchtower.html", port: port).body.contains("Bats at the top") })
            #expect(builds.count == 2)
        }
    }

    @Test func aBurstOfWritesIsOneRebuild() throws {
        let builds = BuildCounter()
        // A quiet period long enough that a busy machine pausing the writer mid-burst does not split it.
        try Self.withServer(quietPeriod: 0.5, builds: builds) { server, port, folder in
            server.startWatching()
            for number in 1...50 {
                try "---\nname: Villager \(number)\n---\nLives by the road.\n"
                    .write(toFile: folder + "/Content/my-first-game/npcs/villager-\(number).md", atomically: false, encoding: .utf8)
            }
            #expect(try Self.eventually { try Self.get("/my-first-game/npcs/villager-50.html", port: port).status == 200 })
            #expect(builds.count == 2, "the first build, then one for the burst")
            // One more save, seen after anything the burst could still have caused.
            try "---\nname: Villager 1\n---\nMoved away.\n".write(toFile: folder + "/Content/my-first-game/npcs/villager-1.md", atomically: true, encoding: .utf8)
            #expect(try Self.eventually { try Self.get("/my-first-game/npcs/villager-1.html", port: port).body.contains("Moved away.") })
            #expect(builds.count == 3)
        }
    }

    @Test func exportsAreMadeWhenAskedForAndFollowRebuilds() throws {
        try Self.withServer { server, port, folder in
            #expect(try Self.get("/exports/my-first-game/npcs.csv", port: port).body.contains("Hooded Merchant"))
            let file = folder + "/Content/my-first-game/npcs/hooded-merchant.md"
            let original = try String(contentsOfFile: file, encoding: .utf8)
            try original.replacingOccurrences(of: "Sells torches", with: "Sells lanterns").write(toFile: file, atomically: true, encoding: .utf8)
            #expect(server.rebuildIfChanged())
            let built = SiteBuild(options: server.options).render()
            #expect(!built.files.isEmpty)
            for path in ["exports/my-first-game/npcs.csv", "exports/my-first-game.json", "exports/site.json"] {
                let served = try Self.get("/" + path, port: port)
                let expected = built.files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) }
                #expect(served.status == 200)
                #expect(served.body == expected, "\(path) as `questlog build` writes it")
            }
            #expect(try Self.get("/exports/my-first-game/npcs.csv", port: port).body.contains("Sells lanterns"))
            #expect(try Self.get("/exports/no-such-game.json", port: port).status == 404)
        }
    }

    @Test func theSearchIndexIsMadeWhenAskedForAndFollowsRebuilds() throws {
        try Self.withServer { server, port, folder in
            let file = folder + "/Content/my-first-game/npcs/hooded-merchant.md"
            let original = try String(contentsOfFile: file, encoding: .utf8)
            try original.replacingOccurrences(of: "Sells torches", with: "Sells zanzibarlanterns").write(toFile: file, atomically: true, encoding: .utf8)
            #expect(server.rebuildIfChanged())
            let built = SiteBuild(options: server.options).render()
            let search = built.files.filter { $0.path.hasPrefix(SearchIndex.folder) }
            #expect(search.count > 2)
            for file in search {
                let served = try Self.get("/" + file.path + "?t=1", port: port)
                #expect(served.status == 200, "\(file.path)")
                #expect(served.body == String(decoding: file.bytes, as: UTF8.self), "\(file.path) as `questlog build` writes it")
            }
            #expect(search.contains { String(decoding: $0.bytes, as: UTF8.self).contains("zanzibarlanterns") })
            #expect(try Self.get("/" + SearchIndex.folder + "terms-0.nosuchhash.js", port: port).status == 404)
        }
    }

    @Test func httpEdgeCases() throws {
        try Self.withServer { _, port, _ in
            #expect(try Self.get("/", port: port, method: "POST").status == 405)
            let head = try Self.get("/index.html", port: port, method: "HEAD")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(try Self.get("/../../etc/passwd", port: port).status == 404)
            #expect(try Self.get("/%E0%A4", port: port).status == 400)
            #expect(try Self.get("/my-first-game/npcs/hooded-merchant.html?x=1#top", port: port).status == 200)
        }
    }

    @Test func requestLinesAreParsedStrictly() {
        var expected = HTTPRequest(method: "GET", path: "/a b.html")
        expected.query = ["q": "1"]
        #expect(HTTPRequest(head: Array("GET /a%20b.html?q=1 HTTP/1.1".utf8)[...]) == expected)
        var withQuery = HTTPRequest(method: "POST", path: "/__questlog/mark")
        withQuery.query = ["game": "elden ring", "entry": "a&b", "bad": "x"]
        withQuery.headers = ["x-questlog-token": "abc", "host": "127.0.0.1:4000"]
        let head = "POST /__questlog/mark?game=elden+ring&entry=a%26b&bad=x&bad=y&broken=%zz HTTP/1.1\r\nX-Questlog-Token: abc\r\nHost: 127.0.0.1:4000"
        #expect(HTTPRequest(head: Array(head.utf8)[...]) == withQuery)
        #expect(HTTPRequest(head: Array("GET a.html HTTP/1.1".utf8)[...]) == nil)
        #expect(HTTPRequest(head: Array("nonsense".utf8)[...]) == nil)
        #expect(HTTPRequest(head: Array("GET /%zz HTTP/1.1".utf8)[...]) == nil)
    }
}
