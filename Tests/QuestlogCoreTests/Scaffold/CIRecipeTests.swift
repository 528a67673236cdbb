@testable import QuestlogCore
import Testing

struct CIRecipeTests {
    @Test(arguments: CIRecipe.allCases) func everyRecipeRendersFromTheBuiltInTheme(_ recipe: CIRecipe) throws {
        let text = try recipe.render(theme: Theme.embedded)
        #expect(text.contains("QUESTLOG_REPOSITORY"))
        #expect(text.contains("swift build -c release"))
        #expect(!text.contains("{{") || recipe == .github)
        #expect(!text.contains("<%"))
    }

    @Test func pathsAndTemplates() {
        #expect(CIRecipe.allCases.map(\.path) == [".github/workflows/questlog.yml", ".gitlab-ci.yml", "netlify.toml"])
        #expect(CIRecipe.allCases.map(\.template) == ["ci/github", "ci/gitlab", "ci/netlify"])
    }

    @Test func aBrokenTemplateIsADiagnosticAtItsPosition() {
        var theme = Theme.embedded
        theme.files["ci/gitlab.mustache"] = Array("pages:\n  {{#open}}\n".utf8)
        theme.overridden.insert("ci/gitlab.mustache")
        #expect {
            try CIRecipe.gitlab.render(theme: theme)
        } throws: { error in
            guard let diagnostic = error as? Diagnostic else { return false }
            return diagnostic.code == "template-error" && diagnostic.location?.path == "Templates/ci/gitlab.mustache"
        }
        theme.files["ci/netlify.mustache"] = nil
        #expect(throws: Diagnostic.self) { try CIRecipe.netlify.render(theme: theme) }
    }
}
