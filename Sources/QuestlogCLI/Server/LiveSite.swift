import Foundation
import QuestlogCore

/// The site as the development server shows it: the latest good build in memory, and the problems
/// of the latest build when it failed. Its pages are made when first asked for (`PageSet`), its
/// exports, search index and sitemap too. Pages carry a small script that reloads them when the
/// version changes.
final class LiveSite: @unchecked Sendable {
    private let lock = NSLock()
    /// The pages of the latest good build, made when asked for.
    private var pages: PageSet?
    /// The other files of the latest good build (theme assets, the content's other files), by path.
    private var files: [String: OutputFile] = [:]
    private var exports: LazyFiles?
    private var search: LazyFiles?
    private var sitemap: LazyFiles?
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

    /// Takes a new build: its pages and files (and `exports`, `search` and `sitemap`, to make when
    /// asked for) when it succeeded, its problems (on every page) when it failed.
    /// `states` are the playthrough files' states read before the build.
    func update(_ served: ServedSite, strict: Bool, exports: LazyFiles? = nil, search: LazyFiles? = nil,
                sitemap: LazyFiles? = nil, states: [String: String] = [:]) {
        let problems = served.diagnostics.failed(strict: strict) || served.pages == nil ? Self.text(of: served.diagnostics, strict: strict) : nil
        let files = problems != nil ? [:] : Dictionary(served.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        // The last build's pages and files are freed on a thread of their own, not under the lock
        // the requests for the new ones wait on.
        let replaced = lock.withLock { () -> Replaced? in
            self.strict = strict
            defer { currentVersion += 1 }
            guard problems == nil else {
                self.problems = problems
                return nil
            }
            let replaced = Replaced(pages: self.pages, files: self.files, exports: self.exports, search: self.search, sitemap: self.sitemap)
            pages = served.pages
            self.files = files
            self.exports = exports
            self.search = search
            self.sitemap = sitemap
            playthroughStates = states
            self.problems = nil
            return replaced
        }
        BackgroundRelease.release(replaced)
    }

    /// What a new build takes the place of.
    private struct Replaced: @unchecked Sendable {
        // Unchecked: handed over whole to be freed; nothing reads it again.
        var pages: PageSet?
        var files: [String: OutputFile]
        var exports: LazyFiles?
        var search: LazyFiles?
        var sitemap: LazyFiles?
    }

    /// The build whose pages are `pages` failed after all: some page of it has template errors.
    /// Nothing changes when a newer build came since.
    func pagesFailed(_ pages: PageSet, diagnostics: DiagnosticList) {
        lock.withLock {
            guard self.pages === pages, problems == nil else { return }
            problems = Self.text(of: diagnostics, strict: strict)
            currentVersion += 1
        }
    }

    private static func text(of diagnostics: DiagnosticList, strict: Bool) -> String {
        let list = strict ? diagnostics.promotingWarnings() : diagnostics
        return list.formattedText() + list.summary
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
        // Made outside the lock: the version and the other pages answer while these are made.
        let lazy = lock.withLock { () -> (files: LazyFiles, strict: Bool)? in
            if path.hasPrefix(ExportDownload.folder + "/") { return exports.map { ($0, strict) } }
            if path.hasPrefix(SearchIndex.folder) { return search.map { ($0, strict) } }
            if path == "sitemap.xml" || path == "robots.txt" { return sitemap.map { ($0, strict) } }
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
        enum Answer {
            case done(HTTPResponse)
            case page(PageSet, path: String, status: Int, script: [UInt8])
        }
        let answer = lock.withLock { () -> Answer in
            if request.path == Self.versionPath {
                return .done(HTTPResponse(status: 200, contentType: "text/plain; charset=utf-8", body: Array(String(currentVersion).utf8)))
            }
            let isPage = path.hasSuffix(".html") || has(path + "/index.html")
            if let problems, isPage || !has(path) {
                return .done(HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: errorPage(problems)))
            }
            if !has(path), has(path + "/index.html") { path += "/index.html" }
            if let pages, pages.contains(path) {
                return .page(pages, path: path, status: 200, script: reloadScript())
            }
            guard let body = files[path]?.bytes else {
                if let pages, pages.contains("404.html") {
                    return .page(pages, path: "404.html", status: 404, script: reloadScript())
                }
                return .done(HTTPResponse(status: 404, contentType: "text/html; charset=utf-8",
                                          body: Self.adding(reloadScript(), to: Array("Not found.\n".utf8))))
            }
            let type = HTTPResponse.contentType(of: path)
            return .done(HTTPResponse(status: 200, contentType: type,
                                      body: type.hasPrefix("text/html") ? withScripts(body, reload: reloadScript(), states: playthroughStates) : body))
        }
        switch answer {
        case let .done(response):
            return response
        case let .page(pages, path, status, script):
            // Made outside the lock, so that pages are made on several threads at once.
            switch pages.page(at: path) {
            case let .success(file)?:
                let states = lock.withLock { playthroughStates }
                return HTTPResponse(status: status, contentType: HTTPResponse.contentType(of: path),
                                    body: withScripts(file.bytes, reload: script, states: states))
            case let .failure(problem)?:
                return lock.withLock {
                    HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: errorPage(Self.text(of: DiagnosticList([problem]), strict: strict)))
                }
            case nil:
                return .text(404, "Not found.")
            }
        }
    }

    /// Whether the latest good build has a page or file at `path`.
    private func has(_ path: String) -> Bool {
        files[path] != nil || pages?.contains(path) == true
    }

    /// The script that reloads a page of this version when the version changes.
    private func reloadScript() -> [UInt8] {
        Array("""
        <script>(function () { var seen = \(currentVersion); setInterval(function () {
          fetch("\(Self.versionPath)", { cache: "no-store" }).then(function (r) { return r.text(); })
            .then(function (v) { if (Number(v) !== seen) { location.reload(); } }).catch(function () {});
        }, 700); })();</script>

        """.utf8)
    }

    /// The page with the reload script, and the script that makes its progress checkboxes live when
    /// it has some.
    private func withScripts(_ page: [UInt8], reload: [UInt8], states: [String: String]) -> [UInt8] {
        var added = reload
        if let marking, marking.enabled, page.lastRange(of: Array("ql-mark".utf8)) != nil {
            added += Array(marking.script(states: states).utf8)
        }
        return Self.adding(added, to: page)
    }

    /// `added` before the page's `</body>` (or at the end).
    private static func adding(_ added: [UInt8], to page: [UInt8]) -> [UInt8] {
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
        return Self.adding(reloadScript(), to: Array(page.utf8))
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
