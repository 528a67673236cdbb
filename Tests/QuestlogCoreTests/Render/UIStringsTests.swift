@testable import QuestlogCore
import Foundation
import Testing

struct UIStringsTests {
    @Test func everyLanguageTranslatesTheSearchStrings() {
        let english = UIStrings.load(language: "en", theme: .embedded).0
        let searchKeys = english.table.keys.filter { $0.hasPrefix("search.") }
        #expect(searchKeys.count >= 15)
        for language in SiteConfig.languages where language != "en" {
            let strings = UIStrings.load(language: language, theme: .embedded).0
            #expect(strings["search.title"] != english["search.title"], "\(language) is translated")
            #expect(strings["search.result_other"].contains("{count}"), "\(language)")
        }
    }

    @Test func aPartialTranslationFallsBackToEnglishKeyByKey() {
        var files = Theme.embedded.files
        files["locales/ja.yml"] = Array("ui:\n  home: ホーム画面\n".utf8)
        let (strings, problems) = UIStrings.load(language: "ja", theme: Theme(files: files))
        #expect(problems.isEmpty)
        #expect(strings["ui.home"] == "ホーム画面")
        #expect(strings["ui.notes"] == "Notes")
        #expect(strings["no.such.key"] == "no.such.key")
    }

    @Test func aBrokenLocaleFileIsADiagnosticNamingIt() {
        var files = Theme.embedded.files
        files["locales/en.yml"] = Array("ui: [unclosed\n".utf8)
        let (_, problems) = UIStrings.load(language: "en", theme: Theme(files: files, overridden: ["locales/en.yml"]))
        #expect(problems.count == 1)
        #expect(problems.first?.location?.path == "Templates/locales/en.yml")
        #expect(problems.first?.location?.line == 1)
    }

    @Test func placeholdersAreFilledIn() {
        let strings = UIStrings(language: "en", table: ["ui.progress_value": "{done} of {total}"])
        #expect(strings.format("ui.progress_value", ["done": "3", "total": "5"]) == "3 of 5")
    }

    @Test func placeholdersAreReplacedAsFoundationReplacesThem() {
        let texts = ["Show all {count}", "{count}", "{count}{count} and {count}", "no placeholder", "", "{coun", "{{count}}",
                     "Tout afficher ({count})", "すべて表示（{count}）", "e\u{301}{count}", "{count}\u{301}"]
        for text in texts {
            for value in ["12", "", "{count}", "Varré", "ヴァレー"] {
                #expect(UIStrings.replacing("{count}", with: value, in: text) == text.replacingOccurrences(of: "{count}", with: value),
                        "\(text) with \(value)")
            }
        }
        let strings = UIStrings(language: "en", table: ["a": "{x} of {y}", "b": "{x}{x}"])
        #expect(strings.format("a", ["x": "3", "y": "5"]) == "3 of 5")
        #expect(strings.format("b", ["x": ""]) == "")
        #expect(strings.format("missing", ["x": "1"]) == "missing")
    }
}
