import Foundation
import QuestlogCore

/// Live checkboxes on the pages `serve` shows: ticking a `.ql-mark` checkbox sends a `POST` to
/// `markPath`, and the server edits the playthrough's file as `questlog mark` does; the rebuild
/// that follows reloads the page.
///
/// A request must carry this run's random token (which only the injected script knows) in the
/// `X-Questlog-Token` header, name a loopback host, and give the state of the playthrough's file
/// the page was built from: a file changed on disk since then is not edited. Marking is off when
/// the server listens on anything but the loopback interface.
final class LiveMarking: @unchecked Sendable {
    static let markPath = "/__questlog/mark"
    static let tokenHeader = "x-questlog-token"

    let root: String
    /// The token of this run: 32 random bytes, as hex.
    let token: String
    private let lock = NSLock()
    private var isEnabled = true
    /// The site's playthroughs and entries, read on the first mark after each build.
    private var cachedCatalog: ProgressCatalog?

    init(root: String, token: String = LiveMarking.randomToken()) {
        self.root = root
        self.token = token
    }

    /// Whether requests are taken: only while the server listens on the loopback interface.
    var enabled: Bool {
        get { lock.withLock { isEnabled } }
        set { lock.withLock { isEnabled = newValue } }
    }

    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Forgets what was read of the site: a build is starting.
    func siteChanged() {
        lock.withLock { cachedCatalog = nil }
    }

    private var catalog: ProgressCatalog {
        if let cached = lock.withLock({ cachedCatalog }) { return cached }
        let catalog = ProgressCatalog(loaded: SiteLoader(root: root).load(), root: root)
        lock.withLock { cachedCatalog = catalog }
        return catalog
    }

    /// The state of every playthrough file now, by `game/id`: what pages built next are built from.
    func snapshot() -> [String: String] {
        var states: [String: String] = [:]
        for file in PlaythroughFile.all(root: root) {
            if let bytes = FileManager.default.contents(atPath: root + "/" + file.path) {
                states[file.game + "/" + file.id] = PlaythroughFile.state(of: [UInt8](bytes))
            }
        }
        return states
    }

    // MARK: Requests

    func response(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == "POST" else { return .text(405, "Marking takes POST.") }
        guard enabled else {
            return .text(403, "Ticking entries off from the browser only works when questlog serve listens on the loopback interface (127.0.0.1).")
        }
        guard Self.isLoopbackHost(request.headers["host"]), request.headers["origin"].map(Self.isLoopbackOrigin) ?? true else {
            return .text(403, "Marking is only taken from pages of this machine's own server.")
        }
        guard let sent = request.headers[Self.tokenHeader], Self.constantTimeEqual(sent, token) else {
            return .text(403, "This page is from another run of questlog serve: reload it.")
        }
        let query = request.query
        guard let game = query["game"], let id = query["playthrough"], let entry = query["entry"], let field = query["field"],
              let done = query["done"], done == "1" || done == "0", let state = query["state"] else {
            return .text(400, "A mark needs game, playthrough, entry, field, done (1 or 0) and state.")
        }
        let catalog = self.catalog
        guard let playthrough = catalog.playthroughs.first(where: { $0.game == game && $0.id == id }) else {
            return .text(404, "There is no playthrough '\(id)' in game '\(game)' any more.")
        }
        let path = root + "/" + playthrough.path
        guard let original = FileManager.default.contents(atPath: path).map({ [UInt8]($0) }) else {
            return .text(404, "\(playthrough.path) cannot be read.")
        }
        guard PlaythroughFile.state(of: original) == state else {
            return .text(409, "\(playthrough.path) changed on disk since this page was built, so it was not edited. The page reloads with what the file holds now; tick again there.")
        }
        var editor = FrontMatterListEditor(bytes: original, path: playthrough.path)
        do {
            let target = try catalog.target(entry, game: game, field: field)
            try catalog.set(target, done: done == "1", in: &editor)
        } catch {
            return .text(422, "Not changed: \(error.description)")
        }
        if editor.bytes != original {
            do {
                try AtomicFileReplace.replace(path, with: editor.bytes, expecting: original)
            } catch {
                if error == .changedOnDisk {
                    return .text(409, "\(playthrough.path) changed on disk while it was being edited, so it was not edited. The page reloads with what the file holds now.")
                }
                return .text(500, "\(playthrough.path) could not be written: \(error.description)")
            }
        }
        // The new state, so the page can tick another box before its reload.
        return .text(200, PlaythroughFile.state(of: editor.bytes))
    }

    private static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }

    /// `127.x.x.x`, `localhost` or `[::1]`, with or without a port.
    static func isLoopbackHost(_ host: String?) -> Bool {
        guard var host = host?.lowercased() else { return false }
        if host.hasPrefix("[::1]") { return true }
        if let colon = host.firstIndex(of: ":") { host = String(host[..<colon]) }
        if host == "localhost" { return true }
        return BindAddress(host)?.isLoopback ?? false
    }

    private static func isLoopbackOrigin(_ origin: String) -> Bool {
        guard origin.hasPrefix("http://") else { return false }
        return isLoopbackHost(String(origin.dropFirst("http://".count)))
    }

    // MARK: The page's script

    /// The script that enables a page's `.ql-mark` checkboxes; `states` are the build's.
    func script(states: [String: String]) -> String {
        let known = states.keys.sorted().map { "\"\($0)\":\"\(states[$0]!)\"" }.joined(separator: ",")
        return """
        <script>(function () { var token = "\(token)", states = {\(known)};
          function show(message) { var note = document.getElementById("ql-mark-message");
            if (!note) { note = document.createElement("p"); note.id = "ql-mark-message"; note.setAttribute("role", "alert");
              note.style.cssText = "position:fixed;left:1rem;right:1rem;bottom:1rem;margin:0;padding:.75rem 1rem;background:#fff3f1;border:1px solid #c2410c;color:#7c2d12;border-radius:6px;z-index:1000;font:15px/1.4 system-ui,sans-serif";
              document.body.appendChild(note); }
            note.textContent = message; }
          var kept = sessionStorage.getItem("ql-mark-message");
          if (kept) { sessionStorage.removeItem("ql-mark-message"); show(kept); }
          document.querySelectorAll("input.ql-mark").forEach(function (box) {
            var key = box.dataset.game + "/" + box.dataset.playthrough;
            if (!(key in states)) { return; }
            box.disabled = false;
            box.addEventListener("change", function () {
              var done = box.checked; box.disabled = true;
              var query = new URLSearchParams({ game: box.dataset.game, playthrough: box.dataset.playthrough, entry: box.dataset.entry,
                field: box.dataset.field, done: done ? "1" : "0", state: states[key] });
              fetch("\(Self.markPath)?" + query, { method: "POST", headers: { "X-Questlog-Token": token }, cache: "no-store" })
                .then(function (r) { return r.text().then(function (text) { return { ok: r.ok, status: r.status, text: text.trim() }; }); })
                .then(function (r) { box.disabled = false;
                  if (r.ok) { states[key] = r.text; return; }
                  box.checked = !done; show(r.text);
                  // The rebuild of the changed file reloads the page: the message stays for it.
                  if (r.status === 409) { sessionStorage.setItem("ql-mark-message", r.text); } })
                .catch(function () { box.disabled = false; box.checked = !done; show("The server did not answer: is questlog serve still running?"); });
            });
          }); })();</script>

        """
    }
}
