import Foundation
@testable import QuestlogCore
import Testing

/// The search page, the header box on every page and the index files in a rendered site.
struct SearchPageTests {
    static func render(language: String = "en") -> [String: String] {
        let site = SearchTestSite.site([
            SearchTestSite.entry("npc", "White Mask Varré"),
            SearchTestSite.entry("quest", "Go to the Castle", fields: ["complete": .bool(false)]),
            SearchTestSite.entry("location", "Church of Elleh", game: "delta", fields: ["cleared": .bool(true)]),
        ], language: language)
        let (files, diagnostics) = SiteRenderer(theme: .embedded).render(site)
        #expect(!diagnostics.hasErrors, "\(diagnostics.formattedText())")
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
    }

    @Test func everyPageHasTheSearchBoxWithItsScriptAtTheRightDepth() throws {
        let output = Self.render()
        let pages = output.filter { $0.key.hasSuffix(".html") }
        #expect(pages.count > 5)
        for (path, html) in pages {
            let depth = path.split(separator: "/").count - 1
            let root = String(repeating: "../", count: depth)
            #expect(html.components(separatedBy: "id=\"ql-search-input\"").count == 2, "\(path)")
            #expect(html.contains("role=\"combobox\""), "\(path)")
            #expect(html.contains("<script src=\"\(root)assets/search.js\" defer></script>"), "\(path)")
            #expect(html.contains("<link rel=\"stylesheet\" href=\"\(root)assets/search.css\">"), "\(path)")
            #expect(html.contains("action=\"\(root)search.html\""), "\(path)")
        }
        for asset in ["assets/search.js", "assets/search.css", "assets/search/index.js"] {
            #expect(output[asset] != nil, "\(asset)")
        }
        for prefix in ["assets/search/terms-0.", "assets/search/docs-0.", "assets/search/flags."] {
            #expect(output.keys.contains { $0.hasPrefix(prefix) && $0.hasSuffix(".js") }, "\(prefix)")
        }
    }

    @Test func aGamesPagesScopeTheBoxToTheGameAndOtherPagesDoNot() throws {
        let output = Self.render()
        let scope = #"<input type="checkbox" name="game" value="alpha" checked data-ql-search-scope>"#
        for path in ["alpha/index.html", "alpha/npcs/white-mask-varre.html", "alpha/quests/index.html"] {
            let html = try #require(output[path])
            #expect(html.contains(scope), "\(path)")
            #expect(html.contains(#"<span class="visually-hidden">Only Alpha</span>"#), "\(path)")
        }
        #expect(try #require(output["delta/locations/church-of-elleh.html"]).contains(#"value="delta" checked data-ql-search-scope"#))
        for path in ["index.html", "search.html", "404.html"] {
            #expect(try #require(output[path]).contains("data-ql-search-scope") == false, "\(path)")
        }
        // The note for results with some words only is in every box, hidden until then, in the site's language.
        #expect(try #require(output["index.html"]).contains(
            #"<p class="ql-search-partial" data-ql-search-partial hidden>No page has all these words; showing pages with some of them.</p>"#))
        #expect(try #require(Self.render(language: "ja")["alpha/index.html"]).contains("Alphaのみ"))
    }

    @Test func theSearchPageOffersTheFiltersTheSiteHas() throws {
        let html = try #require(Self.render()["search.html"])
        #expect(html.contains("<h1>Search</h1>"))
        #expect(html.contains("<option value=\"alpha\">Alpha</option>"))
        #expect(html.contains("<option value=\"delta\">Delta</option>"))
        for kind in ["game", "npc", "quest", "location"] {
            #expect(html.contains("<option value=\"\(kind)\">"), "\(kind)")
        }
        for state in ["complete", "!complete", "cleared", "!cleared", "merchant", "smith_anvil"] {
            #expect(html.contains("<option value=\"\(state)\">"), "\(state)")
        }
        #expect(html.contains("data-ql-search-page"))
        #expect(html.contains("<noscript>"))
    }

    @Test func theSearchUISpeaksTheSiteLanguage() throws {
        let html = try #require(Self.render(language: "hi")["search.html"])
        #expect(html.contains("<h1>खोज</h1>"))
        #expect(html.contains("सभी खेल"))
        #expect(html.contains("data-result-other=\"{count} परिणाम\""))
    }
}
