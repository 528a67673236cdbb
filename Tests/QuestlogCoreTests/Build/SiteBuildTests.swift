import Foundation
@testable import QuestlogCore
import Testing

struct SiteBuildTests {
    static let fixture = TestSite.packageRoot + "/Tests/Fixtures/valid/wiki"

    /// Every fixture site with an expected output: `Tests/Fixtures/valid/<name>/site`.
    static let goldenFixtures: [String] = {
        let folder = TestSite.packageRoot + "/Tests/Fixtures/valid"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: folder + "/" + $0 + "/site") }.sorted()
    }()

    /// Each fixture site's output, byte for byte, except the theme's assets (their own tests cover them).
    /// Re-record on purpose with `RECORD_GOLDEN=1 swift test`.
    @Test(arguments: goldenFixtures) func goldenOutputTree(fixture name: String) throws {
        let fixture = TestSite.packageRoot + "/Tests/Fixtures/valid/" + name
        let site = TestSite(copying: fixture + "/site")
        defer { site.remove() }
        // The sitemap's dates are the files' times outside a git repository: the same for every checkout.
        try site.setModificationDates(to: Date(timeIntervalSince1970: 1_767_323_045))
        let output = site.root + "/Output"
        let result = site.build(output: output)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.formattedText())")
        let produced = TestSite.tree(output).filter { !$0.key.hasPrefix("assets/") }
        let expectedFolder = fixture + "/expected"
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(atPath: expectedFolder)
            for (path, bytes) in produced {
                let full = expectedFolder + "/" + path
                try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                _ = FileManager.default.createFile(atPath: full, contents: Data(bytes))
            }
        }
        let expected = TestSite.tree(expectedFolder)
        #expect(!expected.isEmpty, "\(name) has no expected output: record it with RECORD_GOLDEN=1")
        #expect(Set(produced.keys) == Set(expected.keys), "\(name)")
        for (path, bytes) in expected.sorted(by: { $0.key < $1.key }) where produced[path] != bytes {
            Issue.record("\(name): \(path) differs from the golden file: \(Self.firstDifference(produced[path] ?? [], bytes))")
        }
    }

    /// A build in a process that ends with it makes what it loads immortal (`Immortal`): the same
    /// bytes, whatever the fixture.
    @Test(arguments: goldenFixtures) func aBuildThatEndsWithItsProcessWritesTheSameBytes(fixture name: String) throws {
        let site = TestSite(copying: TestSite.packageRoot + "/Tests/Fixtures/valid/" + name + "/site")
        defer { site.remove() }
        try site.setModificationDates(to: Date(timeIntervalSince1970: 1_767_323_045))
        var trees: [[String: [UInt8]]] = []
        for ends in [false, true] {
            let output = site.root + (ends ? "/Ending" : "/Output")
            var options = BuildOptions(site: site.root, output: output, jobs: 2)
            options.clean = true
            options.endsWithProcess = ends
            let result = SiteBuild(options: options).run()
            #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.formattedText())")
            trees.append(TestSite.tree(output))
        }
        #expect(trees[0].count > 10)
        #expect(Set(trees[0].keys) == Set(trees[1].keys), "\(name)")
        for (path, bytes) in trees[0].sorted(by: { $0.key < $1.key }) where trees[1][path] != bytes {
            Issue.record("\(name): \(path) differs: \(Self.firstDifference(trees[1][path] ?? [], bytes))")
        }
    }

    @Test func everyValidFixtureHasAGoldenTest() {
        #expect(Self.goldenFixtures.contains("wiki"))
        #expect(Self.goldenFixtures.contains("scraped-wiki"))
        #expect(Self.goldenFixtures.contains("tabletop"))
    }

    /// The first line that differs, for a readable failure instead of two byte arrays.
    static func firstDifference(_ produced: [UInt8], _ expected: [UInt8]) -> String {
        let new = String(decoding: produced, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let old = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(new.count, old.count) where index >= new.count || index >= old.count || new[index] != old[index] {
            let got = index < new.count ? String(new[index]) : "(end of file)"
            let want = index < old.count ? String(old[index]) : "(end of file)"
            return "line \(index + 1): got \(got.prefix(200)) but expected \(want.prefix(200))"
        }
        return "same lines, different bytes"
    }

    @Test func everyEntryHasAPageAndEveryRelationLinksBothWays() throws {
        let site = TestSite(copying: Self.fixture + "/site")
        defer { site.remove() }
        _ = site.build()
        let output = site.root + "/Output/"
        let varre = try String(contentsOfFile: output + "elden-ring/npcs/white-mask-varre.html", encoding: .utf8)
        #expect(varre.contains(#"<a href="../locations/the-first-step.html">The First Step</a>"#))
        #expect(varre.contains(#"<a href="../quests/go-to-the-castle.html">Go to the Castle</a>"#))
        let quest = try String(contentsOfFile: output + "elden-ring/quests/go-to-the-castle.html", encoding: .utf8)
        #expect(quest.contains("Given by"))
        #expect(quest.contains(#"<a href="../npcs/white-mask-varre.html">White Mask Varré</a>"#))
        let castle = try String(contentsOfFile: output + "elden-ring/locations/stormveil-castle.html", encoding: .utf8)
        #expect(castle.contains("Quests here"))
        #expect(castle.contains(#"<a href="../bosses/margit.html">Margit</a>"#), "custom kind inverse relation")
        let elleh = try String(contentsOfFile: output + "elden-ring/locations/church-of-elleh.html", encoding: .utf8)
        #expect(elleh.contains("Sub-locations"))
        #expect(elleh.contains(#"<a href="the-first-step.html">The First Step</a>"#))
        #expect(elleh.contains("Mentioned in"))
        for page in ["index.html", "404.html", "sitemap.xml", "elden-ring/index.html", "elden-ring/bosses/index.html",
                     "elden-ring/bosses/margit.html", "elden-ring/locations/rose-church.html", "assets/questlog.css"] {
            #expect(FileManager.default.fileExists(atPath: output + page), "\(page)")
        }
    }

    @Test func userTextIsEscapedEverywhere() throws {
        let site = TestSite(copying: Self.fixture + "/site")
        defer { site.remove() }
        _ = site.build()
        for (path, bytes) in TestSite.tree(site.root + "/Output") where path.hasSuffix(".html") {
            let html = String(decoding: bytes, as: UTF8.self)
            #expect(!html.contains("<script>alert"), "\(path)")
            #expect(!html.contains("<img src=x"), "\(path)")
            #expect(!html.contains("<iframe"), "\(path)")
            #expect(!html.contains("<b>bold"), "\(path)")
            #expect(!html.contains("javascript:"), "\(path)")
        }
        let hostile = try String(contentsOfFile: site.root + "/Output/elden-ring/npcs/hostile.html", encoding: .utf8)
        #expect(hostile.contains("&lt;script&gt;alert(&#39;name&#39;)&lt;/script&gt;") || hostile.contains("&lt;script&gt;alert('name')&lt;/script&gt;"))
    }

    @Test func theSameBytesWhateverTheThreadCount() {
        let site = TestSite(copying: Self.fixture + "/site")
        defer { site.remove() }
        _ = site.build(output: site.root + "/one", jobs: 1)
        _ = site.build(output: site.root + "/two", jobs: 2)
        _ = site.build(output: site.root + "/eight", jobs: 8)
        let one = TestSite.tree(site.root + "/one")
        #expect(!one.isEmpty)
        #expect(one == TestSite.tree(site.root + "/two"))
        #expect(one == TestSite.tree(site.root + "/eight"))
    }

    @Test func deferredExportsAreTheExportsOfAWholeRender() throws {
        let site = TestSite(copying: Self.fixture + "/site")
        defer { site.remove() }
        let build = SiteBuild(options: BuildOptions(site: site.root, output: site.root + "/Output", jobs: 2))
        let whole = build.render()
        let deferred = build.render(deferringExports: true)
        let resolved = try #require(deferred.deferredExports)
        #expect(whole.deferredExports == nil)
        #expect(!deferred.files.contains { $0.path.hasPrefix(ExportDownload.folder + "/") })
        let exports = build.renderExports(of: resolved)
        #expect(exports.diagnostics.all.isEmpty)
        #expect(!exports.files.isEmpty)
        let bytes = { (files: [OutputFile]) in Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.bytes) }) }
        #expect(bytes(deferred.files + exports.files) == bytes(whole.files))
        #expect(Set(SiteBuild.exportPaths(of: resolved)) == Set(exports.files.map(\.path)), "the paths an asset may not take")
    }

    @Test func aDeferredSearchIndexIsTheIndexOfAWholeRender() throws {
        let site = TestSite(copying: Self.fixture + "/site")
        defer { site.remove() }
        let build = SiteBuild(options: BuildOptions(site: site.root, output: site.root + "/Output", jobs: 2))
        let whole = build.render()
        let deferred = build.render(deferringExports: true, deferringSearch: true)
        let resolved = try #require(deferred.deferredExports)
        #expect(!deferred.files.contains { $0.path.hasPrefix(SearchIndex.folder) })
        let search = build.renderSearch(of: resolved)
        #expect(search.contains { $0.path == SearchIndex.folder + "index.js" })
        let exports = build.renderExports(of: resolved).files
        let bytes = { (files: [OutputFile]) in Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.bytes) }) }
        #expect(bytes(deferred.files + search + exports) == bytes(whole.files))
        #expect(build.render(deferringSearch: true).files.count == whole.files.count, "the search index is deferred only with the exports")
    }

    /// What `serve` shows: every page made when asked for, then the files beside them, the sitemap,
    /// the search index and the exports are exactly the files of a whole render.
    @Test(arguments: goldenFixtures) func aServedSiteIsAWholeRender(fixture name: String) throws {
        let site = TestSite(copying: TestSite.packageRoot + "/Tests/Fixtures/valid/" + name + "/site")
        defer { site.remove() }
        let build = SiteBuild(options: BuildOptions(site: site.root, output: site.root + "/Output", jobs: 2))
        let whole = build.render()
        let served = build.renderServed()
        let pages = try #require(served.pages)
        let resolved = try #require(served.site)
        #expect(served.diagnostics == whole.diagnostics)
        // Asked for out of order, one at a time, as a reader would.
        var files: [OutputFile] = []
        for path in pages.paths.reversed() {
            guard case let .success(file)? = pages.page(at: path) else {
                Issue.record("no page at \(path)")
                continue
            }
            #expect(file.path == path)
            files.append(file)
        }
        #expect(pages.page(at: "no/such/page.html") == nil)
        #expect(pages.problems(jobs: 2)?.all.isEmpty == true)
        files += served.files + build.renderSitemap(of: served) + build.renderSearch(of: resolved) + build.renderExports(of: resolved).files
        let bytes = { (files: [OutputFile]) in Dictionary(files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first }) }
        #expect(files.count == whole.files.count, "no file twice")
        #expect(bytes(files) == bytes(whole.files))
        #expect(served.pageCount == whole.pageCount)
    }

    /// A page whose template fails is the build's error: found when that page is made, or when every
    /// page is, as a build finds it.
    @Test func aTemplateErrorOfSomePagesIsFoundWhenTheyAreMade() throws {
        let site = TestSite(copying: Self.fixture + "/site")
        defer { site.remove() }
        // A partial named by each entry: only one entry has one.
        site.write("Templates/entry.mustache", "{{>*entry.id}}")
        site.write("Templates/margit.mustache", "<p>Margit</p>")
        let build = SiteBuild(options: BuildOptions(site: site.root, output: site.root + "/Output", jobs: 2))
        let whole = build.render()
        #expect(whole.files.count == 0)
        let served = build.renderServed()
        #expect(!served.diagnostics.hasErrors, "no page is made yet")
        let pages = try #require(served.pages)
        for path in ["index.html", "elden-ring/bosses/margit.html"] {
            guard case .success? = pages.page(at: path) else {
                Issue.record("\(path) has an error")
                return
            }
        }
        let entry = "elden-ring/npcs/merchant-kale.html"
        guard case let .failure(problem)? = pages.page(at: entry) else {
            Issue.record("\(entry) rendered")
            return
        }
        #expect(problem.code == "template-error")
        let problems = try #require(pages.problems(jobs: 2))
        #expect(problems.all == whole.diagnostics.all.filter { $0.code == "template-error" })
        #expect(!problems.all.isEmpty)
        #expect(pages.problems(jobs: 2, proceed: { false }) == nil, "stopped")
    }

    @Test func aSecondBuildRewritesNothing() throws {
        let site = TestSite(copying: Self.fixture + "/site")
        defer { site.remove() }
        let first = try #require(site.build().report)
        #expect(!first.written.isEmpty)
        let second = try #require(site.build().report)
        #expect(second.written.isEmpty)
        #expect(second.removed.isEmpty)
        #expect(second.unchanged == first.written.count)
    }

    @Test func aFailedBuildLeavesTheOutputAsItWas() throws {
        let site = TestSite(copying: Self.fixture + "/site")
        defer { site.remove() }
        #expect(site.build().report != nil)
        let before = TestSite.tree(site.root + "/Output")
        site.write("Content/elden-ring/npcs/merchant-kale.md", "---\nname: Merchant Kalé\nlocations: [nowhere]\n---\n")
        site.write("Content/elden-ring/npcs/new.md", "---\nname: Someone new\n---\n")
        let failed = site.build()
        #expect(failed.report == nil)
        #expect(failed.diagnostics.hasErrors)
        #expect(TestSite.tree(site.root + "/Output") == before)
    }

    @Test func aBrokenTemplateIsReportedAtItsPositionAndNothingIsWritten() {
        let site = TestSite(copying: Self.fixture + "/site")
        defer { site.remove() }
        site.write("Templates/404.mustache", "<p>\n  {{#open}}never closed\n")
        let result = site.build()
        #expect(result.report == nil)
        let diagnostic = result.diagnostics.all.first { $0.code == "template-error" }
        #expect(diagnostic?.location == SourceLocation(path: "Templates/404.mustache", line: 2, column: 3))
        #expect(!FileManager.default.fileExists(atPath: site.root + "/Output"))
    }

    @Test func aSiteTemplateOverridesTheBuiltInOne() throws {
        let site = TestSite(copying: Self.fixture + "/site")
        defer { site.remove() }
        site.write("Templates/404.mustache", "{{<layout}}{{$main}}<h1>Lost in the Lands Between</h1>{{/main}}{{/layout}}\n")
        #expect(site.build().report != nil)
        let page = try String(contentsOfFile: site.root + "/Output/404.html", encoding: .utf8)
        #expect(page.contains("<h1>Lost in the Lands Between</h1>"))
        #expect(page.contains("<html lang=\"en\">"), "the built-in layout is still used")
    }

    @Test func refusesToWriteIntoAForeignFolder() throws {
        let site = TestSite(copying: Self.fixture + "/site")
        defer { site.remove() }
        site.write("Output/my-notes.txt", "not Questlog's")
        let result = site.build()
        #expect(result.report == nil)
        #expect(result.diagnostics.hasErrors)
        #expect(TestSite.tree(site.root + "/Output") == ["my-notes.txt": Array("not Questlog's".utf8)])
    }

    @Test func theLanguageChoosesTheUIStrings() throws {
        let site = TestSite(copying: Self.fixture + "/site")
        defer { site.remove() }
        let config = try String(contentsOfFile: site.root + "/questlog.yml", encoding: .utf8)
        site.write("questlog.yml", config.replacingOccurrences(of: "language: en", with: "language: vi"))
        #expect(site.build().report != nil)
        let page = try String(contentsOfFile: site.root + "/Output/elden-ring/quests/index.html", encoding: .utf8)
        #expect(page.contains("<html lang=\"vi\">"))
        #expect(page.contains("Nhiệm vụ"))
        #expect(page.contains("Chuyển đến nội dung"))
    }

    @Test func danglingLinksCanBeOnlyWarningsAndRenderMarked() throws {
        let site = TestSite(copying: Self.fixture + "/site")
        defer { site.remove() }
        site.write("Content/elden-ring/quests/find-kale.md", "---\nname: Find Kalé\n---\nAsk [[Nobody &lt;b&gt;Here|the &lt;ghost&gt;]].\n")
        let strictResult = site.build()
        #expect(strictResult.report == nil)
        #expect(strictResult.diagnostics.all.contains { $0.code == "dangling-link" && $0.severity == .error })

        let config = try String(contentsOfFile: site.root + "/questlog.yml", encoding: .utf8)
        site.write("questlog.yml", config + "dangling_links: warning\n")
        let lenient = site.build()
        #expect(lenient.report != nil)
        let warning = try #require(lenient.diagnostics.all.first { $0.code == "dangling-link" })
        #expect(warning.severity == .warning)
        #expect(warning.location == SourceLocation(path: "Content/elden-ring/quests/find-kale.md", line: 4, column: 5))
        let page = try String(contentsOfFile: site.root + "/Output/elden-ring/quests/find-kale.html", encoding: .utf8)
        #expect(page.contains(#"<span class="wikilink-missing" title="Unresolved link">the &lt;ghost&gt;</span>"#))
        #expect(site.build(output: site.root + "/strict", strict: true).report == nil, "--strict still stops")
    }

    @Test func everyLocaleDefinesEveryEnglishKey() {
        let theme = Theme.embedded
        let (english, _) = UIStrings.load(language: "en", theme: theme)
        for language in SiteConfig.languages {
            let (_, problems) = UIStrings.load(language: language, theme: theme)
            #expect(problems.isEmpty, "\(language)")
            guard let bytes = theme.files["locales/\(language).yml"] else {
                Issue.record("locales/\(language).yml is missing")
                continue
            }
            let own = UIStrings.load(language: language, theme: Theme(files: ["locales/en.yml": bytes]))
            let missing = Set(english.table.keys).subtracting(own.0.table.keys)
            #expect(missing.isEmpty, "\(language) lacks \(missing.sorted())")
        }
    }
}

struct BuildTimingsLiveTests {
    @Test func theRunningStageCountsItsItemsFromAnyThread() {
        let timings = BuildTimings()
        #expect(timings.live == nil)
        let seen = timings.measure("render pages", { () -> BuildTimings.Live? in
            timings.expect(1_000)
            _ = Parallel.map(Array(0..<1_000), jobs: 4) { _ in timings.advance() }
            return timings.live
        }, count: { _ in (items: 1_000, reused: 0) })
        #expect(seen == BuildTimings.Live(stage: "render pages", done: 1_000, total: 1_000))
        #expect(timings.live == nil)
        #expect(timings.summary().hasPrefix("render pages: 1,000 items in "))
    }

    @Test func numbersAreGroupedByThousands() {
        #expect(BuildTimings.grouped(0) == "0")
        #expect(BuildTimings.grouped(999) == "999")
        #expect(BuildTimings.grouped(10_007) == "10,007")
        #expect(BuildTimings.grouped(1_234_567) == "1,234,567")
        #expect(BuildTimings.grouped(-4_120) == "-4,120")
    }
}
