import Foundation
import QuestlogCore

extension SearchBenchmark {
    /// Runs every probe in headless Chromium on the built site's `search.html`, opened from disk, through
    /// chromedriver's WebDriver protocol (with curl, so nothing beyond Chromium is needed).
    static func measureInChromium(site: Site, index: SearchIndex, probes: [Probe], folder: String) throws -> [String] {
        guard let chromedriver = which("chromedriver"), let chromium = which("chromium") ?? which("chromium-browser"),
              which("curl") != nil else {
            print("Chromium, chromedriver or curl is missing: no browser figures (apt-get install chromium chromium-driver curl)")
            return []
        }
        let (files, diagnostics) = SiteRenderer(theme: .embedded, jobs: ProcessInfo.processInfo.activeProcessorCount).render(site)
        guard !diagnostics.hasErrors else { throw BenchmarkFailure(message: "the generated site does not render") }
        for file in files where file.path == "search.html" || file.path.hasPrefix("assets/") {
            let path = folder + "/" + file.path
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
        }
        let page = URL(fileURLWithPath: folder + "/search.html").absoluteString

        let port = 9515 + Int(ProcessInfo.processInfo.processIdentifier % 400)
        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: chromedriver)
        driver.arguments = ["--port=\(port)", "--log-level=OFF"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        defer {
            driver.terminate()
            driver.waitUntilExit()
        }
        let base = "http://127.0.0.1:\(port)"
        var ready = false
        for _ in 0..<50 where !ready {
            ready = ((try? webDriver("GET", base + "/status")) as? [String: Any])?["ready"] as? Bool == true
            if !ready { Thread.sleep(forTimeInterval: 0.1) }
        }
        guard ready else { throw BenchmarkFailure(message: "chromedriver did not start on port \(port)") }
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": [
            "browserName": "chrome",
            "goog:chromeOptions": ["binary": chromium, "args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"]],
        ]]]
        guard let session = (try webDriver("POST", base + "/session", capabilities) as? [String: Any])?["sessionId"] as? String else {
            throw BenchmarkFailure(message: "chromedriver did not open a Chromium session")
        }
        defer { _ = try? webDriver("DELETE", base + "/session/" + session) }
        _ = try webDriver("POST", base + "/session/\(session)/timeouts", ["script": 300_000, "pageLoad": 120_000])

        var rows: [String] = []
        for probe in probes {
            _ = try webDriver("POST", base + "/session/\(session)/url", ["url": page])
            let value = try webDriver("POST", base + "/session/\(session)/execute/async", ["script": measurementScript, "args": [probe.text, 50]])
            guard let result = value as? [String: Any], let cold = result["cold"] as? Double, let times = result["times"] as? [Double],
                  let loaded = result["files"] as? [String], let top = result["top"] as? [String] else {
                throw BenchmarkFailure(message: "the browser did not run \(probe.text): \(String(describing: value))")
            }
            let sorted = times.sorted()
            let expected = index.search(SearchQuery(probe.text, limit: resultsShown)).hits.map { index.documents[$0.document].path }
            rows.append(row([number(index.documents.count), "\(probe.label): \(probe.text)", format(cold, decimals: 1) + " ms",
                             format(sorted[sorted.count / 2], decimals: 2) + " ms", format(sorted[sorted.count * 95 / 100], decimals: 2) + " ms",
                             "\(loaded.count)", top == expected ? "yes" : "NO"], queryColumns))
        }
        return rows
    }

    /// Times one query on a fresh page (loading its files), then the same query 50 times more.
    static let measurementScript = """
        var text = arguments[0], repeats = arguments[1], done = arguments[arguments.length - 1];
        var start = performance.now();
        QuestlogSearch.search({ text: text, limit: \(resultsShown) }).then(function () {
          var cold = performance.now() - start;
          var files = QuestlogSearch.loadedFiles.slice();
          var times = [];
          (function again() {
            var begin = performance.now();
            QuestlogSearch.search({ text: text, limit: \(resultsShown) }).then(function (results) {
              times.push(performance.now() - begin);
              if (times.length < repeats) { again(); return; }
              done({ cold: cold, times: times, files: files, top: results.hits.map(function (hit) { return hit.path; }) });
            });
          })();
        }, function (error) { done({ error: String(error) }); });
        """

    /// One WebDriver command; returns the response's `value`.
    static func webDriver(_ method: String, _ url: String, _ body: [String: Any]? = nil) throws -> Any? {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = ["curl", "-s", "-X", method, "-H", "Content-Type: application/json", "--data-binary", "@-", url]
        let input = Pipe()
        let output = Pipe()
        curl.standardInput = input
        curl.standardOutput = output
        try curl.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: body ?? [:]))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        guard curl.terminationStatus == 0 else { throw BenchmarkFailure(message: "\(method) \(url) failed") }
        let response = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        if let value = response?["value"] as? [String: Any], let error = value["error"] as? String {
            throw BenchmarkFailure(message: "WebDriver \(error): \(value["message"] ?? "")")
        }
        return response?["value"]
    }

    /// The path of an executable found in `PATH`.
    static func which(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
