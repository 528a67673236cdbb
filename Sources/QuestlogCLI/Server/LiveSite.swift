import Foundation
import QuestlogCore

/// The site as the development server shows it: the latest good build in memory, and the problems
/// of the latest build when it failed, with its exports and search index made on demand. Pages carry a small script
/// that reloads them when the version changes.
final class LiveSite: @unchecked Sendable {
    private let lock = NSLock()
    /// The pages and files of the latest good build, by path; their pieces are joined when served.
    private var files: [String: OutputFile] = [:]
    private var exports: LazyFiles?
    private var search: LazyFiles?
    private var strict = false
    private var problems: String?
    private var currentVersion = 0
    /// The live checkboxes of playthrough pages, when the server takes marks.
    let marking: LiveMarking?
    /// The state of each playthrough file the current build was made from (`game/id`).
    private var playthroughStates: [String: String] = [:]

    init(marking: LiveMarking? = nil) {
        self.marking = marking
    }

    /// The path pages poll to learn the current version.
    static let versionPath = "/__questlog/version"

    var version: Int { lock.withLock { currentVersion } }

    /// Takes a new build: its files (and `exports` and `search`, to make when asked for) when it
    /// succeeded, its problems (on every page) when it failed.
    /// `states` are the playthrough files' states read before the build.
    func update(_ rendered: RenderedSite, strict: Bool, exports: LazyFiles? = nil, search: LazyFiles? = nil,
                states: [String: String] = [:]) {
        lock.withLock {
            self.strict = strict
            if rendered.diagnostics.failed(strict: strict) {
                let list = strict ? rendered.diagnostics.promotingWarnings() : rendered.diagnostics
                problems = list.formattedText() + list.summary
            } else {
                files = Dictionary(rendered.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
                self.exports = exports
                self.search = search
                playthroughStates = states
                problems = nil
            }
            currentVersion += 1
        }
    }

    func response(to request: HTTPRequest) -> HTTPResponse {
        if request.path == LiveMarking.markPath {
            return marking?.response(to: request) ?? .text(404, "Not found.")
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return HTTPResponse(status: 405, contentType: "text/plain; charset=utf-8", body: Array("Only GET and HEAD.\n".utf8))
        }
        var path = String(request.path.dropFirst())
        if path.isEmpty || path.hasSuffix("/") { path += "index.html" }
        // Made outside the lock: the version and the pages answer while the exports are made.
        let lazy = lock.withLock { () -> (files: LazyFiles, strict: Bool)? in
            if path.hasPrefix(ExportDownload.folder + "/") { return exports.map { ($0, strict) } }
            if path.hasPrefix(SearchIndex.folder) { return search.map { ($0, strict) } }
            return nil
        }
        if let (lazy, strict) = lazy {
            let made = lazy.files(strict: strict)
            if let problems = made.problems {
                return lock.withLock { HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: errorPage(problems)) }
            }
            if let body = made.files[path] {
                return HTTPResponse(status: 200, contentType: HTTPResponse.contentType(of: path), body: body)
            }
        }
        return lock.withLock {
            if request.path == Self.versionPath {
                return HTTPResponse(status: 200, contentType: "text/plain; charset=utf-8", body: Array(String(currentVersion).utf8))
            }
            let isPage = path.hasSuffix(".html") || files[path + "/index.html"] != nil
            if let problems, isPage || files[path] == nil {
                return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: errorPage(problems))
            }
            if files[path] == nil, files[path + "/index.html"] != nil { path += "/index.html" }
            guard let body = files[path]?.bytes else {
                let notFound = files["404.html"]?.bytes ?? Array("Not found.\n".utf8)
                return HTTPResponse(status: 404, contentType: "text/html; charset=utf-8", body: withReloadScript(notFound))
            }
            let type = HTTPResponse.contentType(of: path)
            return HTTPResponse(status: 200, contentType: type, body: type.hasPrefix("text/html") ? withReloadScript(body) : body)
        }
    }

    /// The page with the reload script before `</body>` (or at the end).
    private func withReloadScript(_ page: [UInt8]) -> [UInt8] {
        let script = Array("""
        <script>(function () { var seen = \(currentVersion); setInterval(function () {
          fetch("\(Self.versionPath)", { cache: "no-store" }).then(function (r) { return r.text(); })
            .then(function (v) { if (Number(v) !== seen) { location.reload(); } }).catch(function () {});
        }, 700); })();</script>

        """.utf8)
        var added = script
        // Pages with progress checkboxes get the script that makes them live.
        if let marking, marking.enabled, page.lastRange(of: Array("ql-mark".utf8)) != nil {
            added += Array(marking.script(states: playthroughStates).utf8)
        }
        let closing = Array("</body>".utf8)
        if let index = page.lastRange(of: closing)?.lowerBound {
            return Array(page[..<index]) + added + Array(page[index...])
        }
        return page + added
    }

    /// Every page shows the build's problems until they are fixed.
    private func errorPage(_ problems: String) -> [UInt8] {
        let escaped = problems.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        let page = """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>Build failed · Questlog</title>
        <style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#1d1d1f;background:#fff8f6}
        h1{color:#a0201a}pre{white-space:pre-wrap;background:#fff;border:1px solid #e3b9b4;padding:1rem;border-radius:6px}</style>
        </head>
        <body>
        <main>
        <h1>The site has errors</h1>
        <p>Fix them and save: this page reloads by itself.</p>
        <pre>\(escaped)</pre>
        </main>
        </body>
        </html>

        """
        return withReloadScript(Array(page.utf8))
    }
}

private extension Array where Element == UInt8 {
    func lastRange(of needle: [UInt8]) -> Range<Int>? {
        guard needle.count <= count else { return nil }
        for start in stride(from: count - needle.count, through: 0, by: -1) where self[start..<start + needle.count].elementsEqual(needle) {
            return start..<start + needle.count
        }
        return nil
    }
}
