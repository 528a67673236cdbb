import Foundation
import QuestlogCore

/// Builds the search index of generated sites of 1,000, 10,000 and 50,000 entries and reports its
/// size (raw, gzipped, shard and document files), the bytes a first query loads, and query latency
/// in headless Chromium from `file://`.
///
/// Environment: `QUESTLOG_BENCH_SEARCH_SIZES` (default `1000,10000,50000`) and
/// `QUESTLOG_BENCH_SEARCH_CHROMIUM=0` to skip the browser.
enum SearchBenchmark {
    /// A query of the benchmark, with what it stands for.
    typealias Probe = (label: String, text: String)

    /// Results per query the browser shows first: a page of the search page.
    static let resultsShown = 10
    /// The budget for what a first query loads, gzipped, at 10,000 entries.
    static let firstQueryBudget = 100 * 1024

    static func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let sizes = (environment["QUESTLOG_BENCH_SEARCH_SIZES"] ?? "1000,10000,50000")
            .split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !sizes.isEmpty else { throw BenchmarkFailure(message: "QUESTLOG_BENCH_SEARCH_SIZES lists no sizes") }
        let browser = environment["QUESTLOG_BENCH_SEARCH_CHROMIUM"] != "0"
        guard let searchScript = Theme.embedded.files["assets/search.js"] else {
            throw BenchmarkFailure(message: "the theme has no assets/search.js")
        }
        let work = NSTemporaryDirectory() + "questlog-search-bench-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: work) }
        let scriptGzip = try gzipSizes(of: [OutputFile(path: "assets/search.js", bytes: searchScript)], in: work + "/script")
            .values.reduce(0, +)
        // The Traditional → Simplified table, which search.js loads for a query with Han characters.
        let hanScript = Theme.embedded.files["assets/search-han.js"] ?? []
        let hanGzip = try gzipSizes(of: [OutputFile(path: "assets/search-han.js", bytes: hanScript)], in: work + "/han")
            .values.reduce(0, +)

        print("search: index of generated sites (five games: English, Vietnamese, Japanese, Hindi and Chinese names)")
        print("search.js: \(kilobytes(searchScript.count)) raw, \(kilobytes(scriptGzip)) gzipped;"
              + " search-han.js: \(kilobytes(hanScript.count)) raw, \(kilobytes(hanGzip)) gzipped (queries with Han characters)")
        var firstQueryRows: [String] = []
        var browserRows: [String] = []
        var sizeRows: [String] = []
        for size in sizes {
            let site = corpus(entries: size)
            let clock = ContinuousClock()
            var index: SearchIndex?
            let (strings, _) = UIStrings.load(language: "en", theme: .embedded)
            let buildTime = clock.measure {
                index = SearchIndexBuilder(site: site, strings: strings, jobs: ProcessInfo.processInfo.activeProcessorCount).build()
            }
            guard let index else { continue }
            let files = index.files()
            let folder = work + "/\(size)"
            let gzip = try gzipSizes(of: files, in: folder)
            let raw = files.reduce(0) { $0 + $1.bytes.count }
            let manifestPath = SearchIndex.folder + "index.js"
            sizeRows.append(row([number(index.documents.count), "\(format(seconds(buildTime))) s", number(index.terms.count),
                                 kilobytes(raw), kilobytes(gzip.values.reduce(0, +)), number(index.shardCount),
                                 number(index.chunkCount), kilobytes(gzip[manifestPath] ?? 0)], sizeColumns))

            let probes = self.probes(for: site)
            for probe in probes {
                let results = index.search(SearchQuery(probe.text, limit: resultsShown))
                let hash = files.first { $0.path.hasPrefix(SearchIndex.folder + "flags.") }
                    .map { String($0.path.dropFirst((SearchIndex.folder + "flags.").count).dropLast(3)) } ?? ""
                let needed = [manifestPath] + results.shards.map { SearchIndex.folder + SearchIndex.fileName("terms", $0, hash: hash) }
                    + results.chunks.map { SearchIndex.folder + SearchIndex.fileName("docs", $0, hash: hash) }
                let han = probe.text.unicodeScalars.contains { (0x3400...0x4DBF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) }
                let bytes = needed.reduce(scriptGzip + (han ? hanGzip : 0)) { $0 + (gzip[$1] ?? 0) }
                let verdict = size == 10_000 ? (bytes <= firstQueryBudget ? "within 100 KB" : "OVER 100 KB") : ""
                firstQueryRows.append(row([number(index.documents.count), "\(probe.label): \(probe.text)", number(results.total),
                                           "\(results.shards.count)", "\(results.chunks.count)", kilobytes(bytes), verdict], queryColumns))
            }
            if browser {
                browserRows += try measureInChromium(site: site, index: index, probes: probes, folder: folder)
            }
        }

        print("\nIndex size (all files under assets/search/; gzip -6 per file)")
        print(row(["documents", "build", "terms", "raw", "gzip", "shards", "doc files", "index.js gz"], sizeColumns))
        sizeRows.forEach { print($0) }
        print("\nFirst query: what the browser loads before showing \(resultsShown) results, gzipped")
        print("(search.js + index.js + the term shards of the query's words + the document files of the results;"
              + " search-han.js for Han characters)")
        print(row(["documents", "query", "results", "shards", "doc files", "loaded", ""], queryColumns))
        firstQueryRows.forEach { print($0) }
        if browser {
            print("\nChromium, headless, from file:// (cold: first query on a fresh page, files included;")
            print("warm: median and 95th percentile of 50 repeats; same: same top \(resultsShown) as the Swift ranking)")
            print(row(["documents", "query", "cold", "warm", "p95", "files", "same"], queryColumns))
            browserRows.forEach { print($0) }
        }
    }

    /// Queries of every kind a user types, taken from the generated site: an exact two-word name,
    /// two common words of notes, a prefix, a typo, and one per non-Latin language.
    static func probes(for site: Site) -> [Probe] {
        let english = site.games[0]
        let npcs = english.entries(of: "npc")
        let twoWordName = npcs.first { $0.name.split(separator: " ").count == 2 }?.name ?? npcs[0].name
        var frequency: [String: Int] = [:]
        for game in site.games {
            for entries in game.entries.values {
                for entry in entries {
                    for term in Set(SearchTokenizer.terms(in: entry.notes.plainText)) where term.count >= 5 && term.allSatisfy(\.isASCII)
                        && term.allSatisfy(\.isLetter) {
                        frequency[term, default: 0] += 1
                    }
                }
            }
        }
        let ranked = frequency.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        let long = ranked.filter { $0.count >= 6 }
        func pick(_ list: [String], _ position: Int) -> String { list[min(position, list.count - 1)] }
        var typo = Array(pick(long, 40))
        typo.swapAt(2, 3)
        func name(game: Int, kind: String) -> String {
            let entries = site.games[min(game, site.games.count - 1)].entries(of: kind)
            return entries[entries.count / 3].name
        }
        let vietnamese = SearchTokenizer.terms(in: name(game: 1, kind: "location")).joined(separator: " ")
        return [
            ("exact name", twoWordName.lowercased()),
            ("two common words", "\(pick(ranked, 0)) \(pick(ranked, 1))"),
            ("two notes words", "\(pick(ranked, 20)) \(pick(ranked, 60))"),
            ("prefix", String(pick(ranked, 30).prefix(4))),
            ("typo", String(typo)),
            ("Vietnamese, no accents", vietnamese),
            ("Japanese", String(name(game: 2, kind: "npc").prefix(2))),
            ("Hindi", name(game: 3, kind: "npc")),
            ("Chinese", String(name(game: 4, kind: "location").prefix(2))),
        ]
    }

    /// Writes `files` under `folder` and gzips each one there, as a web server would send it.
    static func gzipSizes(of files: [OutputFile], in folder: String) throws -> [String: Int] {
        for file in files {
            let path = folder + "/" + file.path
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
        }
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gzip.arguments = ["gzip", "-6", "-k", "-n", "-r", "-f", folder]
        try gzip.run()
        gzip.waitUntilExit()
        guard gzip.terminationStatus == 0 else { throw BenchmarkFailure(message: "gzip failed in \(folder)") }
        var sizes: [String: Int] = [:]
        for file in files {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/" + file.path + ".gz")
            sizes[file.path] = (attributes[.size] as? NSNumber)?.intValue ?? 0
        }
        return sizes
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func format(_ value: Double, decimals: Int = 2) -> String {
        String(format: "%.\(decimals)f", value)
    }

    static func kilobytes(_ bytes: Int) -> String {
        bytes >= 1024 * 1024 ? format(Double(bytes) / 1024 / 1024, decimals: 1) + " MB" : format(Double(bytes) / 1024, decimals: 1) + " KB"
    }

    static func number(_ value: Int) -> String {
        let digits = String(value)
        var out = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out += "," }
            out.append(character)
        }
        return out
    }

    /// A table row in fixed-width columns.
    static func row(_ cells: [String], _ widths: [Int]) -> String {
        cells.enumerated().map { offset, cell in
            cell + String(repeating: " ", count: max(1, (offset < widths.count ? widths[offset] : 10) - cell.count))
        }.joined()
    }

    static let sizeColumns = [9, 9, 9, 10, 10, 8, 11, 12]
    static let queryColumns = [9, 44, 9, 8, 11, 10, 14]
}
