@testable import QuestlogCore
import Testing

struct SearchStringsTests {
    static func searchKeys(_ language: String) -> [String: String] {
        let base = UIStrings(language: language, table: [:])
        let theme = Theme(files: Theme.embedded.files.filter { $0.key == "locales/search/\(language).yml" })
        return SearchStrings.adding(to: base, theme: theme).0.table
    }

    @Test func everyLanguageTranslatesEverySearchString() {
        let english = Self.searchKeys("en")
        #expect(english.count >= 15)
        #expect(english.keys.allSatisfy { $0.hasPrefix("search.") })
        for language in SiteConfig.languages {
            let own = Self.searchKeys(language)
            #expect(Set(own.keys) == Set(english.keys), "locales/search/\(language).yml")
            #expect(own["search.result_other"]?.contains("{count}") == true, "\(language)")
            if language != "en" { #expect(own["search.title"] != english["search.title"], "\(language) is translated") }
        }
    }

    @Test func searchStringsJoinTheUIStringsWithEnglishAsFallback() {
        let (ui, _) = UIStrings.load(language: "ja", theme: .embedded)
        var files = Theme.embedded.files
        files["locales/search/ja.yml"] = Array("search:\n  title: 検索\n".utf8)
        let (strings, problems) = SearchStrings.adding(to: ui, theme: Theme(files: files))
        #expect(problems.isEmpty)
        #expect(strings["search.title"] == "検索")
        #expect(strings["search.no_results"] == "No results.")
        #expect(strings["ui.home"] == ui["ui.home"])
    }

    @Test func aBrokenFileIsADiagnosticNamingIt() {
        var files = Theme.embedded.files
        files["locales/search/en.yml"] = Array("search: [unclosed\n".utf8)
        let (_, problems) = SearchStrings.adding(to: UIStrings(language: "en", table: [:]),
                                                 theme: Theme(files: files, overridden: ["locales/search/en.yml"]))
        #expect(problems.count == 1)
        #expect(problems.first?.location?.path == "Templates/locales/search/en.yml")
    }
}
