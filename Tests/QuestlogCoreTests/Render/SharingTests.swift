import Foundation
import Mustache
@testable import QuestlogCore
import Testing

/// What link previews and search engines read when a site has a base URL: descriptions, Open
/// Graph and Twitter card tags, the sitemap's dates and robots.txt; none of it without one.
struct SharingTests {
    typealias P = PageBuilderTests

    /// The pages of a fixture, with `baseURL` in place of its own (nil: none).
    static func pages(_ fixture: String, baseURL: String?) -> [String: Page] {
        let site = TestSite(copying: TestSite.packageRoot + "/Tests/Fixtures/valid/" + fixture + "/site")
        defer { site.remove() }
        let (resolved, _) = Resolver(jobs: 1).resolve(SiteLoader(root: site.root, jobs: 1).load())
        var config = resolved.config
        config.baseURL = baseURL
        let strings = UIStrings.load(language: config.language, theme: .embedded).0
        let built = PageBuilder(site: Site(config: config, schema: resolved.schema, games: resolved.games, imageSizes: resolved.imageSizes),
                                strings: strings).pages()
        return Dictionary(uniqueKeysWithValues: built.map { ($0.path, $0) })
    }

    @Test func anEntryIsDescribedByTheFirstParagraphOfItsNotes() {
        let page = Self.pages("wiki", baseURL: "https://example.org/wiki/")["elden-ring/npcs/white-mask-varre.html"]
        #expect(P.text(page, "meta.description") == "Told me to head for the castle. Trust him.")
        #expect(P.text(page, "meta.title") == "White Mask Varré · Elden Ring")
        #expect(P.text(page, "meta.type") == "article")
        #expect(P.text(page, "meta.url") == "https://example.org/wiki/elden-ring/npcs/white-mask-varre.html")
        #expect(P.text(page, "meta.siteName") == "Fixture wiki")
        #expect(P.text(page, "meta.locale") == "en_US")
        #expect(P.text(page, "meta.twitterCard") == "summary")
        #expect(P.value(page, "meta.image") == .null)
    }

    @Test func pagesWithoutNotesHaveAWordedFallback() {
        let pages = Self.pages("wiki", baseURL: "https://example.org/wiki/")
        #expect(P.text(pages["elden-ring/quests/find-kale.html"], "meta.description") == "Find Kalé: Quest in Elden Ring.")
        #expect(P.text(pages["elden-ring/quests/index.html"], "meta.description") == "Quests of Elden Ring: 2 entries.")
        #expect(P.text(pages["elden-ring/quests/index.html"], "meta.type") == "website")
        #expect(P.text(pages["elden-ring/quests/index.html"], "meta.url") == "https://example.org/wiki/elden-ring/quests/")
        let home = pages["index.html"]
        #expect(P.text(home, "meta.url") == "https://example.org/wiki/")
        #expect(P.text(home, "meta.description")?.contains("Elden Ring") == true)
    }

    @Test func anEntryWithAPictureSharesItWithAnAbsoluteURLAndItsSize() throws {
        let pages = Self.pages("scraped-wiki", baseURL: "https://example.org/")
        let page = pages["elden-ring/locations/castle-morne.html"]
        let url = try #require(P.text(page, "meta.image.url"))
        #expect(url.hasPrefix("https://example.org/elden-ring/images/castle-morne") && url.hasSuffix(".gif"), "\(url)")
        #expect(P.text(page, "meta.image.width") != nil && P.text(page, "meta.image.height") != nil)
        #expect(P.text(page, "meta.image.alt") == "Castle Morne")
        #expect(P.text(page, "meta.twitterCard") == "summary_large_image")
        #expect(P.text(page, "meta.description") == "A castle at the southern tip of the Weeping Peninsula, besieged by the misbegotten. Edgar holds the gate.")
    }

    @Test func spoilersStayOutOfLinkPreviews() throws {
        let pages = Self.pages("scraped-wiki", baseURL: "https://example.org/")
        let page = try #require(pages.values.first { $0.path.hasSuffix("/dung-eater.html") })
        #expect(P.text(page, "meta.description") == "Dung Eater: NPC in Elden Ring.")
    }

    @Test func withoutABaseURLNoPageHasSharingTags() {
        for (path, page) in Self.pages("wiki", baseURL: nil) {
            #expect(P.value(page, "meta") == .null, "\(path)")
        }
    }

    @Test func descriptionsAreCutAtAWord() {
        #expect(PageBuilder.trimmed("  A short\n note. ") == "A short note.")
        let long = String(repeating: "word ", count: 60)
        let cut = PageBuilder.trimmed(long)
        #expect(cut.count <= 160)
        #expect(cut.hasSuffix("word…"))
        let japanese = String(repeating: "褪せ人の記録", count: 40)
        let cutJapanese = PageBuilder.trimmed(japanese)
        #expect(cutJapanese.count == 160 && cutJapanese.hasSuffix("…"))
        // A comma before the cut goes: "…, bb…", not "…, bb,…".
        #expect(PageBuilder.trimmed(String(repeating: "a", count: 150) + ", bb, more words here to cut") == String(repeating: "a", count: 150) + ", bb…")
    }

    @Test func openGraphLocalesHaveATerritory() {
        #expect(PageBuilder.openGraphLocale("en") == "en_US")
        #expect(PageBuilder.openGraphLocale("ja") == "ja_JP")
        #expect(PageBuilder.openGraphLocale("pt-br") == "pt_BR")
        #expect(PageBuilder.openGraphLocale("tlh") == "tlh")
    }

    // ---------- Sitemap and robots.txt ----------

    @Test func theSitemapGivesEachPageTheDateOfItsNewestSource() {
        let xml = Sitemap.xml(baseURL: "https://example.org/", pages: ["index.html", "a/b.html", "404.html", "search.html"]) { path in
            path == "a/b.html" ? "2026-01-02T03:04:05Z" : nil
        }
        #expect(xml.contains("<url><loc>https://example.org/a/b.html</loc><lastmod>2026-01-02T03:04:05Z</lastmod></url>"))
        #expect(xml.contains("<url><loc>https://example.org/</loc></url>"))
        #expect(!xml.contains("404"))
        #expect(Sitemap.robots(baseURL: "https://example.org/wiki/") == "User-agent: *\nAllow: /\n\nSitemap: https://example.org/wiki/sitemap.xml\n")
    }

    @Test func aBuiltSiteWithABaseURLHasDatedSitemapAndRobots() throws {
        let site = TestSite(copying: TestSite.packageRoot + "/Tests/Fixtures/valid/wiki/site")
        defer { site.remove() }
        try site.setModificationDates(to: Date(timeIntervalSince1970: 1_767_323_045))
        let newer = Date(timeIntervalSince1970: 1_767_409_445)
        try FileManager.default.setAttributes([.modificationDate: newer], ofItemAtPath: site.root + "/Content/elden-ring/bosses/margit.md")
        let result = site.build()
        #expect(!result.diagnostics.hasErrors)
        let sitemap = site.page("sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/wiki/elden-ring/bosses/margit.html</loc><lastmod>2026-01-03T03:04:05Z</lastmod>"))
        #expect(sitemap.contains("<loc>https://example.org/wiki/elden-ring/quests/find-kale.html</loc><lastmod>2026-01-02T03:04:05Z</lastmod>"))
        // A game, its kinds and the home page are as new as their newest entry.
        #expect(sitemap.contains("<loc>https://example.org/wiki/elden-ring/</loc><lastmod>2026-01-03T03:04:05Z</lastmod>"))
        #expect(sitemap.contains("<loc>https://example.org/wiki/elden-ring/bosses/</loc><lastmod>2026-01-03T03:04:05Z</lastmod>"))
        #expect(sitemap.contains("<loc>https://example.org/wiki/elden-ring/quests/</loc><lastmod>2026-01-02T03:04:05Z</lastmod>"))
        #expect(sitemap.contains("<loc>https://example.org/wiki/</loc><lastmod>2026-01-03T03:04:05Z</lastmod>"))
        #expect(site.page("robots.txt").contains("Sitemap: https://example.org/wiki/sitemap.xml\n"))
        let page = site.page("elden-ring/npcs/white-mask-varre.html")
        #expect(page.contains(#"<meta property="og:url" content="https://example.org/wiki/elden-ring/npcs/white-mask-varre.html">"#))
        #expect(page.contains(#"<meta name="description" content="Told me to head for the castle. Trust him.">"#))
    }

    @Test func withoutABaseURLThereIsNoSitemapNorRobots() throws {
        let site = TestSite(copying: TestSite.packageRoot + "/Tests/Fixtures/valid/tabletop/site")
        defer { site.remove() }
        #expect(!site.build().diagnostics.hasErrors)
        #expect(site.page("sitemap.xml").isEmpty && site.page("robots.txt").isEmpty)
        #expect(!site.page("index.html").contains("og:"))
    }

    // ---------- Source dates ----------

    static func git(_ root: String, _ arguments: [String], date: String = "2026-03-04T05:06:07Z") {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SourceDates.gitExecutable() ?? "/usr/bin/git")
        process.arguments = ["-C", root] + arguments
        var environment = ProcessInfo.processInfo.environment
        for key in ["GIT_AUTHOR_DATE", "GIT_COMMITTER_DATE"] { environment[key] = date }
        for key in ["GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"] { environment[key] = "Tester" }
        for key in ["GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"] { environment[key] = "tester@example.org" }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
        process.waitUntilExit()
    }

    @Test func committedFilesHaveTheirCommitDateAndChangedOnesTheirTime() throws {
        guard SourceDates.gitExecutable() != nil else { return }
        let repository = TestSite(["site/Content/a.md": "a\n", "site/Content/b.md": "b\n", "site/Content/c.md": "c\n", "other.md": "o\n"])
        defer { repository.remove() }
        let root = repository.root
        Self.git(root, ["init", "-q"])
        Self.git(root, ["add", "site/Content/a.md", "site/Content/b.md", "other.md"])
        Self.git(root, ["commit", "-q", "-m", "first"], date: "2026-03-04T05:06:07Z")
        try "a, again\n".write(toFile: root + "/site/Content/a.md", atomically: false, encoding: .utf8)
        Self.git(root, ["commit", "-q", "-am", "second"], date: "2026-03-05T00:00:00Z")
        // b.md is changed and not committed, c.md never was: both are dated by their times.
        try "b, edited\n".write(toFile: root + "/site/Content/b.md", atomically: false, encoding: .utf8)
        let modified = Date(timeIntervalSince1970: 1_700_000_000)
        for name in ["b.md", "c.md"] {
            try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: root + "/site/Content/" + name)
        }
        let dates = SourceDates(root: root + "/site", paths: ["Content/a.md", "Content/b.md", "Content/c.md", "Content/gone.md"])
        #expect(dates.lastModified(["Content/a.md"]) == "2026-03-05T00:00:00Z")
        #expect(dates.lastModified(["Content/b.md"]) == "2023-11-14T22:13:20Z")
        #expect(dates.lastModified(["Content/c.md"]) == "2023-11-14T22:13:20Z")
        #expect(dates.lastModified(["Content/gone.md"]) == nil)
        #expect(dates.lastModified(["Content/b.md", "Content/a.md"]) == "2026-03-05T00:00:00Z")
    }

    @Test func withoutGitEveryDateIsTheFilesTime() throws {
        let site = TestSite(["Content/a.md": "a\n"])
        defer { site.remove() }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 86_400)], ofItemAtPath: site.root + "/Content/a.md")
        let dates = SourceDates(root: site.root, paths: ["Content/a.md"], git: nil)
        #expect(dates.lastModified(["Content/a.md"]) == "1970-01-02T00:00:00Z")
    }
}
